/**
 * The docket at scale, over a kept 1 M twin (`scale.ts --only-twin`): every application's
 * deadlines computed as a first load's drain computes them (timed), then, straight after and in
 * the same rounds (which goes first alternating), `GET /v1/applications/{n}` (the baseline),
 * `GET /v1/deadlines` of an entity of about 10,000 applications (first page; the default window
 * and every date), and `POST /v1/patents/maintenance` of 1,000 patents (summary rows and full
 * records). The first request of each kind is reported apart: nothing warmed it.
 *
 *   npx tsx bench/deadlines.ts --reuse pss_bench_… [--queries 200] [--rounds 2] [--skip-rebuild] [--only docket|maintenance]
 */
import type { Database } from '../src/db/database.js';
import { drainDeadlineQueue } from '../src/facts/docket.js';
import { resetDocketRules } from '../src/facts/docket.sql.js';
import { arg, benchServer, existingDatabase, fmt, percentile } from './support.js';

const PORT = 18_331;
const ENTITY_SIZE = 10_000;

interface Timed {
  label: string;
  timings: number[];
}

async function request(apiKey: string, path: string, body?: unknown): Promise<number> {
  const t0 = performance.now();
  const response = await fetch(`http://127.0.0.1:${PORT}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'x-api-key': apiKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  return performance.now() - t0;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

function report({ label, timings }: Timed): { p50: number; p95: number } {
  const sorted = [...timings].sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  const p95 = percentile(sorted, 95);
  console.log(`  ${label.padEnd(58)} p50 ${p50.toFixed(1).padStart(7)} ms   p95 ${p95.toFixed(1).padStart(7)} ms   (${sorted.length})`);
  return { p50, p95 };
}

/** Every application queued and computed, as after a first load. */
async function rebuild(db: Database): Promise<void> {
  await db.transaction((tx) => resetDocketRules(tx, 'bench-rebuild', []));
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM deadline_queue`);
  const started = performance.now();
  const computed = await drainDeadlineQueue(db);
  const seconds = (performance.now() - started) / 1000;
  const { rows: kept } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM deadlines`);
  console.log(
    `docket computed: ${fmt(computed)} of ${fmt(rows[0]!.n)} queued applications in ${seconds.toFixed(0)} s ` +
      `(${fmt(computed / seconds)} applications/s), ${fmt(kept[0]!.n)} deadlines kept`,
  );
}

async function main(): Promise<void> {
  const name = process.argv[process.argv.indexOf('--reuse') + 1];
  if (!process.argv.includes('--reuse') || !name) throw new Error('give --reuse <a kept 1 M twin database>');
  const { db, url } = existingDatabase(name);
  const queries = arg('queries', 200);
  const rounds = arg('rounds', 2);
  try {
    if (!process.argv.includes('--skip-rebuild')) await rebuild(db);
    const { rows: entities } = await db.query<{ entity_id: string; n: number }>(
      `SELECT entity_id, count(DISTINCT application_number)::int AS n FROM entity_links GROUP BY entity_id
       HAVING count(DISTINCT application_number) BETWEEN $1 * 0.8 AND $1 * 1.2 ORDER BY abs(count(DISTINCT application_number) - $1) LIMIT 5`,
      [ENTITY_SIZE],
    );
    if (entities.length === 0) throw new Error(`no entity of about ${ENTITY_SIZE} applications`);
    console.log(`entities: ${entities.map((e) => `${e.entity_id} (${fmt(e.n)})`).join(', ')}`);
    const numbers = (
      await db.query<{ application_number: string }>(`SELECT application_number FROM applications TABLESAMPLE BERNOULLI (3) LIMIT 20000`)
    ).rows.map((r) => r.application_number);
    const patents = (
      await db.query<{ patent_number: string }>(
        `SELECT patent_number FROM applications TABLESAMPLE BERNOULLI (5) WHERE patent_number IS NOT NULL LIMIT 20000`,
      )
    ).rows.map((r) => r.patent_number);
    const { apiKey, close } = await benchServer(db, url, PORT);
    try {
      const docket = (id: string) => `/v1/deadlines?entity_id=${id}`;
      const wide = (id: string) => `/v1/deadlines?entity_id=${id}&from=2000-01-01&to=2060-12-31`;
      const batch = (full: boolean) => ({ patent_numbers: Array.from({ length: 1000 }, () => pick(patents)), full });
      console.log('first requests after the docket was computed (nothing warmed):');
      console.log(`  GET /v1/applications/{n}: ${(await request(apiKey, `/v1/applications/${pick(numbers)}`)).toFixed(1)} ms`);
      for (const entity of entities)
        console.log(`  ${docket(entity.entity_id)}: ${(await request(apiKey, docket(entity.entity_id))).toFixed(1)} ms`);
      console.log(
        `  POST /v1/patents/maintenance (1,000): ${(await request(apiKey, '/v1/patents/maintenance', batch(false))).toFixed(1)} ms`,
      );
      for (let round = 1; round <= rounds; round++) {
        console.log(`round ${round}, ${queries} requests each, one at a time:`);
        const kinds: Record<string, () => Promise<number>> = {
          'GET /v1/applications/{n} (baseline)': () => request(apiKey, `/v1/applications/${pick(numbers)}`),
          'GET /v1/deadlines?entity_id= (~10,000 applications)': () => request(apiKey, docket(pick(entities).entity_id)),
          'GET /v1/deadlines?entity_id= every date': () => request(apiKey, wide(pick(entities).entity_id)),
          'POST /v1/patents/maintenance 1,000 (summary)': () => request(apiKey, '/v1/patents/maintenance', batch(false)),
          'POST /v1/patents/maintenance 1,000 (full records)': () => request(apiKey, '/v1/patents/maintenance', batch(true)),
        };
        const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : null;
        const wanted = (label: string) =>
          only === null ||
          label.includes('applications/{n}') ||
          (only === 'docket' ? label.includes('deadlines') : label.includes('maintenance'));
        const labels = Object.keys(kinds).filter(wanted);
        const order = round % 2 === 1 ? labels : [...labels].reverse();
        const results = new Map<string, { p50: number; p95: number }>();
        for (const label of order) {
          const timings: number[] = [];
          const count = label.startsWith('POST') ? Math.max(20, queries / 4) : queries;
          for (let i = 0; i < count; i++) timings.push(await kinds[label]!());
          results.set(label, report({ label, timings }));
        }
        const base = results.get('GET /v1/applications/{n} (baseline)')!;
        const first = results.get('GET /v1/deadlines?entity_id= (~10,000 applications)');
        const summary = results.get('POST /v1/patents/maintenance 1,000 (summary)');
        if (first)
          console.log(`  docket p95 ${first.p95.toFixed(1)} ms (target <= 50; ${(first.p95 / base.p95).toFixed(1)} × the lookup's p95)`);
        if (summary)
          console.log(
            `  batch maintenance p50 ${summary.p50.toFixed(1)} ms (target <= 50; ${(summary.p50 / base.p50).toFixed(1)} × the lookup's p50)`,
          );
      }
    } finally {
      await close();
    }
  } finally {
    await db.close();
  }
}

await main();
