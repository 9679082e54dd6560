import { parseArgs } from 'node:util';
import { createNotifier } from '../billing/notifier.js';
import type { Config } from '../config.js';
import { migrate } from '../db/migrate.js';
import { openDatabase } from '../db/open.js';
import { buildServices } from '../services.js';
import { REGISTRY } from '../worker/registry.js';
import { startWorker } from '../worker/start.js';
import type { ScheduleEntry } from '../worker/schedule.js';
import { UsageError } from './admin.js';
import { createLogger } from './serve.js';
import { aborted, shutdownSignal } from './shutdown.js';

export const WORKER_USAGE = `usage: patent-status worker
  Runs background jobs until SIGINT or SIGTERM, then lets running jobs finish (20 s at most;
  a job cut short runs again later). Run any number of worker processes against one
  PostgreSQL database (DATABASE_URL): each job runs in one of them. On the embedded engine,
  serve and demo run the jobs themselves (one process per data directory).
  Jobs: ${REGISTRY.map(({ job, schedule }) => `${job.name}${schedule ? ` (${describeRule(schedule)})` : ''}`).join(', ')}`;

function describeRule({ rule, ruleText }: ScheduleEntry): string {
  if (typeof rule === 'function') return ruleText ?? 'decided by the configuration';
  return 'cron' in rule ? `cron "${rule.cron}" ${rule.timeZone ?? 'UTC'}` : `every ${rule.everySeconds} s`;
}

/** `patent-status worker`: runs every registered job type and the schedule until the process is told to stop. */
export async function runWorker(config: Config, argv: string[], out: (line: string) => void = console.log): Promise<void> {
  let help: boolean | undefined;
  try {
    ({ help } = parseArgs({ args: argv, options: { help: { type: 'boolean', short: 'h' } }, strict: true }).values);
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${WORKER_USAGE}`);
  }
  if (help) {
    out(WORKER_USAGE);
    return;
  }
  const logger = createLogger(config);
  const signal = shutdownSignal(logger);
  const db = await openDatabase(config);
  try {
    await migrate(db);
    const services = buildServices({ config, db, notifier: createNotifier(config.smtp, logger) });
    const worker = await startWorker(services, { log: logger.child({ component: 'worker' }), signal });
    logger.info({ engine: db.engine, jobs: worker.queue.jobTypes.map((job) => job.name) }, 'worker started');
    await aborted(signal);
    await worker.stop();
    // Units a job charged (webhook deliveries, later) go back to the database before it closes.
    await services.charging.close();
    logger.info('worker stopped');
  } finally {
    await db.close();
  }
}
