import type { Services } from '../services.js';
import type { JobLog } from './job-type.js';
import { JobQueue } from './queue.js';
import { REGISTRY, type Registration } from './registry.js';
import { type RunnerOptions, JobRunner } from './runner.js';
import { resolveSchedule, Scheduler } from './schedule.js';
import { DeliveryLoop } from './delivery-loop.js';

export interface WorkerOptions extends RunnerOptions {
  /** pg-boss maintenance: how soon a killed worker's expired job is put back in the queue. */
  maintenanceIntervalSeconds: number;
  /** How often an idle worker looks for due webhook deliveries. */
  deliveryPollMs: number;
}

export const WORKER_DEFAULTS: WorkerOptions = {
  pollIntervalMs: 2_000,
  scheduleTickMs: 5_000,
  // Under the 30 s most supervisors allow between SIGTERM and SIGKILL.
  shutdownGraceMs: 20_000,
  maintenanceIntervalSeconds: 30,
  deliveryPollMs: 1_000,
};

export interface RunningWorker {
  queue: JobQueue;
  /** Stops taking jobs, lets running ones finish (see RunnerOptions.shutdownGraceMs), stops maintenance. */
  stop(): Promise<void>;
}

/**
 * Starts a worker on the composition root's services: opens the queue (creating or upgrading
 * pg-boss's schema), puts the runs of killed workers whose time is up back in the queue, and
 * runs every registered job type and the schedule until `signal` aborts or `stop()` is called.
 */
export async function startWorker(
  services: Services,
  options: { log: JobLog; signal?: AbortSignal; registry?: readonly Registration[] } & Partial<WorkerOptions>,
): Promise<RunningWorker> {
  const settings: WorkerOptions = { ...WORKER_DEFAULTS, ...definedOnly(options) };
  const registry = options.registry ?? REGISTRY;
  const { db } = services.context;
  const queue = await JobQueue.open(
    db,
    registry.map((entry) => entry.job),
    {
      supervise: true,
      maintenanceIntervalSeconds: settings.maintenanceIntervalSeconds,
      onError: (error) => options.log.error({ err: error }, 'job queue maintenance failed'),
    },
  );
  try {
    await queue.maintain();
  } catch (error) {
    await queue.close();
    throw error;
  }
  const scheduler = new Scheduler(
    db,
    queue,
    resolveSchedule(
      registry.flatMap((entry) => (entry.schedule ? [entry.schedule] : [])),
      services.context.config,
    ),
  );
  const runner = new JobRunner(queue, scheduler, services, options.log, settings);
  queue.onEnqueued((name) => runner.wake(name));
  runner.start();
  const deliveries = new DeliveryLoop(services.deliveries, options.log, {
    concurrency: services.context.config.webhooks.concurrency,
    pollIntervalMs: settings.deliveryPollMs,
  });
  deliveries.start();
  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      await Promise.all([runner.stop(), deliveries.stop()]);
      await queue.close();
    })());
  options.signal?.addEventListener('abort', () => void stop(), { once: true });
  if (options.signal?.aborted) void stop();
  return { queue, stop };
}

function definedOnly(options: Partial<WorkerOptions>): Partial<WorkerOptions> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => typeof value === 'number'));
}
