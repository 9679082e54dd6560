import { Type } from 'typebox';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/database.js';
import { openPostgres } from '../src/db/postgres-engine.js';
import { buildServices } from '../src/services.js';
import { defineJob } from '../src/worker/job-type.js';
import { JobQueue } from '../src/worker/queue.js';
import { Scheduler } from '../src/worker/schedule.js';
import { type RunningWorker, startWorker } from '../src/worker/start.js';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';
import {
  createRunsTable,
  everySecond,
  FAST,
  flakyJob,
  hangFirstJob,
  recordJob,
  runsOf,
  slotJob,
  TEST_REGISTRY,
  waitFor,
} from './helpers/test-jobs.js';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
let database: TestDatabase;
let db: Database;
let queue: JobQueue;
const workers: RunningWorker[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await createRunsTable(db);
  // Opened without a worker: the queue as a process that only enqueues holds it.
  queue = await JobQueue.open(
    db,
    TEST_REGISTRY.map((entry) => entry.job),
    { supervise: false, maintenanceIntervalSeconds: 30, onError: () => undefined },
  );
});
afterEach(async () => {
  for (const worker of workers.splice(0)) await worker.stop();
});
afterAll(async () => {
  await queue?.close();
  await database?.drop();
});

async function start(options: Partial<typeof FAST> = {}): Promise<RunningWorker> {
  const services = buildServices({ config: loadConfig({}), db, notifier: { send: async () => undefined } });
  const worker = await startWorker(services, { ...FAST, ...options, log: silent, registry: TEST_REGISTRY });
  workers.push(worker);
  return worker;
}

async function jobState(key: string): Promise<{ state: string; output: Record<string, unknown> | null }[]> {
  const { rows } = await db.query<{ state: string; output: Record<string, unknown> | null }>(
    `SELECT state::text AS state, output FROM pgboss.job WHERE singleton_key = $1`,
    [key],
  );
  return rows;
}

const seconds = (from: Date, to: Date) => (to.getTime() - from.getTime()) / 1000;

describe('opening', () => {
  it('two processes opening the queue at once on a fresh database both succeed (pg-boss alone deadlocks here)', async () => {
    const fresh = await createTestDatabase();
    // On PostgreSQL a second pool is a second process's connections; embedded, one session serves both.
    const second = fresh.url ? openPostgres({ connectionString: fresh.url }) : fresh.db;
    try {
      const options = { supervise: false, maintenanceIntervalSeconds: 30, onError: () => undefined };
      const types = TEST_REGISTRY.map((entry) => entry.job);
      const opened = await Promise.all([JobQueue.open(fresh.db, types, options), JobQueue.open(second, types, options)]);
      for (const each of opened) await each.close();
      const { rows } = await fresh.db.query<{ name: string }>(`SELECT name FROM pgboss.queue ORDER BY name`);
      expect(rows.map((row) => row.name)).toEqual(types.map((type) => type.name).sort());
    } finally {
      if (second !== fresh.db) await second.close();
      await fresh.drop();
    }
  });
});

describe('enqueue', () => {
  it('a job enqueued in a transaction that rolls back never exists, so never runs; one that commits runs', async () => {
    await expect(
      db.transaction(async (tx) => {
        expect(await queue.enqueue(recordJob, { $version: 1, key: 'rolled-back' }, { executor: tx })).toEqual(expect.any(String));
        throw new Error('the request failed after enqueueing');
      }),
    ).rejects.toThrow('the request failed');
    await db.transaction(async (tx) => queue.enqueue(recordJob, { $version: 1, key: 'committed' }, { executor: tx }));
    expect(await jobState('rolled-back')).toEqual([]);

    await start();
    await waitFor(async () => (await runsOf(db, 'committed')).find((run) => run.finished_at) ?? undefined, 10_000, 'the committed job');
    expect(await runsOf(db, 'rolled-back')).toEqual([]);
    expect(await jobState('rolled-back')).toEqual([]);
  });

  it('a second enqueue with the dedupe key of a waiting job is a no-op; the job runs once', async () => {
    expect(await queue.enqueue(recordJob, { $version: 1, key: 'twice' })).toEqual(expect.any(String));
    expect(await queue.enqueue(recordJob, { $version: 1, key: 'twice' })).toBeNull();
    await start();
    await waitFor(async () => (await runsOf(db, 'twice')).find((run) => run.finished_at) ?? undefined, 10_000, 'the deduplicated job');
    expect((await runsOf(db, 'twice')).map((run) => run.attempt)).toEqual([1]);
    // Once started, the key is free again: a new job with it is accepted.
    expect(await queue.enqueue(recordJob, { $version: 1, key: 'twice' })).toEqual(expect.any(String));
  });

  it('refuses a payload that does not match the schema, and a job type the queue was not opened with', async () => {
    await expect(queue.enqueue(recordJob, { $version: 2, key: 'x' } as never)).rejects.toThrow(
      'payload of test.record is invalid (/$version',
    );
    await expect(queue.enqueue(slotJob, { $version: 1, slot: 'x' })).rejects.toThrow('job type test.slot is not registered');
  });
});

