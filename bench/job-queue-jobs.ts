/**
 * Jobs through the worker's runner (JobRunner: its own loop over pg-boss's fetch, complete and
 * fail) against pg-boss's `work()` (bench/job-queue.ts runs this): how fast a backlog drains,
 * whether a run past its expiry overlaps its retry, and what a failed acknowledgement does.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import { Type } from 'typebox';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/database.js';
import { buildServices } from '../src/services.js';
import { defineJob } from '../src/worker/job-type.js';
import { JobQueue } from '../src/worker/queue.js';
import { startWorker, WORKER_DEFAULTS } from '../src/worker/start.js';
import { pgBossAdapter } from '../src/worker/pg-boss-adapter.js';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const CONCURRENCY = 4;

const noop = defineJob({
  name: 'bench.noop',
  payload: Type.Object({ $version: Type.Literal(1), n: Type.Integer() }),
  retry: { limit: 1, delaySeconds: 1, backoff: false },
  expireInSeconds: 60,
  concurrency: CONCURRENCY,
  dedupeKey: (payload) => String(payload.n),
  handle: async () => undefined,
});

/** Overlap of one job's runs, kept by the handlers below. */
const runs = { running: 0, most: 0, started: 0 };
const begin = () => {
  runs.started += 1;
  runs.running += 1;
  runs.most = Math.max(runs.most, runs.running);
};

/** Takes 6 s, past its 2 s expiry; it stops early when its signal aborts, as every handler of ours must. */
const overrun = defineJob({
  name: 'bench.overrun',
  payload: Type.Object({ $version: Type.Literal(1) }),
  retry: { limit: 1, delaySeconds: 0, backoff: false },
  expireInSeconds: 2,
  concurrency: 1,
  dedupeKey: () => 'overrun',
  async handle(_payload, { signal }) {
    begin();
    await sleep(6_000, undefined, { signal }).catch(() => undefined);
    runs.running -= 1;
  },
});

const services = (db: Database) => buildServices({ config: loadConfig({}), db, notifier: { send: async () => undefined } });
const options = { supervise: false, maintenanceIntervalSeconds: 30, onError: () => undefined };

async function until(probe: () => Promise<boolean>, limitMs: number, what: string): Promise<void> {
  const started = performance.now();
  while (!(await probe())) {
    if (performance.now() - started > limitMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

const completed = async (db: Database, name: string) =>
  (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state = 'completed'`, [name])).rows[0]!.n;

async function enqueueNoops(db: Database, jobs: number): Promise<void> {
  const queue = await JobQueue.open(db, [noop], options);
  await db.query(`DELETE FROM pgboss.job WHERE name = $1`, [noop.name]);
  for (let n = 0; n < jobs; n++) await queue.enqueue(noop, { $version: 1, n });
  await queue.close();
}

export interface Drain {
  path: string;
  seconds: number;
  rate: number;
}

/** `jobs` waiting no-op jobs, `CONCURRENCY` at a time: our runner at its production settings, pg-boss's work() at two polling intervals. */
export async function drain(db: Database, jobs: number): Promise<Drain[]> {
  const results: Drain[] = [];
  await enqueueNoops(db, jobs);
  let started = performance.now();
  const worker = await startWorker(services(db), { log: quiet, registry: [{ job: noop }] });
  await until(async () => (await completed(db, noop.name)) >= jobs, 600_000, 'the runner');
  results.push({ path: `runner (poll ${WORKER_DEFAULTS.pollIntervalMs / 1000} s)`, ...rate(started, jobs) });
  await worker.stop();
  for (const poll of [2, 0.5]) {
    await enqueueNoops(db, jobs);
    const boss = new PgBoss({ db: pgBossAdapter(db), supervise: false, schedule: false, migrate: false });
    await boss.start();
    started = performance.now();
    for (let i = 0; i < CONCURRENCY; i++) await boss.work(noop.name, { batchSize: 1, pollingIntervalSeconds: poll }, async () => undefined);
    await until(async () => (await completed(db, noop.name)) >= jobs, 600_000, 'work()');
    results.push({ path: `work() ×${CONCURRENCY} (poll ${poll} s)`, ...rate(started, jobs) });
    await boss.stop({ graceful: true, timeout: 1_000, close: false });
  }
  return results;
}

const rate = (started: number, jobs: number) => {
  const seconds = (performance.now() - started) / 1000;
  return { seconds, rate: jobs / seconds };
};

/** Most runs of one job at the same time when its first run outlives its expiry: our runner, then work(). */
export async function expiryOverlap(db: Database): Promise<{ runner: number; work: number }> {
  Object.assign(runs, { running: 0, most: 0, started: 0 });
  const queue = await JobQueue.open(db, [overrun], options);
  await queue.enqueue(overrun, { $version: 1 });
  await queue.close();
  const worker = await startWorker(services(db), { log: quiet, registry: [{ job: overrun }], maintenanceIntervalSeconds: 1 });
  await until(async () => runs.started >= 2 && runs.running === 0, 30_000, 'the runner to retry the expired run');
  await worker.stop();
  const runner = runs.most;

  Object.assign(runs, { running: 0, most: 0, started: 0 });
  const boss = new PgBoss({ db: pgBossAdapter(db), supervise: true, maintenanceIntervalSeconds: 1, schedule: false, migrate: false });
  boss.on('error', () => undefined);
  await boss.start();
  await boss.send(overrun.name, { $version: 1 }, { expireInSeconds: 2, retryLimit: 1, retryDelay: 0 });
  await boss.work(overrun.name, { pollingIntervalSeconds: 0.5 }, async () => {
    // work() gives a handler no signal: at its expiry it stops waiting for it, and the run goes on.
    begin();
    await sleep(6_000);
    runs.running -= 1;
  });
  await until(async () => runs.started >= 2 && runs.running === 0, 30_000, 'work() to retry the expired run');
  await boss.stop({ graceful: false, close: false });
  return { runner, work: runs.most };
}

/** Every statement that completes a job fails once (a connection lost at that moment): what reaches the process as an unhandled rejection. */
export async function failedAcknowledgement(db: Database): Promise<{ runner: number; work: number }> {
  let armed = false;
  const flaky = new Proxy(db, {
    get(target, property) {
      if (property === 'query')
        return (sql: string, params?: readonly unknown[]) => {
          if (armed && sql.includes(`state = 'completed'`) && sql.includes('completed_on = now()')) {
            armed = false;
            return Promise.reject(new Error('connection lost'));
          }
          return target.query(sql, params);
        };
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? (value.bind(target) as unknown) : value;
    },
  });
  let unhandled = 0;
  const count = () => void (unhandled += 1);
  process.on('unhandledRejection', count);
  try {
    await enqueueNoops(db, 1);
    armed = true;
    const worker = await startWorker(services(flaky), { log: quiet, registry: [{ job: noop }], pollIntervalMs: 100 });
    await until(async () => !armed, 10_000, 'the runner to acknowledge');
    await sleep(1_000);
    await worker.stop();
    const runner = unhandled;

    unhandled = 0;
    await enqueueNoops(db, 1);
    armed = true;
    const boss = new PgBoss({ db: pgBossAdapter(flaky), supervise: false, schedule: false, migrate: false });
    await boss.start();
    await boss.work(noop.name, { pollingIntervalSeconds: 0.5 }, async () => undefined);
    await until(async () => !armed, 10_000, 'work() to acknowledge');
    await sleep(1_000);
    await boss.stop({ graceful: false, close: false });
    return { runner, work: unhandled };
  } finally {
    process.off('unhandledRejection', count);
  }
}
