/**
 * Webhook deliveries through each queue the worker could use (bench/job-queue.ts runs this):
 * the `webhook_deliveries` table under the delivery loop (claimDue, recordOutcomes), and pg-boss
 * jobs, one per delivery, carrying what the claim would have read. The attempt itself is
 * simulated (a timer; every `slowEvery`th delivery a slow receiver): the HTTP and the charging
 * cost the same on every path, so what differs is the queue alone. Every pg-boss path also writes
 * the outcome to `webhook_deliveries`, because the monitor's event list and delivery counts read
 * that table (a pg-boss job is archived after hours and deleted after days).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import type { Database } from '../src/db/database.js';
import { insertEvents } from '../src/db/events.sql.js';
import { buildEvent, eventDetail } from '../src/domain/events.js';
import { type ClaimedDelivery, type DeliveryOutcome, claimDue, recordOutcomes } from '../src/resources/monitors/deliveries.sql.js';
import type { AttemptDone, DeliveryService } from '../src/resources/monitors/delivery.js';
import type { Services } from '../src/services.js';
import { DeliveryLoop } from '../src/worker/delivery-loop.js';
import { pgBossAdapter } from '../src/worker/pg-boss-adapter.js';

export interface Scenario {
  deliveries: number;
  /** Deliveries in flight at once (WEBHOOK_CONCURRENCY's default). */
  concurrency: number;
  fastMs: number;
  /** Every this many deliveries, one takes `slowMs` (0: none). */
  slowEvery: number;
  slowMs: number;
}

export interface PathResult {
  path: string;
  /** Recording the events (their delivery rows), then inserting the pg-boss jobs, if any. */
  recordMs: number;
  enqueueMs: number;
  seconds: number;
  rate: number;
  /** When the last delivery to a fast receiver was written: what a slow receiver holds up. */
  fastSeconds: number;
  errors: number;
}

const CHUNK = 5_000;
const CLAIM_HOLD_MS = 15_000;
const quiet = (errors: unknown[]) => ({ info: () => undefined, warn: () => undefined, error: (f: object) => void errors.push(f) });
const detail = eventDetail.assignment({ reelFrame: '067123/0456', conveyanceType: 'ASSIGNMENT', assignees: ['ACME CORPORATION'] });

/** The rows a claim returns, read without claiming: what a pg-boss job has to carry instead. */
const READ_DUE = `SELECT d.delivery_id, d.monitor_id, d.org_id, d.attempts, m.webhook_url, m.secret, e.event_id, e.event_type,
                         e.occurred_on::text AS occurred_on, e.detected_at, e.application_number, e.patent_number, e.entity_id, e.detail
                  FROM webhook_deliveries d JOIN monitors m USING (monitor_id) JOIN events e ON e.seq = d.event_seq
                  WHERE d.monitor_id = $1 ORDER BY d.event_seq`;

interface Prepared {
  monitorId: string;
  order: Map<string, number>;
  recordMs: number;
  rows: ClaimedDelivery[];
}

/** A monitor on its own application and `n` events for it, recorded as an ingest records them (their deliveries with them). */
async function prepare(services: Services, db: Database, orgId: string, run: number, n: number): Promise<Prepared> {
  const applicationNumber = String(18_700_000 + run);
  const monitor = await services.monitors.create(orgId, {
    targets: { application_numbers: [applicationNumber] },
    webhook_url: 'http://127.0.0.1:9/unused',
  });
  const events = Array.from({ length: n }, (_, i) =>
    buildEvent('assignment', { applicationNumber, patentNumber: '11987654' }, '2026-11-20', `jq-${run}-${i}`, detail),
  );
  const started = performance.now();
  for (let from = 0; from < n; from += CHUNK) {
    const chunk = events.slice(from, from + CHUNK);
    await db.transaction((tx) => insertEvents(tx, chunk, new Date(), null));
  }
  const recordMs = performance.now() - started;
  const { rows } = await db.query<ClaimedDelivery>(READ_DUE, [monitor.monitor_id]);
  if (rows.length !== n) throw new Error(`expected ${n} deliveries, the events made ${rows.length}`);
  return { monitorId: monitor.monitor_id, order: new Map(rows.map((row, i) => [row.delivery_id, i])), recordMs, rows };
}

