import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runIngest } from '../src/commands/ingest.js';
import { writeSyntheticCorpus } from '../src/commands/synth.js';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { openPostgres } from '../src/db/postgres-engine.js';
import { buildApp, type App } from '../src/http/app.js';
import { creditByEmail } from '../src/resources/accounts/service.js';
import { buildServices } from '../src/services.js';
import type { OdpRecord } from '@patent-status/synth';
import { runCli, type CliResult } from './helpers/cli.js';
import { snapshot } from './helpers/file-wrapper-records.js';
import { type Cluster, postgresIds, startPrimary } from './helpers/replica-cluster.js';
import { canMountTmpfs } from './helpers/tmpfs.js';

/**
 * The disk filling up during an ingest. The test database lives in a tablespace on a
 * small tmpfs (its WAL stays on the main disk, as on a server whose data volume fills up), and a
 * filler file leaves room for about 1,250 records. The real CLI then loads a file of 1,500 in the
 * loader's batches of 1,000: the first batch commits, the second runs out of space.
 *
 * What holds then: the command says in one line that the database's disk is full (exit
 * code 2, no stack trace); the run is recorded as failed; every application is either exactly as
 * before or exactly as one clean run of both files leaves it (a batch is one transaction, so no
 * record is half written); the API still answers, a 503 at worst and never a 500; and once space
 * is freed, the same file loaded again ends exactly where one clean run ends.
 *
 * The server is a cluster this test starts; mounting the tmpfs needs root. The file runs once, in
 * the PostgreSQL pass.
 */
const DISK_MB = 48;
const BATCH = 1000; // the file-wrapper loader's batch size (products/file-wrapper/load.ts)
const FIRST_SIZE = 300;
/** Every other application of the first file changed, and new ones: 1.5 batches in all. */
const FRESH_SIZE = 1.5 * BATCH - FIRST_SIZE / 2;
const EMAIL = 'disk-full@example.com';
const FIRST = ['file-wrapper', '--product', 'PTFWPRE', '--file-date', '2026-11-20'];
const SECOND = ['file-wrapper', '--product', 'PTFWPRD', '--file-date', '2026-11-21'];
const quiet = { line: () => undefined, progress: null };

/** The second file: new applications, with every other application of the first interleaved, changed (a new office action). */
function secondFile(first: string, fresh: string, out: string): { path: string; changed: number } {
  const bag = (path: string) =>
    (JSON.parse(readFileSync(path, 'utf8')) as { patentFileWrapperDataBag: OdpRecord[] }).patentFileWrapperDataBag;
  const changed = bag(first)
    .filter((_, index) => index % 2 === 0)
    .map((record): OdpRecord => ({
      ...record,
      applicationMetaData: {
        ...record.applicationMetaData,
        applicationStatusCode: 41,
        applicationStatusDescriptionText: 'Non Final Action Mailed',
        applicationStatusDate: '2026-11-20',
      },
      eventDataBag: [
        { eventCode: 'MCTNF', eventDescriptionText: 'Mail Non-Final Rejection', eventDate: '2026-11-20' },
        { eventCode: 'CTNF', eventDescriptionText: 'Non-Final Rejection', eventDate: '2026-11-19' },
        ...record.eventDataBag,
      ],
    }));
  // Two seeds may draw one application number: such a fresh record would change an application
  // of the first file a second time, in another batch, and no batch boundary could show one run's state.
  const firstNumbers = new Set(bag(first).map((record) => record.applicationNumberText));
  const records = bag(fresh).filter((record) => !firstNumbers.has(record.applicationNumberText));
  // Spread through the file, so the batch that fails holds some of them and the one before it others.
  const step = Math.floor(records.length / changed.length);
  changed.forEach((record, index) => records.splice(index * (step + 1), 0, record));
  const path = join(out, 'ptfwprd-disk-full.json');
  writeFileSync(
    path,
    `{"count":${records.length},"patentFileWrapperDataBag":[\n${records.map((r) => JSON.stringify(r)).join(',\n')}\n]}\n`,
  );
  return { path, changed: changed.length };
}

type Snapshot = { applications: { application_number: string }[] } & Record<string, { application_number: string }[]>;

/** A snapshot cut by application: everything one record wrote, with the events of that application. */
async function byApplication(db: Database): Promise<Map<string, Record<string, unknown[]>>> {
  const data = (await snapshot(db)) as Snapshot;
  const records = new Map<string, Record<string, unknown[]>>();
  for (const [table, rows] of Object.entries(data)) {
    for (const row of rows) {
      const record = records.get(row.application_number) ?? {};
      (record[table] ??= []).push(row);
      records.set(row.application_number, record);
    }
  }
  return records;
}

