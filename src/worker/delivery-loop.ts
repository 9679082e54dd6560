import type { AttemptDone, DeliveryService } from '../resources/monitors/delivery.js';
import type { JobLog } from './job-type.js';

export interface DeliveryLoopOptions {
  /** Deliveries in flight at once (WEBHOOK_CONCURRENCY). */
  concurrency: number;
  /** How long an idle loop waits before looking for due deliveries again. */
  pollIntervalMs: number;
}

/** Outcomes are written together: at most this many, or after this long. */
const FLUSH_SIZE = 200;
const FLUSH_AFTER_MS = 50;

/**
 * Drives webhook deliveries on a worker: claims due ones while it has room, sends each at once,
 * and writes outcomes in batches (one statement per batch, not per delivery). `stop()` stops
 * claiming, lets attempts in flight end (each within its time-out) and writes their outcomes; a
 * delivery whose outcome was never written is due again when its claim runs out.
 *
 * Deliveries are rows of their own, not pg-boss jobs: the monitor's event list and counts read
 * them long after a job would be archived, D16's retry schedule is not pg-boss's doubling backoff,
 * and pg-boss's `work()` takes one batch per polling interval, 128 deliveries/s at 64 in flight
 * (bench/README.md, "Job queue").
 */
export class DeliveryLoop {
  private readonly stopping = new AbortController();
  private readonly stopped = new Promise<void>((resolve) =>
    this.stopping.signal.addEventListener('abort', () => resolve(), { once: true }),
  );
  private readonly inFlight = new Set<Promise<void>>();
  private buffer: AttemptDone[] = [];
  private flushing: Promise<void> = Promise.resolve();
  private flushTimer: NodeJS.Timeout | null = null;
  private loop: Promise<void> | null = null;
  private readonly sender;

  constructor(
    private readonly deliveries: DeliveryService,
    private readonly log: JobLog,
    private readonly options: DeliveryLoopOptions,
  ) {
    this.sender = deliveries.newSender();
  }

  start(): void {
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await this.loop;
    await Promise.all(this.inFlight);
    await this.flush();
    await this.sender.close();
  }

  private async run(): Promise<void> {
    while (!this.stopping.signal.aborted) {
      const room = this.options.concurrency - this.inFlight.size;
      let claimed = 0;
      // Claims in batches: waiting for a quarter of the room to free up keeps claims few and large.
      if (room > 0 && (room >= this.options.concurrency / 4 || this.inFlight.size === 0)) {
        try {
          const due = await this.deliveries.claim(room);
          claimed = due.length;
          for (const delivery of due) {
            const attempt = this.deliveries
              .attempt(this.sender, delivery)
              .then((done) => this.collect(done))
              .catch((error: unknown) => this.log.error({ err: error, delivery: delivery.delivery_id }, 'delivery attempt failed'))
              .finally(() => this.inFlight.delete(attempt));
            this.inFlight.add(attempt);
          }
        } catch (error) {
          this.log.error({ err: error }, 'claiming deliveries failed');
        }
      }
      if (claimed > 0 && this.inFlight.size < this.options.concurrency) continue;
      await this.pause(this.inFlight.size > 0 ? FLUSH_AFTER_MS : this.options.pollIntervalMs);
    }
  }

  /** Until `ms` pass, an attempt ends or the loop stops; the timer is cleared either way (no listener left behind). */
  private async pause(ms: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([new Promise<void>((resolve) => (timer = setTimeout(resolve, ms))), this.stopped, ...this.inFlight]);
    } finally {
      clearTimeout(timer);
    }
  }

  private collect(done: AttemptDone): void {
    this.buffer.push(done);
    if (this.buffer.length >= FLUSH_SIZE) void this.flush();
    else this.flushTimer ??= setTimeout(() => void this.flush(), FLUSH_AFTER_MS);
  }

  /** Writes the collected outcomes; flushes run one after another. */
  private flush(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    const batch = this.buffer;
    this.buffer = [];
    this.flushing = this.flushing.then(async () => {
      if (batch.length === 0) return;
      try {
        await this.deliveries.record(batch);
      } catch (error) {
        this.log.error({ err: error, outcomes: batch.length }, 'writing delivery outcomes failed; those deliveries are sent again');
      }
    });
    return this.flushing;
  }
}
