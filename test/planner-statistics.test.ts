import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSync } from '../src/commands/sync.js';
import { vacuumAnalyze } from '../src/db/analyze.sql.js';
import type { Database } from '../src/db/database.js';
import { resolveEntities } from '../src/products/registry.js';
import { FILE_WRAPPER_LOADER } from '../src/products/file-wrapper/load.js';
import { ingestFile, productNamed } from '../src/products/registry.js';
import { refreshStatistics } from '../src/resources/statistics/compute.js';
import { generateApplications, writeFileWrapperFile } from '@patent-status/synth';
import { writeCumulativeFeeFile } from '@patent-status/synth';
import { writeNextDayFile } from '@patent-status/synth';
import { createTestApp, type TestContext } from './helpers/app.js';
import { createTestDatabase } from './helpers/database.js';
import { PortalStandIn } from './helpers/portal-stand-in.js';

/**
 * Every load leaves the planner's statistics current for the tables it wrote (a bulk load left
 * none, and the application lookup ran 100× slower for it), and a load that changed nothing
 * leaves them alone. Read from what both engines expose: pg_stat_user_tables.analyze_count and
 * vacuum_count (the runs of each), pg_class.reltuples (-1 until the first ANALYZE), relallvisible
 * (pages whose rows no reader has to check one by one) and pg_stats (per-column statistics).
 */
interface TableStatistics {
  analyzed: number;
  vacuumed: number;
  reltuples: number;
  allVisible: number;
  columns: number;
  rows: number;
  /** Pages holding a row: a bulk insert may extend a table by empty pages, which VACUUM leaves unmarked. */
  pagesWithRows: number;
}

