/**
 * The weekly maintenance-fee file (PTMNFEE2): a synthetic cumulative file of N lines in the real
 * layout (the real one: about 14 million lines, 850 MB), loaded first into an empty database and
 * then as next week's file with 0.1% new lines, each against a bare COPY of the same lines into
 * an unindexed table measured in the same run. Then GET /v1/patents/{n}/maintenance at 50
 * connections against the application lookup of the same server, alternating, over 5 M patents
 * (the synthetic file's, topped up with filler rows), on a working set the answer caches hold and
 * on one they cannot.
 *   npx tsx bench/maintenance-fees.ts [--lines 14000000] [--applications 100000] [--http-patents 5000000] [--seconds 10] [--pin]
 */
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CopyValue } from '../src/db/copy-text.js';
import type { Database } from '../src/db/database.js';
import { loadConfig } from '../src/config.js';
import { buildApp } from '../src/http/app.js';
import { loadFileWrapper } from '../src/products/file-wrapper/load.js';
import { parseFileWrapperFile } from '../src/products/file-wrapper/parse.js';
import { asciiLines, READ_CHUNK_BYTES } from '../src/products/maintenance-fees/parse.js';
import { ingestFile, productNamed } from '../src/products/registry.js';
import * as accounts from '../src/resources/accounts/accounts.sql.js';
import { signup } from '../src/resources/accounts/service.js';
import { buildServices } from '../src/services.js';
import { writeFileWrapperFile } from '@patent-status/synth';
import { writeCumulativeFeeFile } from '@patent-status/synth';
import { arg, benchDatabase, fmt } from './support.js';
import { pinThisProcess, randomPathScript, show, wrk } from './wrk.js';

const BARE_COLUMNS = ['patent_number', 'application_number', 'entity_status', 'filing_date', 'grant_date', 'event_date', 'event_code'];

const seconds = (since: number) => (performance.now() - since) / 1000;

/** The baseline: the same lines, cut at the layout's columns without any check, COPYed into a table without indexes. */
async function bareCopy(db: Database, path: string): Promise<number> {
  await db.exec(`DROP TABLE IF EXISTS bare_fee_lines;
    CREATE TABLE bare_fee_lines (patent_number text, application_number text, entity_status text, filing_date date,
                                 grant_date date, event_date date, event_code text)`);
  const started = performance.now();
  await db.transaction(async (tx) => {
    let batch: CopyValue[][] = [];
    const date = (s: string) => `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}`;
    for await (const lines of asciiLines(createReadStream(path, { highWaterMark: READ_CHUNK_BYTES })))
      for (const line of lines) {
        batch.push([
          line.slice(0, 13),
          line.slice(14, 22),
          line[23]!,
          date(line.slice(25, 33)),
          date(line.slice(34, 42)),
          date(line.slice(43, 51)),
          line.slice(52).trimEnd(),
        ]);
        if (batch.length >= 20_000) {
          await tx.copyFrom('bare_fee_lines', BARE_COLUMNS, batch);
          batch = [];
        }
      }
    if (batch.length > 0) await tx.copyFrom('bare_fee_lines', BARE_COLUMNS, batch);
  });
  const elapsed = seconds(started);
  await db.exec(`DROP TABLE bare_fee_lines`);
  return elapsed;
}

/**
 * Fills maintenance_fee_patents up to `patents` rows (the issue measures lookups over 5 M; the
 * real file holds about that many) with patents numbered past the synthetic file's, three
 * events each, so the indexes have the real file's size. Returns how many rows were added.
 */