/** The simulated receivers: a timer per attempt, and when the last fast one ended. */
class Receivers {
  fastLeft: number;
  fastDoneAt = 0;
  constructor(
    private readonly scenario: Scenario,
    private readonly order: Map<string, number>,
  ) {
    const slow = scenario.slowEvery > 0 ? Math.floor(scenario.deliveries / scenario.slowEvery) : 0;
    this.fastLeft = scenario.deliveries - slow;
  }

  async attempt(delivery: ClaimedDelivery): Promise<void> {
    const index = this.order.get(delivery.delivery_id)!;
    const slow = this.scenario.slowEvery > 0 && index % this.scenario.slowEvery === this.scenario.slowEvery - 1;
    await sleep(slow ? this.scenario.slowMs : this.scenario.fastMs);
    if (!slow && --this.fastLeft === 0) this.fastDoneAt = performance.now();
  }
}

/** A table claim has counted the attempt already; a pg-boss job's row still shows the attempts before it. */
const delivered = (delivery: ClaimedDelivery, counted: boolean): DeliveryOutcome => ({
  delivery_id: delivery.delivery_id,
  claimed_attempts: delivery.attempts,
  status: 'delivered',
  attempts: counted ? delivery.attempts : delivery.attempts + 1,
  http_status: 200,
  error: null,
  wait_ms: 0,
});

