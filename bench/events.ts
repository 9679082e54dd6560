/**
 * The event feed, on the PostgreSQL server: `GET /v1/events` first pages over a feed
 * of `--events` events (filled set-based in SQL: types, applications and patents spread as an
 * ingest spreads them, detected over a year), one request at a time, p50/p95 per kind of filter,
 * against the p95 of `GET /health` (no database work) in the same rounds.
 *
 *   npx tsx bench/events.ts --events 10000000 [--queries 300] [--keep]
 *   npx tsx bench/events.ts --reuse pss_bench_… [--queries 300]
 */
import { EVENT_TYPES } from '../src/domain/events.js';
import type { Database } from '../src/db/database.js';
import { arg, benchDatabase, benchServer, existingDatabase, fmt, measureGets } from './support.js';

const PORT = 3414;
const APPLICATIONS = 1_000_000;

// One event in 40 is a grant, as a nightly load's mix; office actions and status changes dominate.
const FILL = /* SQL */ `
  INSERT INTO events (event_id, event_type, occurred_on, detected_at, application_number, patent_number, entity_id, detail)
  SELECT 'evt_' || md5(g::text), t.type, DATE '2025-01-01' + (g % 365)::int, TIMESTAMPTZ '2025-01-02 06:00Z' + (g * 3.15 * interval '1 second'),
         (16000000 + (hashint8(g) % $2 + $2) % $2)::text,
         CASE WHEN t.type IN ('grant', 'maintenance_due', 'maintenance_lapse', 'ptab_petition', 'ptab_decision')
              THEN (11000000 + (hashint8(g) % $2 + $2) % $2)::text END,
         NULL, jsonb_build_object('code', 'X', 'description', 'bench')
  FROM generate_series($3::bigint, $4::bigint) g
  CROSS JOIN LATERAL (SELECT CASE WHEN g % 40 = 0 THEN 'grant'
                                  WHEN g % 40 = 1 THEN 'ptab_petition'
                                  ELSE ($1::text[])[1 + (hashint8(g * 7) % 8 + 8) % 8] END AS type) t`;

async function fill(db: Database, events: number): Promise<void> {
  const common = ['office_action', 'status_change', 'response_filed', 'allowance', 'publication', 'assignment', 'interview', 'rce'];
  const started = performance.now();
  const chunk = 1_000_000;
  for (let from = 1; from <= events; from += chunk) await db.query(FILL, [common, APPLICATIONS, from, Math.min(events, from + chunk - 1)]);
  await db.query('ANALYZE events');
  console.log(`${fmt(events)} events filled in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

async function main(): Promise<void> {
  const events = arg('events', 10_000_000);
  const queries = arg('queries', 300);
  const reuse = process.argv.includes('--reuse') ? process.argv[process.argv.indexOf('--reuse') + 1]! : null;
  const keep = process.argv.includes('--keep') || reuse !== null;
  const target = reuse ? existingDatabase(reuse) : await benchDatabase();
  console.log(`database ${target.url.split('/').pop()}`);
  try {
    if (!reuse) await fill(target.db, events);
    const server = await benchServer(target.db, target.url, PORT);
    const random = () => String(16000000 + Math.floor(Math.random() * APPLICATIONS));
    const rare = EVENT_TYPES.filter((t) => t === 'ptab_petition')[0]!;
    try {
      for (let round = 1; round <= 2; round++) {
        console.log(`round ${round}`);
        const measure = (label: string, path: () => string) => measureGets({ port: PORT, apiKey: server.apiKey, queries }, label, path);
        const base = await measure('baseline GET /health', () => '/health');
        const results = [
          await measure('types=office_action (first page)', () => '/v1/events?types=office_action'),
          await measure('types=office_action&since=<a recent day>', () => '/v1/events?types=office_action&since=2025-12-20'),
          await measure(`types=${rare} (1 in 40)`, () => `/v1/events?types=${rare}`),
          await measure('application_numbers=<one>', () => `/v1/events?application_numbers=${random()}`),
          await measure(
            'application_numbers=<100>',
            () => `/v1/events?application_numbers=${Array.from({ length: 100 }, random).join(',')}`,
          ),
          await measure('types=grant&patent_numbers=<one>', () => `/v1/events?types=grant&patent_numbers=${Number(random()) - 5_000_000}`),
        ];
        console.log(`  worst first-page p95 ${Math.max(...results).toFixed(1)} ms (target <= 30); baseline p95 ${base.toFixed(1)} ms`);
      }
    } finally {
      await server.close();
    }
  } finally {
    if (keep) await target.db.close();
    else await target.drop();
  }
}

await main();