async function statisticsOf(db: Database, tables: readonly string[]): Promise<Record<string, TableStatistics>> {
  const { rows } = await db.query<TableStatistics & { table: string }>(
    /* SQL */ `SELECT c.relname AS table, s.analyze_count::int AS analyzed, s.vacuum_count::int AS vacuumed,
                      c.reltuples::float8 AS reltuples, c.relallvisible::int AS "allVisible",
                      (SELECT count(*)::int FROM pg_stats p WHERE p.schemaname = 'public' AND p.tablename = c.relname) AS columns
               FROM pg_class c JOIN pg_stat_user_tables s ON s.relid = c.oid
               WHERE c.relnamespace = 'public'::regnamespace AND c.relname = ANY($1::text[])`,
    [tables],
  );
  const found: Record<string, TableStatistics> = {};
  for (const { table, ...statistics } of rows) {
    // Names from the loaders' own constants, checked by vacuumAnalyze's allow-list.
    const count = await db.query<{ n: number; pages: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT (ctid::text::point)[0])::int AS pages FROM ${table}`,
    );
    found[table] = { ...statistics, rows: count.rows[0]!.n, pagesWithRows: count.rows[0]!.pages };
  }
  expect(Object.keys(found).sort()).toEqual([...new Set(tables)].sort());
  return found;
}

const timesAnalyzed = (statistics: Record<string, TableStatistics>) =>
  Object.fromEntries(Object.entries(statistics).map(([table, s]) => [table, s.analyzed]));

/**
 * Each table vacuumed and analyzed once more than before, its row estimate exact (small tables
 * are read whole), every page holding rows all-visible, its columns described when it holds rows.
 */
function expectAnalyzedOnce(before: Record<string, TableStatistics>, after: Record<string, TableStatistics>): void {
  for (const [table, now] of Object.entries(after)) {
    expect({ table, analyzed: now.analyzed, vacuumed: now.vacuumed, reltuples: now.reltuples }).toEqual({
      table,
      analyzed: before[table]!.analyzed + 1,
      vacuumed: before[table]!.vacuumed + 1,
      reltuples: now.rows,
    });
    expect({ table, allVisible: now.allVisible >= now.pagesWithRows }).toEqual({ table, allVisible: true });
    if (now.rows > 0) expect({ table, described: now.columns > 0 }).toEqual({ table, described: true });
  }
}

const EVENT_TABLES = ['events', 'webhook_deliveries'];
const CORPUS = { applications: 200, seed: 'planner-statistics' };
const fileWrapper = productNamed('file-wrapper')!;

let ctx: TestContext;
let db: Database;
let dir: string;
beforeAll(async () => {
  // Only queued entities are precomputed at night: the test queues the one it wants.
  ctx = await createTestApp({ configure: (config) => void (config.statistics.precomputeMinApplications = 100_000_000) });
  db = ctx.db;
  dir = mkdtempSync(join(tmpdir(), 'pss-planner-statistics-'));
});
afterAll(async () => {
  await ctx?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the planner statistics after a load', () => {
  const backfile = () => join(dir, 'pfw-backfile-20261120.json');

  it('a file wrapper file through the ingest path leaves every table it wrote analyzed, and the feed alone', async () => {
    await writeFileWrapperFile(backfile(), CORPUS);
    const before = await statisticsOf(db, FILE_WRAPPER_LOADER.tables);
    const feed = timesAnalyzed(await statisticsOf(db, EVENT_TABLES));
    expect(before['applications']).toMatchObject({ rows: 0 });

    const summary = await ingestFile(db, fileWrapper, backfile());
    expect(summary).toMatchObject({ inserted: 200, events: 0 });

    const after = await statisticsOf(db, FILE_WRAPPER_LOADER.tables);
    expectAnalyzedOnce(before, after);
    expect(after['applications']).toMatchObject({ reltuples: 200 });
    expect(after['transactions']!.rows).toBeGreaterThan(200);
    // A backfile records no events: the feed's statistics are not taken again.
    expect(timesAnalyzed(await statisticsOf(db, EVENT_TABLES))).toEqual(feed);
  });

  it('loading the same file again changes nothing and analyzes nothing', async () => {
    const tables = [...FILE_WRAPPER_LOADER.tables, ...EVENT_TABLES];
    const before = await statisticsOf(db, tables);
    expect(await ingestFile(db, fileWrapper, backfile())).toMatchObject({ inserted: 0, updated: 0, unchanged: 200, events: 0 });
    expect(timesAnalyzed(await statisticsOf(db, tables))).toEqual(timesAnalyzed(before));
  });

  it('a next-day file with news analyzes the tables it changed and the feed', async () => {
    const tables = [...FILE_WRAPPER_LOADER.tables, ...EVENT_TABLES];
    const before = await statisticsOf(db, tables);
    const record = generateApplications(CORPUS).next().value!;
    const next = await writeNextDayFile(dir, record, '2026-11-23');
    const summary = await ingestFile(db, fileWrapper, next.path, { product: 'PTFWPRD' });
    expect(summary).toMatchObject({ updated: 1 });
    expect(summary.events).toBeGreaterThan(0);
    expectAnalyzedOnce(before, await statisticsOf(db, tables));
  });

  it('a sync loads through the same runner: the tables its files changed are analyzed', async () => {
    const portal = new PortalStandIn('stand-in-key', ['PTFWPRD']);
    await portal.start();
    try {
      const generated = join(dir, 'daily-20261124.json');
      await writeFileWrapperFile(generated, {
        applications: 20,
        seed: 'planner-statistics-sync',
        startSerial: 500_000,
        asOf: '2026-11-24',
      });
      const fileName = 'PTFWPRD-20261124.json';
      portal.put({
        product: 'PTFWPRD',
        fileName,
        bytes: readFileSync(generated),
        fileDataFromDate: '2026-11-24',
        fileDataToDate: '2026-11-24',
        fileLastModifiedDateTime: '2026-11-24 02:00:00',
      });
      const tables = [...FILE_WRAPPER_LOADER.tables, ...EVENT_TABLES];
      const before = await statisticsOf(db, tables);
      const config = {
        usptoApiKey: 'stand-in-key',
        usptoApiBaseUrl: portal.url,
        time: '03:30',
        downloadDir: join(dir, 'downloads'),
        searchIntervalMs: 0,
      };
      const outcomes = await runSync(db, config, ['--products', 'PTFWPRD', '--since', '2026-11-21'], {
        line: () => undefined,
        progress: null,
      });
      expect(outcomes[0]?.files.map((f) => [f.fileName, f.outcome])).toEqual([[fileName, 'ingested']]);
      const run = await db.query<{ inserted: number; events: number }>(`SELECT inserted, events FROM ingest_runs WHERE file_name = $1`, [
        fileName,
      ]);
      expect(run.rows).toEqual([{ inserted: 20, events: expect.any(Number) }]);

      const after = await statisticsOf(db, tables);
      const changed = run.rows[0]!.events > 0 ? tables : FILE_WRAPPER_LOADER.tables;
      expectAnalyzedOnce(
        Object.fromEntries(changed.map((table) => [table, before[table]!])),
        Object.fromEntries(changed.map((table) => [table, after[table]!])),
      );
      expect(after['applications']).toMatchObject({ reltuples: before['applications']!.rows + 20 });
    } finally {
      await portal.close();
    }
  });

  it('a load stopped between its last commit and its ANALYZE: the re-run, finding every record stored, analyzes what never was', async () => {
    const own = await createTestDatabase();
    try {
      // A server's autovacuum would take these statistics on its own, and hide what the re-run does.
      for (const table of FILE_WRAPPER_LOADER.tables) await own.db.exec(`ALTER TABLE ${table} SET (autovacuum_enabled = off)`);
      const stopping = new Proxy(own.db, {
        get(target, name) {
          if (name === 'exec')
            return async (text: string) => {
              if (text.startsWith('VACUUM')) throw new Error('stopped before ANALYZE');
              return target.exec(text);
            };
          const value: unknown = Reflect.get(target, name);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      await expect(ingestFile(stopping, fileWrapper, backfile())).rejects.toThrow('stopped before ANALYZE');
      const stopped = await statisticsOf(own.db, FILE_WRAPPER_LOADER.tables);
      expect(stopped['applications']).toMatchObject({ rows: 200, reltuples: -1, analyzed: 0 });

      expect(await ingestFile(own.db, fileWrapper, backfile())).toMatchObject({ inserted: 0, updated: 0, unchanged: 200 });
      expectAnalyzedOnce(stopped, await statisticsOf(own.db, FILE_WRAPPER_LOADER.tables));
    } finally {
      await own.drop();
    }
  });

  it('a maintenance fee file, loaded whole outside the runner, leaves its tables analyzed', async () => {
    const tables = ['maintenance_fee_patents', 'maintenance_fee_events', 'maintenance_fee_codes'];
    const before = await statisticsOf(db, tables);
    const path = join(dir, 'MaintFeeEvents_20261117.txt');
    await writeCumulativeFeeFile(path, { lines: 400, seed: 'planner-statistics' });
    const fees = productNamed('maintenance-fees')!;
    expect((await ingestFile(db, fees, path)).inserted).toBeGreaterThan(0);
    const after = await statisticsOf(db, tables);
    expectAnalyzedOnce(before, after);
    expect(after['maintenance_fee_events']!.rows).toBeGreaterThan(0);
    // The same file again: nothing changed, nothing analyzed.
    expect(await ingestFile(db, fees, path)).toMatchObject({ inserted: 0, updated: 0 });
    expect(timesAnalyzed(await statisticsOf(db, tables))).toEqual(timesAnalyzed(after));
  });

  it('entity resolution and the nightly statistics analyze what they wrote; a resolution with nothing to do does not', async () => {
    const resolution = ['entities', 'entity_aliases', 'entity_links', 'application_parties', 'families', 'family_members'];
    const before = await statisticsOf(db, resolution);
    expect((await resolveEntities(db)).read.applications).toBeGreaterThan(0);
    const resolved = await statisticsOf(db, resolution);
    expectAnalyzedOnce(before, resolved);
    expect(resolved['entities']!.rows).toBeGreaterThan(0);
    expect((await resolveEntities(db)).families).toBeNull();
    expect(timesAnalyzed(await statisticsOf(db, resolution))).toEqual(timesAnalyzed(resolved));

    const night = ['statistics_application_facts', 'examiner_statistics', 'art_unit_statistics'];
    const beforeNight = await statisticsOf(db, night);
    await refreshStatistics(db);
    const afterNight = await statisticsOf(db, night);
    expectAnalyzedOnce(beforeNight, afterNight);
    expect(afterNight['statistics_application_facts']!.rows).toBeGreaterThan(0);

    // The night's second part: the entities' statistics kept until the next night.
    const kept = ['entity_statistics', 'entity_statistics_queue'];
    await db.query(
      `INSERT INTO entity_statistics_queue (entity_id, queued_at) SELECT entity_id, now() FROM entities ORDER BY applications DESC LIMIT 1`,
    );
    const beforeKept = await statisticsOf(db, kept);
    expect(await ctx.services.entityStatistics.precompute()).toBe(1);
    const afterKept = await statisticsOf(db, kept);
    expectAnalyzedOnce(beforeKept, afterKept);
    expect(afterKept).toMatchObject({ entity_statistics: { rows: 1 }, entity_statistics_queue: { rows: 0 } });
  });

  it('takes table names only', async () => {
    await expect(vacuumAnalyze(db, ['applications; DROP TABLE applications'])).rejects.toThrow(/not a table name/);
  });
});
