/**
 * Where the statistics' time goes, over a database a `bench/statistics.ts --keep` run left (after
 * its night): the served answers in-process (no HTTP, one at a time: the service's own cost) and
 * their body sizes, EXPLAIN ANALYZE of each statement a request runs, and of the nightly run's
 * statements (each in a transaction rolled back).
 *   npx tsx bench/statistics-probe.ts --reuse pss_bench_… [--requests 500] [--night]
 */
import { loadConfig } from '../src/config.js';
import type { Queryable } from '../src/db/database.js';
import { PLACEHOLDER_ART_UNITS, PLACEHOLDER_EXAMINER_KEYS } from '../src/domain/numbers.js';
import { METRICS, TRANSACTION_FACT_PARAMS, transactionFacts } from '../src/resources/statistics/compute.sql.js';
import { buildServices } from '../src/services.js';
import { arg, existingDatabase, percentile } from './support.js';

async function explain(db: Queryable, label: string, sql: string, params: unknown[]): Promise<void> {
  const { rows } = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
  console.log(`--- ${label}`);
  for (const row of rows) console.log(row['QUERY PLAN']);
}

async function timedCalls(label: string, n: number, call: (i: number) => Promise<unknown>): Promise<void> {
  const timings: number[] = [];
  let bytes = 0;
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const answer = await call(i);
    timings.push(performance.now() - t);
    bytes += JSON.stringify(answer).length;
  }
  timings.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(44)} p50 ${percentile(timings, 50).toFixed(2)} ms, p95 ${percentile(timings, 95).toFixed(2)} ms, ` +
      `answer ${(bytes / n / 1024).toFixed(1)} kB (JSON)`,
  );
}

/** The night's facts statement (compute.sql.ts replaceFacts), its SELECT alone. */
const FACTS = /* SQL */ `WITH acts AS (${transactionFacts(1)})
  SELECT count(t.first_action_on) FROM applications a LEFT JOIN acts t ON t.application_number = a.application_number`;

async function main(): Promise<void> {
  const name = process.argv[process.argv.indexOf('--reuse') + 1];
  if (!process.argv.includes('--reuse') || !name) throw new Error('--reuse DATABASE');
  const requests = arg('requests', 500);
  const target = existingDatabase(name);
  const db = target.db;
  try {
    const services = buildServices({ config: loadConfig({ DATABASE_URL: target.url }), db, notifier: { send: async () => undefined } });
    const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;
    const examiners = (await db.query<{ v: string }>(`SELECT examiner_name AS v FROM examiner_statistics ORDER BY random() LIMIT 2000`))
      .rows;
    const units = (await db.query<{ v: string }>(`SELECT art_unit AS v FROM art_unit_statistics ORDER BY random() LIMIT 2000`)).rows;
    const entities = (await db.query<{ v: string }>(`SELECT entity_id AS v FROM entity_statistics ORDER BY random() LIMIT 2000`)).rows;
    console.log('in-process, one at a time (the service without HTTP):');
    await timedCalls('statistics.examiner(name)', requests, () => services.statistics.examiner(pick(examiners).v));
    await timedCalls('statistics.artUnit(unit)', requests, () => services.statistics.artUnit(pick(units).v));
    await timedCalls('entityStatistics.stats(id), cached', requests, () => services.entityStatistics.stats(pick(entities).v));

    const entity = pick(entities).v;
    const night = (await db.query<{ computed_at: Date }>(`SELECT computed_at FROM statistics_state`)).rows[0]!.computed_at;
    await explain(db, 'entity stats 1/3: the entity', `SELECT * FROM entities WHERE entity_id = $1`, [entity]);
    await explain(db, 'entity stats 2/3: the night', `SELECT computed_at FROM statistics_state`, []);
    await explain(
      db,
      'entity stats 3/3: the kept answer',
      `SELECT stats FROM entity_statistics WHERE entity_id = $1 AND computed_at >= $2`,
      [entity, night],
    );
    const size = await db.query<{ avg: number; toast: string }>(
      `SELECT avg(pg_column_size(stats))::int AS avg, pg_size_pretty(pg_total_relation_size('entity_statistics')) AS toast FROM entity_statistics`,
    );
    console.log(`entity_statistics.stats: ${size.rows[0]!.avg} bytes stored per row on average, table ${size.rows[0]!.toast}`);
    await explain(
      db,
      'examiner stats',
      `SELECT s.* FROM examiner_statistics s CROSS JOIN statistics_state n WHERE s.examiner_key = (SELECT examiner_key FROM examiner_statistics LIMIT 1)`,
      [],
    );

    if (process.argv.includes('--night')) {
      await explain(db, 'night: the facts (SELECT of the INSERT, acts aggregate and join)', FACTS, [...TRANSACTION_FACT_PARAMS]);
      await explain(
        db,
        'night: examiners (SELECT of the INSERT)',
        `SELECT f.examiner_key, ${METRICS} FROM statistics_application_facts f
         WHERE f.examiner_key IS NOT NULL AND NOT (f.examiner_key = ANY ($1)) GROUP BY f.examiner_key`,
        [PLACEHOLDER_EXAMINER_KEYS],
      );
      await explain(
        db,
        'night: art units (SELECT of the INSERT)',
        `SELECT f.art_unit, ${METRICS} FROM statistics_application_facts f
         WHERE f.art_unit IS NOT NULL AND NOT (f.art_unit = ANY ($1)) GROUP BY f.art_unit`,
        [PLACEHOLDER_ART_UNITS],
      );
    }
  } finally {
    await target.drop();
  }
}

await main();