/** Two answers for one application: its record (often cached) and its transactions (read from the database each time). */
const readsOf = (number: string) => [`/v1/applications/${number}`, `/v1/applications/${number}/transactions?limit=5`];

const freeBytes = (dir: string) => {
  const { bavail, bsize } = statfsSync(dir);
  return bavail * bsize;
};

// The PostgreSQL pass only (the database is a private cluster), and only where a tmpfs can be mounted.
const MOUNTABLE = Boolean(process.env.DATABASE_URL) && canMountTmpfs();

// Skipped without DATABASE_URL (the embedded pass) and where a tmpfs cannot be mounted (not root, or a container that forbids it).
describe.runIf(MOUNTABLE)(
  'the disk filled up during an ingest (PostgreSQL pass, root only: the database sits on a tmpfs it mounts)',
  () => {
    let cluster: Cluster | undefined;
    let disk: string | undefined;
    let mounted = false;
    let work: string;
    let db: Database;
    let clean: Database;
    let app: App | undefined;
    let key: string;
    let second: { path: string; changed: number };
    let filler: string;
    let before: Map<string, Record<string, unknown[]>>;
    let failed: CliResult;

    beforeAll(async () => {
      work = mkdtempSync(join(tmpdir(), 'pss-disk-full-'));
      cluster = await startPrimary();
      disk = mkdtempSync(join(tmpdir(), 'pss-small-disk-'));
      const [uid, gid] = postgresIds();
      execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${DISK_MB}m,uid=${uid},gid=${gid},mode=0700`, 'tmpfs', disk]);
      mounted = true;
      // The room left is this test's to measure: autovacuum would add free-space maps at moments of its own.
      // `clean` is on the main disk: where one clean run of both files ends.
      await cluster.admin(
        'ALTER SYSTEM SET autovacuum = off',
        'SELECT pg_reload_conf()',
        `CREATE TABLESPACE small_disk LOCATION '${disk}'`,
        'CREATE DATABASE patents TABLESPACE small_disk',
        'CREATE DATABASE clean',
      );
      db = openPostgres({ connectionString: cluster.url('patents') });
      clean = openPostgres({ connectionString: cluster.url('clean') });
      await Promise.all([migrate(db), migrate(clean)]);

      // The app compiles its schemas while the database servers load (about 4 s on a busy machine).
      const config = loadConfig({ DATABASE_URL: cluster.url('patents'), PUBLIC_BASE_URL: 'https://patents.example.test' });
      const services = buildServices({
        config,
        db,
        notifier: { send: async () => undefined },
        resolveHost: async () => [{ address: '93.184.215.14', family: 4 }], // a public address: webhook targets are checked
      });
      const started = buildApp(services).then(async (built) => {
        await built.ready();
        return built;
      });
      const [first, fresh] = await Promise.all([
        writeSyntheticCorpus({ out: join(work, 'first'), applications: FIRST_SIZE, seed: 'disk-full-first' }),
        writeSyntheticCorpus({ out: join(work, 'fresh'), applications: FRESH_SIZE, seed: 'disk-full-second' }),
      ]);
      second = secondFile(first.fileWrapperFile, fresh.fileWrapperFile, work);
      const freeBefore = freeBytes(disk);
      await Promise.all([
        runIngest(db, [...FIRST, first.fileWrapperFile], quiet),
        (async () => {
          await runIngest(clean, [...FIRST, first.fileWrapperFile], quiet);
          await runIngest(clean, [...SECOND, second.path], quiet);
        })(),
      ]);
      const perRecord = (freeBefore - freeBytes(disk)) / FIRST_SIZE;

      app = await started;
      const signup = await app.inject({ method: 'POST', url: '/agent/signup', payload: { owner_email: EMAIL } });
      key = signup.json<{ api_key: string }>().api_key;
      await creditByEmail(db, { email: EMAIL, units: 1_000, source: 'admin', reference: null });
      before = await byApplication(db);
      // A service already serving when the disk fills: its lease and usage rows exist.
      for (const url of readsOf([...before.keys()][0]!)) await app.inject({ method: 'GET', url, headers: { 'x-api-key': key } });

      // Room for a batch and a quarter: the first batch commits, the second (half a batch) cannot.
      filler = join(disk, 'filler');
      writeFileSync(filler, Buffer.alloc(Math.max(0, freeBytes(disk) - Math.round(1.25 * BATCH * perRecord))));
      failed = await runCli(['ingest', ...SECOND, second.path], { DATABASE_URL: cluster.url('patents') });
    }, 120_000);

    afterAll(async () => {
      await app?.close().catch(() => undefined);
      await db?.close().catch(() => undefined);
      await clean?.close().catch(() => undefined);
      await cluster?.stop();
      if (mounted) execFileSync('umount', ['-l', disk!]);
      if (disk) rmSync(disk, { recursive: true, force: true });
      if (work) rmSync(work, { recursive: true, force: true });
    });

    it('the ingest stops with one line naming the full disk, and its run is recorded as failed', async () => {
      expect(failed.stdout).toBe('');
      expect(failed.stderr).toMatch(
        /^patent-status ingest: the database's disk is full: could not extend file "[^"]+": (No space left on device|wrote only \d+ of \d+ bytes at block \d+) \(free space where the database keeps its data, then run the command again\)\n$/,
      );
      expect(failed.code).toBe(2);
      const runs = await db.query<{ file_name: string; outcome: string; inserted: number; error: string | null }>(
        `SELECT file_name, outcome, inserted, error FROM ingest_runs ORDER BY run_id`,
      );
      expect(runs.rows.map((run) => run.outcome)).toEqual(['succeeded', 'failed']);
      expect(runs.rows[1]).toMatchObject({ file_name: 'ptfwprd-disk-full.json', error: expect.stringMatching(/^could not extend file/) });
      // Part-way: one batch committed before the disk filled.
      expect(runs.rows[1]!.inserted).toBeGreaterThan(0);
      expect(freeBytes(disk!)).toBeLessThan(8192); // not one more page of PostgreSQL's fits
    });

    it('leaves every application as it was or as one clean run leaves it, never half written', async () => {
      const after = await byApplication(db);
      const cleanRun = await byApplication(clean);
      const applied: string[] = [];
      const untouched: string[] = [];
      for (const number of new Set([...before.keys(), ...after.keys(), ...cleanRun.keys()])) {
        const now = after.get(number);
        if (JSON.stringify(now) === JSON.stringify(before.get(number))) untouched.push(number);
        else {
          expect(now, `application ${number}`).toEqual(cleanRun.get(number));
          applied.push(number);
        }
      }
      // Part-way: some applications of the first file were changed by the committed batch, others not yet.
      const changedFirst = applied.filter((number) => before.has(number));
      expect(changedFirst.length).toBeGreaterThan(0);
      expect(changedFirst.length).toBeLessThan(second.changed);
      expect(untouched.filter((number) => !before.has(number)).length).toBeGreaterThan(0); // new ones not loaded yet
    });

    it('still answers reads while the disk is full; a write that needs space gets 503 in the error shape, never a 500', async () => {
      const unavailable = (response: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) => {
        expect(response.statusCode).toBe(503);
        expect(response.json()).toMatchObject({
          error: 'service_unavailable',
          message: expect.any(String),
          request_id: expect.any(String),
        });
        expect(response.headers['x-credits-charged']).toBe('0');
      };
      const statuses: number[] = [];
      for (const number of [...before.keys()].slice(0, 6)) {
        for (const url of readsOf(number)) {
          const response = await app!.inject({ method: 'GET', url, headers: { 'x-api-key': key } });
          statuses.push(response.statusCode);
          if (response.statusCode !== 200) unavailable(response);
        }
      }
      // Already serving, the process spends its lease in memory and updates rows in pages that still have room.
      expect(statuses).toContain(200);

      // The first monitor: its table holds no page yet, and no new page fits.
      const monitor = await app!.inject({
        method: 'POST',
        url: '/v1/monitors',
        headers: { 'x-api-key': key },
        payload: { targets: { application_numbers: [[...before.keys()][0]] }, webhook_url: 'https://hooks.example.test/patents' },
      });
      unavailable(monitor);
    });

    it('once space is freed, loading the same file again ends exactly where one clean run ends', async () => {
      rmSync(filler);
      const [summary] = await runIngest(db, [...SECOND, second.path], quiet);
      expect(summary).toMatchObject({ fileName: 'ptfwprd-disk-full.json', rejected: 0 });
      expect(await snapshot(db)).toEqual(await snapshot(clean));
      const runs = await db.query<{ outcome: string }>(`SELECT outcome FROM ingest_runs ORDER BY run_id`);
      expect(runs.rows.map((run) => run.outcome)).toEqual(['succeeded', 'failed', 'succeeded']);
    });
  },
);
