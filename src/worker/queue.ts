import PgBoss from 'pg-boss';
import type { Static, TSchema } from 'typebox';
import type { Database, Queryable } from '../db/database.js';
import { type JobType, parsePayload } from './job-type.js';
import { pgBossAdapter } from './pg-boss-adapter.js';

/** Any constant, distinct from the migration lock's: every process creating queues takes it. */
const QUEUE_SETUP_LOCK_KEY = 7_240_502;

/** A job taken from the queue: this worker holds it until it completes or fails it. */
export interface FetchedJob {
  id: string;
  data: unknown;
  /** 0 on the first run. */
  retryCount: number;
}

export interface QueueOptions {
  /**
   * Whether this process runs pg-boss's maintenance (fails jobs whose run outlived their
   * `expireInSeconds`, so a killed worker's job runs again; archives and deletes finished jobs).
   * Worker processes do; a process that only enqueues does not. Several processes may: the
   * database lets one of them through per interval.
   */
  supervise: boolean;
  maintenanceIntervalSeconds: number;
  /** pg-boss reports maintenance failures as events; an unheard 'error' event would end the process. */
  onError(error: Error): void;
}

/**
 * The job queue: pg-boss (its `pgboss` schema, created and upgraded here under an advisory
 * lock) driven through our own executor on either engine. Every job type has a queue of
 * policy `short`: at most one job per dedupe key waits to start.
 */
export class JobQueue {
  private readonly listeners: ((name: string) => void)[] = [];

  private constructor(
    private readonly boss: PgBoss,
    private readonly types: ReadonlyMap<string, JobType>,
  ) {}

  static async open(db: Database, types: readonly JobType[], options: QueueOptions): Promise<JobQueue> {
    const boss = new PgBoss({
      db: pgBossAdapter(db),
      supervise: options.supervise,
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds,
      // The schedule is ours (schedule.ts): pg-boss's cron enqueues at most once a minute and never a
      // slot that passed while no process ran (bench/README.md, "Job queue").
      schedule: false,
      migrate: true,
    });
    boss.on('error', (error) => options.onError(error));
    await boss.start();
    try {
      await db.transaction(async (tx) => {
        // Two processes creating one queue at once deadlock inside pg-boss's create_queue (4 of 4
        // tries on PostgreSQL 15): creators take turns, and a later one finds the queue there.
        await tx.query(/* SQL job_queue_setup_lock */ `SELECT pg_advisory_xact_lock($1)`, [QUEUE_SETUP_LOCK_KEY]);
        const creator = new PgBoss({ db: pgBossAdapter(tx), supervise: false, schedule: false, migrate: false });
        for (const type of types) await creator.createQueue(type.name, { name: type.name, policy: 'short' });
      });
    } catch (error) {
      await boss.stop({ graceful: false, close: false });
      throw error;
    }
    return new JobQueue(boss, new Map(types.map((type) => [type.name, type])));
  }

  /** The job types this queue accepts. */
  get jobTypes(): JobType[] {
    return [...this.types.values()];
  }

  /**
   * Adds a job. Through a transaction's executor, the job exists only if that transaction
   * commits (an outbox: a rolled-back write never fires its job). Returns the job id, or null
   * when a job with the same dedupe key is already waiting.
   */
  async enqueue<S extends TSchema>(
    type: JobType<S>,
    payload: Static<S>,
    options: { executor?: Queryable; startAfterSeconds?: number } = {},
  ): Promise<string | null> {
    if (this.types.get(type.name) !== (type as JobType)) throw new Error(`job type ${type.name} is not registered with this queue`);
    // A malformed payload is a programming error: refused here, not found by the worker later.
    parsePayload(type, payload);
    const id = await this.boss.send(type.name, payload as object, {
      ...(options.executor ? { db: pgBossAdapter(options.executor) } : {}),
      singletonKey: type.dedupeKey(payload),
      retryLimit: type.retry.limit,
      retryDelay: type.retry.delaySeconds,
      retryBackoff: type.retry.backoff,
      expireInSeconds: type.expireInSeconds,
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
    });
    if (id !== null) for (const listener of this.listeners) listener(type.name);
    return id;
  }

  /** Called after each enqueue by this process (an in-process worker then looks at once). */
  onEnqueued(listener: (name: string) => void): void {
    this.listeners.push(listener);
  }

  /** Takes up to `limit` jobs of one type that are due (FOR UPDATE SKIP LOCKED: never one job to two workers). */
  async fetch(type: JobType, limit: number): Promise<FetchedJob[]> {
    const jobs = await this.boss.fetch<unknown>(type.name, { batchSize: limit, includeMetadata: true });
    return (jobs ?? []).map((job) => ({ id: job.id, data: job.data, retryCount: job.retryCount }));
  }

  async complete(type: JobType, id: string): Promise<void> {
    await this.boss.complete(type.name, id);
  }

  /** Fails the run; the job runs again after its backoff while retries remain. */
  async fail(type: JobType, id: string, error: Error): Promise<void> {
    await this.boss.fail(type.name, id, { message: error.message, name: error.name });
  }

  /** Fails the job for good: running it again cannot succeed (an invalid payload, a permanent error). */
  async abandon(type: JobType, id: string, error: Error): Promise<void> {
    await this.boss.fail(type.name, id, { message: error.message, name: error.name, permanent: true });
    // fail() put it back for a retry when retries remained; cancelled, it never runs again (the reason stays in its output).
    await this.boss.cancel(type.name, id);
  }

  /** Runs pg-boss's maintenance now (expired runs back to the queue; finished jobs archived). */
  async maintain(): Promise<void> {
    await this.boss.maintain();
  }

  /** Stops maintenance; jobs this process holds are the worker's to finish or fail first. */
  async close(): Promise<void> {
    await this.boss.stop({ graceful: false, close: false });
  }
}