describe('running', () => {
  it('retries a failing job with exponential backoff, and fails it for good once retries are spent', async () => {
    await queue.enqueue(flakyJob, { $version: 1, key: 'recovers', fail_times: 2 });
    await queue.enqueue(flakyJob, { $version: 1, key: 'never', fail_times: 99 });
    await start();
    const recovered = await waitFor(
      async () => {
        const runs = await runsOf(db, 'recovers');
        return runs.some((run) => run.finished_at) ? runs : undefined;
      },
      20_000,
      'the third attempt',
    );
    expect(recovered.map((run) => run.attempt)).toEqual([1, 2, 3]);
    // Retry n waits between delay·2^(n−1) and delay·2^n (delay 1 s), plus up to one poll interval.
    const [first, second, third] = recovered as [(typeof recovered)[0], (typeof recovered)[0], (typeof recovered)[0]];
    expect(seconds(first.started_at, second.started_at)).toBeGreaterThanOrEqual(1);
    expect(seconds(first.started_at, second.started_at)).toBeLessThan(2 + 0.6);
    expect(seconds(second.started_at, third.started_at)).toBeGreaterThanOrEqual(2);
    expect(seconds(second.started_at, third.started_at)).toBeLessThan(4 + 0.6);

    await waitFor(async () => ((await jobState('never'))[0]?.state === 'failed' ? true : undefined), 10_000, 'the job to fail for good');
    expect((await runsOf(db, 'never')).map((run) => run.attempt)).toEqual([1, 2, 3]);
    expect((await jobState('never'))[0]!.output).toMatchObject({ message: 'failing on purpose (attempt 3)' });
  });

  it('never runs a payload that fails its schema, and does not retry it', async () => {
    // An older producer's payload: same queue name, a schema the current job type no longer accepts.
    const legacy = defineJob({
      ...recordJob,
      payload: Type.Object({ $version: Type.Literal(0), key: Type.String() }),
      dedupeKey: (payload) => payload.key,
      handle: async () => undefined,
    });
    const producer = await JobQueue.open(db, [legacy], { supervise: false, maintenanceIntervalSeconds: 30, onError: () => undefined });
    await producer.enqueue(legacy, { $version: 0, key: 'legacy' });
    await producer.close();
    await start();
    const [job] = await waitFor(
      async () => ((await jobState('legacy'))[0]?.state === 'cancelled' ? jobState('legacy') : undefined),
      10_000,
      'the invalid job to be set aside',
    );
    expect(job!.output).toMatchObject({
      permanent: true,
      message: expect.stringContaining('payload of test.record is invalid (/$version'),
    });
    expect(await runsOf(db, 'legacy')).toEqual([]);
  });

  it('a run past its expiry is aborted and the job runs again', async () => {
    await queue.enqueue(hangFirstJob, { $version: 1, key: 'times-out' });
    await start();
    const runs = await waitFor(
      async () => {
        const found = await runsOf(db, 'times-out');
        return found.some((run) => run.finished_at) ? found : undefined;
      },
      15_000,
      'the second attempt',
    );
    expect(runs.map((run) => [run.attempt, run.finished_at !== null])).toEqual([
      [1, false],
      [2, true],
    ]);
    // Expiry counts from the fetch, a few milliseconds before the handler records its start (seen: 2.995 s);
    // a retry that did not wait for the expiry would come within a poll interval (0.1 s).
    expect(seconds(runs[0]!.started_at, runs[1]!.started_at)).toBeGreaterThanOrEqual(2.9);
  });
});

describe('shutdown', () => {
  it('lets a running job finish before stop() resolves', async () => {
    const worker = await start();
    await queue.enqueue(recordJob, { $version: 1, key: 'in-flight', sleep_ms: 700 });
    await waitFor(async () => (await runsOf(db, 'in-flight'))[0], 10_000, 'the job to start');
    await worker.stop();
    expect((await runsOf(db, 'in-flight'))[0]!.finished_at).not.toBeNull();
    expect((await jobState('in-flight'))[0]!.state).toBe('completed');
  });

  it('releases a job still running when the grace period ends: it goes back to the queue', async () => {
    const worker = await start({ shutdownGraceMs: 200 });
    await queue.enqueue(recordJob, { $version: 1, key: 'released', sleep_ms: 60_000 });
    await waitFor(async () => (await runsOf(db, 'released'))[0], 10_000, 'the job to start');
    const stopping = Date.now();
    await worker.stop();
    expect(Date.now() - stopping).toBeLessThan(3_000);
    expect((await runsOf(db, 'released'))[0]!.finished_at).toBeNull();
    expect((await jobState('released'))[0]!.state).toBe('retry');
  });
});

describe('schedule', () => {
  it('two schedulers ticking together enqueue each slot once', async () => {
    const open = () => JobQueue.open(db, [slotJob], { supervise: false, maintenanceIntervalSeconds: 30, onError: () => undefined });
    const [a, b] = [new Scheduler(db, await open(), [everySecond]), new Scheduler(db, await open(), [everySecond])];
    const claims: string[] = [];
    const until = Date.now() + 2_500;
    while (Date.now() < until) {
      const ticks = await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
      claims.push(...ticks.flat());
    }
    const { rows } = await db.query<{ slot: string; jobs: number }>(
      `SELECT data->>'slot' AS slot, count(*)::int AS jobs FROM pgboss.job WHERE name = $1 GROUP BY 1 ORDER BY 1`,
      [slotJob.name],
    );
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.every((row) => row.jobs === 1)).toBe(true);
    expect(claims).toHaveLength(rows.length);
    const { rows: schedule } = await db.query<{ last_slot: Date }>(`SELECT last_slot FROM job_schedule WHERE name = $1`, [slotJob.name]);
    expect(schedule[0]!.last_slot.toISOString()).toBe(rows.at(-1)!.slot);
  });
});