async function topUpPatents(db: Database, patents: number): Promise<number> {
  const held = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM maintenance_fee_patents`)).rows[0]!.n;
  const missing = Math.max(0, patents - held);
  if (missing === 0) return 0;
  await db.exec(`BEGIN;
    INSERT INTO maintenance_fee_patents (patent_number, application_number, entity_status, entity_status_since, filing_date, grant_date,
                                         line_count, digest_a, digest_b, source_product, source_file_date, first_seen_at, updated_at)
    SELECT (20000000 + g)::text, lpad((g % 99999999)::text, 8, '0'), 'undiscounted', NULL, date '2015-01-06', date '2018-01-02',
           3, 0, 0, 'filler', date '2026-11-17', now(), now()
    FROM generate_series(1, ${missing}) g;
    INSERT INTO maintenance_fee_events (patent_number, event_date, event_code, source_file_date)
    SELECT (20000000 + g)::text, date '2021-06-01' + k, (ARRAY['M1551', 'ASPN', 'M1552'])[k + 1], date '2026-11-17'
    FROM generate_series(1, ${missing}) g, generate_series(0, 2) k;
    COMMIT; ANALYZE maintenance_fee_patents; ANALYZE maintenance_fee_events`);
  return missing;
}

async function main(): Promise<void> {
  await pinThisProcess();
  const lines = arg('lines', 14_000_000);
  const applications = arg('applications', 100_000);
  const wrkSeconds = arg('seconds', 10);
  const httpPatents = arg('http-patents', 5_000_000);
  const newLines = Math.round(lines / 1000);
  const dir = mkdtempSync(join(tmpdir(), 'pss-fees-'));
  const target = await benchDatabase();
  try {
    let started = performance.now();
    const base = join(dir, 'MaintFeeEvents_20261117.txt');
    const next = join(dir, 'MaintFeeEvents_20261124.txt');
    const written = await writeCumulativeFeeFile(base, { lines, seed: 'fee-bench' });
    await writeCumulativeFeeFile(next, { lines, seed: 'fee-bench', newLines });
    console.log(
      `files: ${fmt(written.lines)} lines (${fmt(written.bytes / 1e6)} MB, ${fmt(written.patents)} patents) and next week's +${fmt(newLines)}, written in ${seconds(started).toFixed(0)} s`,
    );

    const fees = productNamed('maintenance-fees')!;
    const bareFirst = await bareCopy(target.db, base);
    console.log(`bare COPY of the lines: ${bareFirst.toFixed(1)} s (${fmt(lines / bareFirst)} lines/s)`);
    started = performance.now();
    const first = await ingestFile(target.db, fees, base);
    const firstSeconds = seconds(started);
    console.log(
      `first load: ${firstSeconds.toFixed(1)} s, ${fmt(first.inserted)} events, ${first.rejected} rejected; ratio ${(bareFirst / firstSeconds).toFixed(2)} of the bare COPY's speed (target ≥ 0.5)`,
    );
    const bareNext = await bareCopy(target.db, next);
    started = performance.now();
    const weekly = await ingestFile(target.db, fees, next);
    const weeklySeconds = seconds(started);
    console.log(`bare COPY of next week's lines: ${bareNext.toFixed(1)} s`);
    console.log(
      `weekly reload: ${weeklySeconds.toFixed(1)} s, ${fmt(weekly.inserted)} new events (expected ${fmt(newLines)}), ${fmt(weekly.events)} feed events; ${(weeklySeconds / bareNext).toFixed(2)}× the bare COPY's time (target ≤ 1.5)`,
    );
    if (weekly.inserted !== newLines) throw new Error(`the reload stored ${weekly.inserted} new events, not ${newLines}`);

    const corpus = join(dir, 'corpus.json');
    await writeFileWrapperFile(corpus, { applications, seed: 'http-bench' });
    await loadFileWrapper(target.db, parseFileWrapperFile(corpus), { product: 'PTFWPRE', fileName: 'corpus.json', fileDate: '2026-11-20' });
    const topped = await topUpPatents(target.db, httpPatents);
    const { orgId, key } = await signup(target.db, 'bench@example.com', 'bench');
    await accounts.creditOrg(target.db, { orgId, units: 100_000_000, source: 'admin', reference: null });
    const sample = async (sql: string, n: number) => (await target.db.query<{ n: string }>(sql, [n])).rows.map((row) => row.n);
    // From the synthetic file's patents (not the filler), which carry real histories.
    const patentsFrom = (n: number) =>
      sample(`SELECT patent_number AS n FROM maintenance_fee_patents WHERE source_product = 'PTMNFEE2' ORDER BY random() LIMIT $1`, n);
    const applicationsFrom = (n: number) =>
      sample(`SELECT application_number AS n FROM applications WHERE application_number ~ '^[0-9]{8}$' ORDER BY random() LIMIT $1`, n);
    const scripts = {
      // A working set the answer caches hold (they keep 50,000 answers each): mostly hits after the first pass.
      cachedFees: randomPathScript(join(dir, 'fees.lua'), await patentsFrom(20_000), '/v1/patents/', '/maintenance', key.api_key),
      cachedLookups: randomPathScript(join(dir, 'lookup.lua'), await applicationsFrom(20_000), '/v1/applications/', '', key.api_key),
      // More numbers than the caches hold: nearly every request reads the database and builds its answer.
      missFees: randomPathScript(join(dir, 'fees-miss.lua'), await patentsFrom(400_000), '/v1/patents/', '/maintenance', key.api_key),
      missLookups: randomPathScript(
        join(dir, 'lookup-miss.lua'),
        await applicationsFrom(applications),
        '/v1/applications/',
        '',
        key.api_key,
      ),
    };
    const config = loadConfig({ DATABASE_URL: target.url, PORT: '18303' });
    const app = await buildApp(buildServices({ config, db: target.db, notifier: { send: async () => undefined } }));
    await app.listen({ port: 18303, host: '127.0.0.1' });
    await wrk('http://127.0.0.1:18303/health', 3, null);
    const patentsOnFile = (await target.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM maintenance_fee_patents`)).rows[0]!.n;
    console.log(
      `HTTP over ${fmt(patentsOnFile)} patents with fee events (${fmt(topped)} of them filler rows) and ${fmt(applications)} applications:`,
    );
    for (const [label, lookups, fees] of [
      ['20,000 numbers each (cached)', scripts.cachedLookups, scripts.cachedFees],
      [`${fmt(applications)} applications, 400,000 patents (mostly misses)`, scripts.missLookups, scripts.missFees],
    ] as const) {
      for (let round = 1; round <= 2; round += 1) {
        const lookup = await wrk('http://127.0.0.1:18303/', wrkSeconds, lookups);
        show(`  ${label}, round ${round}: GET /v1/applications/{n}`, lookup);
        const maintenance = await wrk('http://127.0.0.1:18303/', wrkSeconds, fees);
        show(`  ${label}, round ${round}: GET /v1/patents/{n}/maintenance`, maintenance);
        console.log(
          `  ratio ${(maintenance.requestsPerSecond / lookup.requestsPerSecond).toFixed(2)} of the application lookup (target ≥ 0.8)`,
        );
      }
    }
    await app.close();
  } finally {
    await target.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
