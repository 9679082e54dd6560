import { setTimeout as sleep } from 'node:timers/promises';
import { jobFailures } from '../metrics.js';
import type { Services } from '../services.js';
import { type JobLog, type JobType, PermanentJobError, parsePayload } from './job-type.js';
import type { FetchedJob, JobQueue } from './queue.js';
import type { Scheduler } from './schedule.js';

export interface RunnerOptions {
  /** How long an idle job type waits before asking the queue again. */
  pollIntervalMs: number;
  /** How often the schedule is checked for a new slot. */
  scheduleTickMs: number;
  /** How long shutdown waits for running jobs before aborting them (an aborted job is failed and runs again later). */
  shutdownGraceMs: number;
}

/**
 * Runs jobs: one polling loop per job type (up to its `concurrency` at once) and the schedule
 * ticker. `stop()` stops taking jobs, lets running ones finish for `shutdownGraceMs`, then
 * aborts the rest, which are failed back to the queue and run again after their backoff.
 *
 * The loop is ours, over pg-boss's fetch, complete and fail (its retries, backoff and expiry);
 * pg-boss's own `work()` loop would wait out its polling interval after every batch, give a
 * handler no signal when its time is up (the retry then runs beside it), and acknowledge without
 * awaiting, so a failed acknowledgement ends the process (bench/README.md, "Job queue").
 */
export class JobRunner {
  /** Aborted when the runner stops taking jobs. */
  private readonly stopping = new AbortController();
  /** Aborted when running jobs must give up (shutdown grace over). */
  private readonly cancelling = new AbortController();
  private readonly wakers = new Map<string, () => void>();
  /** Wake-ups that came while a loop was busy: its next idle returns at once. */
  private readonly pendingWakes = new Set<string>();
  private loops: Promise<void>[] = [];

  constructor(
    private readonly queue: JobQueue,
    private readonly scheduler: Scheduler,
    private readonly services: Services,
    private readonly log: JobLog,
    private readonly options: RunnerOptions,
  ) {}

  start(): void {
    this.loops = [...this.queue.jobTypes.map((type) => this.poll(type)), this.tickSchedule()];
  }

  /** Asks a job type's loop to look at the queue now (after an enqueue in this process). */
  wake(name: string): void {
    const waker = this.wakers.get(name);
    if (waker) waker();
    else this.pendingWakes.add(name);
  }

  async stop(): Promise<void> {
    if (this.stopping.signal.aborted) return Promise.all(this.loops).then(() => undefined);
    this.stopping.abort();
    const grace = setTimeout(() => this.cancelling.abort(), this.options.shutdownGraceMs);
    try {
      await Promise.all(this.loops);
    } finally {
      clearTimeout(grace);
    }
  }

  private async tickSchedule(): Promise<void> {
    while (!this.stopping.signal.aborted) {
      try {
        const enqueued = await this.scheduler.tick();
        for (const name of enqueued) this.log.info({ schedule: name }, 'scheduled job enqueued');
        for (const name of enqueued) this.wake(name);
      } catch (error) {
        this.log.error({ err: error }, 'schedule tick failed');
      }
      await sleep(this.options.scheduleTickMs, undefined, { signal: this.stopping.signal }).catch(() => undefined);
    }
  }

  private async poll(type: JobType): Promise<void> {
    const running = new Set<Promise<void>>();
    while (!this.stopping.signal.aborted) {
      let fetched: FetchedJob[] = [];
      const room = type.concurrency - running.size;
      if (room > 0) {
        try {
          fetched = await this.queue.fetch(type, room);
        } catch (error) {
          this.log.error({ err: error, job: type.name }, 'fetching jobs failed');
        }
        for (const job of fetched) {
          const run = this.run(type, job).finally(() => running.delete(run));
          running.add(run);
        }
      }
      // A full batch may mean more are waiting: ask again as soon as there is room.
      if (fetched.length > 0 && fetched.length === room && running.size < type.concurrency) continue;
      await this.idle(type.name, running);
    }
    await Promise.all(running);
  }

  /** Waits for the poll interval, a wake-up, a running job to end, or shutdown. */
  private async idle(name: string, running: Set<Promise<void>>): Promise<void> {
    if (this.pendingWakes.delete(name)) return;
    const waited = new AbortController();
    const woken = new Promise<void>((resolve) => this.wakers.set(name, resolve));
    try {
      await Promise.race([
        sleep(this.options.pollIntervalMs, undefined, { signal: AbortSignal.any([waited.signal, this.stopping.signal]) }).catch(
          () => undefined,
        ),
        woken,
        ...running,
      ]);
    } finally {
      waited.abort();
      this.wakers.delete(name);
    }
  }

  private async run(type: JobType, job: FetchedJob): Promise<void> {
    const attempt = job.retryCount + 1;
    const fields = { job: type.name, id: job.id, attempt };
    // An explicit timer rather than AbortSignal.timeout: a timeout signal only weakly held can be collected before it fires.
    const controller = new AbortController();
    const expiry = setTimeout(() => controller.abort(new JobExpiredError()), type.expireInSeconds * 1000);
    const onCancel = () => controller.abort(this.cancelling.signal.reason);
    this.cancelling.signal.addEventListener('abort', onCancel, { once: true });
    const signal = controller.signal;
    try {
      const payload = parsePayload(type, job.data);
      await untilAborted(type.handle(payload, { services: this.services, signal, attempt, log: this.log }), signal);
      await this.queue.complete(type, job.id);
      this.log.info(fields, 'job done');
    } catch (thrown) {
      const error = thrown instanceof Error ? thrown : new Error(String(thrown), { cause: thrown });
      try {
        if (error instanceof PermanentJobError) await this.queue.abandon(type, job.id, error);
        else await this.queue.fail(type, job.id, error);
      } catch (failing) {
        // Not acknowledged: the run outlives its expiry and the queue's maintenance retries it.
        this.log.error({ ...fields, err: failing }, 'could not record the failed run');
      }
      const permanent = error instanceof PermanentJobError;
      jobFailures.inc({ job: type.name, permanent: String(permanent) });
      this.log.warn({ ...fields, err: error, permanent }, 'job failed');
    } finally {
      clearTimeout(expiry);
      this.cancelling.signal.removeEventListener('abort', onCancel);
    }
  }
}

/** The handler's promise, or a rejection as soon as `signal` aborts (a handler ignoring its signal is not waited for). */
function untilAborted(work: Promise<void>, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(abortReason(signal));
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

class JobExpiredError extends Error {
  constructor() {
    super('job ran past its expireInSeconds');
    this.name = 'JobExpiredError';
  }
}

function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof JobExpiredError) return reason;
  return new Error('worker shut down while the job ran', { cause: reason });
}