async function pendingOf(db: Database, monitorId: string): Promise<boolean> {
  const { rows } = await db.query<{ busy: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM webhook_deliveries WHERE monitor_id = $1 AND status = 'pending') AS busy`,
    [monitorId],
  );
  return rows[0]!.busy;
}

async function untilDelivered(db: Database, monitorId: string, limitMs: number): Promise<void> {
  const started = performance.now();
  while (await pendingOf(db, monitorId)) {
    if (performance.now() - started > limitMs) throw new Error(`deliveries still pending after ${limitMs / 1000} s`);
    await sleep(50);
  }
}

/** Each path by its `--paths` key. */
export const PATHS = {
  table: 'table',
  fetch: 'pg-boss fetch',
  work: 'pg-boss work()',
  'work-n': 'pg-boss work() ×N',
} as const;
type Path = (typeof PATHS)[keyof typeof PATHS];

/** One path over a fresh monitor's deliveries, until every one is written as delivered. */
export async function runPath(
  path: Path,
  context: { services: Services; db: Database; orgId: string; run: number; limitMs: number },
  scenario: Scenario,
): Promise<PathResult> {
  const { services, db } = context;
  const prepared = await prepare(services, db, context.orgId, context.run, scenario.deliveries);
  const receivers = new Receivers(scenario, prepared.order);
  const errors: unknown[] = [];
  const log = quiet(errors);
  let enqueueMs = 0;
  let started: number;
  let stop: () => Promise<void>;
  if (path === 'table') {
    const service = {
      newSender: () => ({ close: async () => undefined }),
      claim: (limit: number) => claimDue(db, limit, CLAIM_HOLD_MS),
      attempt: async (_sender: unknown, delivery: ClaimedDelivery): Promise<AttemptDone> => {
        await receivers.attempt(delivery);
        return { outcome: delivered(delivery, true), charge: null };
      },
      record: (done: readonly AttemptDone[]) =>
        recordOutcomes(
          db,
          done.map((d) => d.outcome),
        ).then(() => undefined),
    } as unknown as DeliveryService;
    started = performance.now();
    const loop = new DeliveryLoop(service, log, { concurrency: scenario.concurrency, pollIntervalMs: 50 });
    loop.start();
    stop = () => loop.stop();
  } else {
    const queue = `bench.deliver-${context.run}`;
    const boss = new PgBoss({ db: pgBossAdapter(db), supervise: false, schedule: false, migrate: false });
    boss.on('error', (error) => errors.push(error));
    await boss.start();
    await boss.createQueue(queue, { name: queue, policy: 'standard' });
    const enqueueStarted = performance.now();
    for (let from = 0; from < prepared.rows.length; from += CHUNK) {
      const jobs = prepared.rows.slice(from, from + CHUNK).map((row) => ({ name: queue, data: row, expireInSeconds: 15 }));
      await db.transaction((tx) => boss.insert(jobs, { db: pgBossAdapter(tx) }));
    }
    enqueueMs = performance.now() - enqueueStarted;
    const attemptAll = async (jobs: PgBoss.Job<ClaimedDelivery>[]) => {
      const outcomes = await Promise.all(
        jobs.map(async (job) => {
          await receivers.attempt(job.data);
          return delivered(job.data, false);
        }),
      );
      await recordOutcomes(db, outcomes);
    };
    started = performance.now();
    if (path === 'pg-boss fetch') {
      // The delivery loop itself (claim while it has room, outcomes in batches) over pg-boss's fetch and complete.
      const ids = new Map<string, string>();
      const service = {
        newSender: () => ({ close: async () => undefined }),
        claim: async (limit: number) => {
          const jobs = (await boss.fetch<ClaimedDelivery>(queue, { batchSize: limit })) ?? [];
          for (const job of jobs) ids.set(job.data.delivery_id, job.id);
          return jobs.map((job) => job.data);
        },
        attempt: async (_sender: unknown, delivery: ClaimedDelivery): Promise<AttemptDone> => {
          await receivers.attempt(delivery);
          return { outcome: delivered(delivery, false), charge: null };
        },
        record: async (done: readonly AttemptDone[]) => {
          await recordOutcomes(
            db,
            done.map((d) => d.outcome),
          );
          await boss.complete(
            queue,
            done.map((d) => ids.get(d.outcome.delivery_id)!),
          );
        },
      } as unknown as DeliveryService;
      const loop = new DeliveryLoop(service, log, { concurrency: scenario.concurrency, pollIntervalMs: 50 });
      loop.start();
      stop = async () => {
        await loop.stop();
        await boss.stop({ graceful: false, close: false });
      };
    } else {
      // pg-boss's own loop at its shortest polling interval: one batch of `concurrency`, or that many loops of one.
      const loops = path === 'pg-boss work()' ? 1 : scenario.concurrency;
      const batchSize = path === 'pg-boss work()' ? scenario.concurrency : 1;
      for (let i = 0; i < loops; i++) await boss.work<ClaimedDelivery>(queue, { batchSize, pollingIntervalSeconds: 0.5 }, attemptAll);
      stop = () => boss.stop({ graceful: true, timeout: 1_000, close: false });
    }
  }
  try {
    await untilDelivered(db, prepared.monitorId, context.limitMs);
  } finally {
    await stop();
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    path,
    recordMs: prepared.recordMs,
    enqueueMs,
    seconds,
    rate: scenario.deliveries / seconds,
    fastSeconds: (receivers.fastDoneAt - started) / 1000,
    errors: errors.length,
  };
}

/**
 * The waits pg-boss puts between the attempts of a job that keeps failing: `retryDelay` 60 s with
 * `retryBackoff`, as close as its settings come to D16's schedule. Each retry's wait is read from
 * `start_after`, then moved to now so the next attempt can be fetched at once.
 */
export async function pgBossRetryWaits(db: Database, jobs: number, retries: number): Promise<number[][]> {
  const queue = 'bench.retry-waits';
  const boss = new PgBoss({ db: pgBossAdapter(db), supervise: false, schedule: false, migrate: false });
  await boss.start();
  await boss.createQueue(queue, { name: queue, policy: 'standard' });
  const waits: number[][] = [];
  try {
    for (let j = 0; j < jobs; j++) {
      const id = (await boss.send(queue, {}, { retryLimit: retries, retryDelay: 60, retryBackoff: true }))!;
      const row: number[] = [];
      for (let r = 0; r < retries; r++) {
        const [job] = (await boss.fetch(queue)) ?? [];
        if (job?.id !== id) throw new Error('the failed job was not fetched again');
        await boss.fail(queue, id, new Error('the receiver answered 500'));
        const { rows } = await db.query<{ wait: number }>(
          `SELECT extract(epoch FROM start_after - now())::float8 AS wait FROM pgboss.job WHERE id = $1`,
          [id],
        );
        row.push(rows[0]!.wait);
        await db.query(`UPDATE pgboss.job SET start_after = now() - interval '1 second' WHERE id = $1`, [id]);
      }
      waits.push(row);
      await boss.deleteJob(queue, id);
    }
  } finally {
    await boss.stop({ graceful: false, close: false });
  }
  return waits;
}
