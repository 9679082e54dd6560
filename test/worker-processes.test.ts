import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { inject } from 'vitest';
import { WORKER_USAGE } from '../src/commands/worker.js';
import type { Database } from '../src/db/database.js';
import { openPglite } from '../src/db/pglite-engine.js';
import { loadConfig } from '../src/config.js';
import { buildServices } from '../src/services.js';
import { JobQueue } from '../src/worker/queue.js';
import { startWorker } from '../src/worker/start.js';
import { Child, logLine } from './helpers/child-process.js';
import { WebhookReceiver } from './helpers/webhook-receiver.js';
import { insertEvents } from '../src/db/events.sql.js';
import { buildEvent, eventDetail } from '../src/domain/events.js';
import { creditByEmail, signup } from '../src/resources/accounts/service.js';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';
import { createRunsTable, FAST, hangFirstJob, recordJob, runsOf, TEST_REGISTRY, waitFor } from './helpers/test-jobs.js';

/**
 * Real worker processes: spawned, killed with SIGKILL, stopped with SIGTERM. Each CI pass runs
 * the suite on one engine; several processes on one database exist only on PostgreSQL (a data
 * directory belongs to one process), so those cases are registered on that pass.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const HELPER = 'test/helpers/worker-process.ts';
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'pss-worker-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const children: Child[] = [];
function child(script: string, args: string[], env: Record<string, string>): Child {
  const spawned = new Child(script, args, env);
  children.push(spawned);
  return spawned;
}
afterAll(() => {
  for (const spawned of children) spawned.kill('SIGKILL');
});

/**
 * A database a child process can open, prepared by `setup` first: on PostgreSQL a test database
 * (shared with the test while children run); embedded, a data directory seeded from the migrated
 * template, closed before any child opens it.
 */
interface Target {
  env: Record<string, string>;
  /** Runs `work` on the database; embedded, only while no child holds it. */
  use<T>(work: (db: Database) => Promise<T>): Promise<T>;
  drop(): Promise<void>;
}

async function target(name: string): Promise<Target> {
  if (onPostgres) {
    const database: TestDatabase = await createTestDatabase();
    return { env: { DATABASE_URL: database.url! }, use: (work) => work(database.db), drop: () => database.drop() };
  }
  const template = inject('template');
  if (template.engine !== 'pglite') throw new Error('expected the embedded template');
  const dataDir = join(dir, name);
  const dump = new Blob([await readFile(template.path)]);
  const seed = await openPglite({ dataDir: join(dataDir, 'pglite'), loadDataDir: dump });
  await seed.close();
  return {
    env: { PATENT_STATUS_DATA_DIR: dataDir, DATABASE_URL: '' },
    async use(work) {
      const db = await openPglite({ dataDir: join(dataDir, 'pglite') });
      try {
        return await work(db);
      } finally {
        await db.close();
      }
    },
    drop: async () => undefined,
  };
}

