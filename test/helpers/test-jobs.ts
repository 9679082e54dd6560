import { setTimeout as sleep } from 'node:timers/promises';
import { Type } from 'typebox';
import type { Database, Queryable } from '../../src/db/database.js';
import { defineJob } from '../../src/worker/job-type.js';
import type { Registration } from '../../src/worker/registry.js';
import { scheduleEntry } from '../../src/worker/schedule.js';

/** Every run of a test job, written by the handler itself: what ran, which attempt, in which process, when. */
export async function createRunsTable(db: Queryable): Promise<void> {
  await db.exec(`CREATE TABLE IF NOT EXISTS test_job_runs (
    key         text NOT NULL,
    attempt     integer NOT NULL,
    pid         integer NOT NULL,
    started_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
    finished_at timestamptz
  )`);
}

export interface RunRow {
  key: string;
  attempt: number;
  pid: number;
  started_at: Date;
  finished_at: Date | null;
}

export async function runsOf(db: Queryable, key?: string): Promise<RunRow[]> {
  const { rows } = await db.query<RunRow>(
    `SELECT key, attempt, pid, started_at, finished_at FROM test_job_runs WHERE $1::text IS NULL OR key = $1 ORDER BY started_at, attempt`,
    [key ?? null],
  );
  return rows;
}

async function recordStart(db: Database, key: string, attempt: number): Promise<void> {
  await db.query(`INSERT INTO test_job_runs (key, attempt, pid) VALUES ($1, $2, $3)`, [key, attempt, process.pid]);
}

async function recordFinish(db: Database, key: string, attempt: number): Promise<void> {
  await db.query(`UPDATE test_job_runs SET finished_at = clock_timestamp() WHERE key = $1 AND attempt = $2 AND pid = $3`, [
    key,
    attempt,
    process.pid,
  ]);
}

/** Records its run, optionally takes `sleep_ms`, then marks the run finished. */
export const recordJob = defineJob({
  name: 'test.record',
  payload: Type.Object({ $version: Type.Literal(1), key: Type.String(), sleep_ms: Type.Optional(Type.Integer({ minimum: 0 })) }),
  retry: { limit: 1, delaySeconds: 1, backoff: false },
  expireInSeconds: 30,
  concurrency: 4,
  dedupeKey: (payload) => payload.key,
  async handle(payload, { services, attempt, signal }) {
    const { db } = services.context;
    await recordStart(db, payload.key, attempt);
    if (payload.sleep_ms) await sleep(payload.sleep_ms, undefined, { signal });
    await recordFinish(db, payload.key, attempt);
  },
});

/** Fails its first `fail_times` runs: 1 s, then 2 s (doubling, jittered up to 2×) between runs. */
export const flakyJob = defineJob({
  name: 'test.flaky',
  payload: Type.Object({ $version: Type.Literal(1), key: Type.String(), fail_times: Type.Integer({ minimum: 0 }) }),
  retry: { limit: 2, delaySeconds: 1, backoff: true },
  expireInSeconds: 30,
  concurrency: 2,
  dedupeKey: (payload) => payload.key,
  async handle(payload, { services, attempt }) {
    await recordStart(services.context.db, payload.key, attempt);
    if (attempt <= payload.fail_times) throw new Error(`failing on purpose (attempt ${attempt})`);
    await recordFinish(services.context.db, payload.key, attempt);
  },
});

/** Its first run never ends on its own (it waits for its signal): killed or timed out, the queue must run it again. */
export const hangFirstJob = defineJob({
  name: 'test.hang-first',
  payload: Type.Object({ $version: Type.Literal(1), key: Type.String() }),
  retry: { limit: 2, delaySeconds: 0, backoff: false },
  expireInSeconds: 3,
  concurrency: 1,
  dedupeKey: (payload) => payload.key,
  async handle(payload, { services, attempt, signal, log }) {
    await recordStart(services.context.db, payload.key, attempt);
    // Said after the commit: a test that cannot read the database (an embedded one the child holds) waits for this line.
    log.info({ key: payload.key, attempt }, 'run recorded');
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- an abort reason is typed any; the runner's are errors
    if (attempt === 1) await new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
    await recordFinish(services.context.db, payload.key, attempt);
  },
});

/** Scheduled every second: records the slot it was enqueued for. */
export const slotJob = defineJob({
  name: 'test.slot',
  payload: Type.Object({ $version: Type.Literal(1), slot: Type.String() }),
  retry: { limit: 0, delaySeconds: 0, backoff: false },
  expireInSeconds: 30,
  concurrency: 2,
  // Per slot, so only the schedule's claim (not the queue's dedupe of waiting jobs) keeps a slot from running twice.
  dedupeKey: (payload) => payload.slot,
  async handle(payload, { services, attempt }) {
    await recordStart(services.context.db, payload.slot, attempt);
    await recordFinish(services.context.db, payload.slot, attempt);
  },
});

export const everySecond = scheduleEntry({
  name: slotJob.name,
  job: slotJob,
  rule: { everySeconds: 1 },
  payload: (slot) => ({ $version: 1 as const, slot: slot.toISOString() }),
});

export const TEST_REGISTRY: readonly Registration[] = [{ job: recordJob }, { job: flakyJob }, { job: hangFirstJob }];
export const TEST_REGISTRY_WITH_SCHEDULE: readonly Registration[] = [...TEST_REGISTRY, { job: slotJob, schedule: everySecond }];

/** Short intervals: tests wait for jobs in tenths of seconds, not the production seconds. */
export const FAST = { pollIntervalMs: 100, scheduleTickMs: 200, maintenanceIntervalSeconds: 1, shutdownGraceMs: 5_000 };

/** Polls `probe` until it returns a value other than undefined, or fails after `timeoutMs`. */
export async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(50);
  }
}