it('`patent-status worker --help` prints its usage and exits 0 without touching a database', async () => {
  const help = child('src/cli.ts', ['worker', '--help'], { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
  expect(await help.exited).toBe(0);
  expect(help.lines.join('\n')).toBe(WORKER_USAGE);
  expect(WORKER_USAGE).toContain('maintenance.prune-ingest-runs: cron "17 4 * * *" UTC');
});

it(`\`patent-status worker\` prunes stale ingest runs on its first start and stops on SIGTERM (${onPostgres ? 'PostgreSQL' : 'embedded engine'})`, async () => {
  const db = await target('cli');
  try {
    await db.use(async (conn) => {
      await conn.exec(`INSERT INTO ingest_runs (product, file_name, file_date, started_at, outcome) VALUES
        ('PTFWPRD', 'old-failed.json', '2026-01-02', now() - interval '100 days', 'failed'),
        ('PTFWPRD', 'old-abandoned.json', '2026-01-03', now() - interval '100 days', 'running'),
        ('PTFWPRD', 'recent-failed.json', '2026-11-01', now() - interval '3 days', 'failed'),
        ('PTFWPRD', 'old-succeeded.json', '2026-01-01', now() - interval '100 days', 'succeeded'),
        ('PTFWPRD', 'old-failed-with-events.json', '2026-01-04', now() - interval '100 days', 'failed')`);
      // Its committed batches recorded an event, which names the run as its provenance: the run stays.
      await conn.exec(`INSERT INTO events (event_id, event_type, detected_at, run_id)
        SELECT 'evt_kept', 'status_change', now(), run_id FROM ingest_runs WHERE file_name = 'old-failed-with-events.json'`);
    });
    const worker = child('src/cli.ts', ['worker'], { ...db.env, LOG_LEVEL: 'info' });
    const pruned = logLine(await worker.waitForLine((line) => logLine(line)?.msg === 'stale ingest runs pruned', 60_000, 'the prune job'));
    expect(pruned).toMatchObject({ deleted: 2, retention_days: 90 });
    worker.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
    expect(worker.lines.some((line) => logLine(line)?.msg === 'worker stopped')).toBe(true);
    const left = await db.use(
      async (conn) => (await conn.query<{ file_name: string }>(`SELECT file_name FROM ingest_runs ORDER BY file_name`)).rows,
    );
    expect(left.map((row) => row.file_name)).toEqual(['old-failed-with-events.json', 'old-succeeded.json', 'recent-failed.json']);
  } finally {
    await db.drop();
  }
});

it(`a job whose worker is killed (SIGKILL) runs again after restart (${onPostgres ? 'PostgreSQL' : 'embedded engine'})`, async () => {
  const db = await target('kill');
  try {
    await db.use(async (conn) => {
      await createRunsTable(conn);
      const queue = await JobQueue.open(conn, [hangFirstJob], {
        supervise: false,
        maintenanceIntervalSeconds: 30,
        onError: () => undefined,
      });
      await queue.enqueue(hangFirstJob, { $version: 1, key: 'killed' });
      await queue.close();
    });
    const first = child(HELPER, [], db.env);
    await first.waitForLine((line) => line === 'ready', 60_000, 'the first worker');
    await first.waitForLine((line) => logLine(line)?.message === 'run recorded', 30_000, 'the first run');
    first.kill('SIGKILL');
    await first.exited;

    // The restart: a worker in this process, on the same database (embedded: the directory the killed child held).
    const runs = await db.use(async (conn) => {
      const services = buildServices({ config: loadConfig({}), db: conn, notifier: { send: async () => undefined } });
      const restarted = await startWorker(services, { ...FAST, log: silent, registry: TEST_REGISTRY });
      try {
        return await waitFor(
          async () => {
            const found = await runsOf(conn, 'killed');
            return found.some((run) => run.finished_at) ? found : undefined;
          },
          30_000,
          'the run after the restart',
        );
      } finally {
        await restarted.stop();
      }
    });
    expect(runs.map((run) => ({ attempt: run.attempt, pid: run.pid, finished: run.finished_at !== null }))).toEqual([
      { attempt: 1, pid: first.pid, finished: false },
      { attempt: 2, pid: process.pid, finished: true },
    ]);
  } finally {
    await db.drop();
  }
});

it(`a delivery whose worker is killed (SIGKILL) mid-attempt is sent again after restart (${onPostgres ? 'PostgreSQL' : 'embedded engine'})`, async () => {
  const db = await target('kill-delivery');
  const receiver = await new WebhookReceiver().start();
  const env = { WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_TIMEOUT_MS: '1000' };
  const webhookServices = (conn: Database) =>
    buildServices({ config: loadConfig(env), db: conn, notifier: { send: async () => undefined } });
  try {
    receiver.script('/killed', ['hang', 200]);
    await db.use(async (conn) => {
      const { orgId } = await signup(conn, 'killed@example.com', null);
      await creditByEmail(conn, { email: 'killed@example.com', units: 10, source: 'admin', reference: null });
      await webhookServices(conn).monitors.create(orgId, {
        targets: { application_numbers: ['18900001'] },
        webhook_url: `${receiver.url}/killed`,
      });
      const event = buildEvent(
        'grant',
        { applicationNumber: '18900001', patentNumber: '12900001' },
        '2026-11-20',
        '1',
        eventDetail.grant('12900001'),
      );
      await conn.transaction((tx) => insertEvents(tx, [event], new Date(), null));
    });
    const first = child(HELPER, [], { ...db.env, ...env });
    await first.waitForLine((line) => line === 'ready', 60_000, 'the first worker');
    await waitFor(async () => (receiver.at('/killed').length === 1 ? true : undefined), 30_000, 'the first attempt');
    first.kill('SIGKILL');
    await first.exited;

    const delivered = await db.use(async (conn) => {
      const restarted = await startWorker(webhookServices(conn), { ...FAST, log: silent, registry: [], deliveryPollMs: 50 });
      try {
        return await waitFor(
          async () =>
            (
              await conn.query<{ status: string; attempts: number }>(
                `SELECT status, attempts FROM webhook_deliveries WHERE status = 'delivered'`,
              )
            ).rows[0],
          30_000,
          'the delivery after the restart',
        );
      } finally {
        await restarted.stop();
      }
    });
    expect(delivered).toEqual({ status: 'delivered', attempts: 2 });
    const got = receiver.at('/killed');
    expect(got.map((r) => r.headers['x-delivery-attempt'])).toEqual(['1', '2']);
    expect(got[0]!.body).toEqual(got[1]!.body);
  } finally {
    await receiver.close();
    await db.drop();
  }
});

if (onPostgres) {
  it('two worker processes never run one job twice (PostgreSQL)', async () => {
    const db = await target('two');
    try {
      const jobs = 300;
      await db.use(createRunsTable);
      const [a, b] = [child(HELPER, [], db.env), child(HELPER, [], db.env)];
      await Promise.all([a, b].map((worker) => worker.waitForLine((line) => line === 'ready', 60_000, 'a worker')));
      await db.use(async (conn) => {
        const queue = await JobQueue.open(conn, [recordJob], {
          supervise: false,
          maintenanceIntervalSeconds: 30,
          onError: () => undefined,
        });
        for (let n = 0; n < jobs; n += 1) await queue.enqueue(recordJob, { $version: 1, key: `job-${n}`, sleep_ms: 10 });
        await queue.close();
        await waitFor(
          async () => {
            const { rows } = await conn.query<{ n: number }>(`SELECT count(*)::int AS n FROM test_job_runs WHERE finished_at IS NOT NULL`);
            return rows[0]!.n >= jobs ? true : undefined;
          },
          60_000,
          'every job',
        );
      });
      a.kill('SIGTERM');
      b.kill('SIGTERM');
      expect([await a.exited, await b.exited]).toEqual([0, 0]);
      const { rows } = await db.use((conn) =>
        conn.query<{ runs: number; keys: number; pids: number }>(
          `SELECT count(*)::int AS runs, count(DISTINCT key)::int AS keys, count(DISTINCT pid)::int AS pids FROM test_job_runs`,
        ),
      );
      expect(rows[0]).toEqual({ runs: jobs, keys: jobs, pids: 2 });
    } finally {
      await db.drop();
    }
  });

  it('the schedule enqueues each slot once with two worker processes (PostgreSQL)', async () => {
    const db = await target('schedule');
    try {
      await db.use(createRunsTable);
      const env = { ...db.env, WORKER_TEST_SCHEDULE: '1' };
      const [a, b] = [child(HELPER, [], env), child(HELPER, [], env)];
      await Promise.all([a, b].map((worker) => worker.waitForLine((line) => line === 'ready', 60_000, 'a worker')));
      // Both tick every 0.2 s against an every-second schedule: about 15 chances each to claim a slot twice.
      await new Promise((resolve) => setTimeout(resolve, 3_200));
      a.kill('SIGTERM');
      b.kill('SIGTERM');
      expect([await a.exited, await b.exited]).toEqual([0, 0]);
      const { rows } = await db.use((conn) =>
        conn.query<{ key: string; runs: number }>(`SELECT key, count(*)::int AS runs FROM test_job_runs GROUP BY key ORDER BY key`),
      );
      expect(rows.length).toBeGreaterThanOrEqual(2);
      expect(rows.filter((row) => row.runs !== 1)).toEqual([]);
    } finally {
      await db.drop();
    }
  });
}
