import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createNotifier } from '../billing/notifier.js';
import type { Config } from '../config.js';
import type { AppContext } from '../context.js';
import { migrate } from '../db/migrate.js';
import { settleDocketRules } from '../facts/docket.js';
import { openDatabase } from '../db/open.js';
import { buildMetricsServer } from '../http/metrics-server.js';
import { buildServices } from '../services.js';
import { REGISTRY } from '../worker/registry.js';
import { startWorker } from '../worker/start.js';
import type { ScheduleEntry } from '../worker/schedule.js';
import { OperatorError } from './operator-error.js';
import { createLogger } from './serve.js';
import { aborted, shutdownSignal } from './shutdown.js';

export const WORKER_USAGE = `usage: patent-status worker
  Delivers the monitors' webhooks (WEBHOOK_CONCURRENCY at once, retried after WEBHOOK_RETRY_DELAYS)
  and runs the jobs below until SIGINT or SIGTERM, then lets running jobs finish (20 s at most;
  a job cut short runs again later). Run any number of worker processes against one
  PostgreSQL database (DATABASE_URL): each job runs in one of them. On the embedded engine,
  serve and demo run the jobs themselves (one process per data directory).
  With WORKER_METRICS_PORT set, it also answers GET /metrics (this process's job failures,
  webhook deliveries and ingests; METRICS_TOKEN guards it as on serve) and GET /health/live on
  WORKER_METRICS_HOST (default 0.0.0.0) at that port; without it, it listens on nothing.
  Jobs:
${REGISTRY.map(({ job, schedule }) => `    ${job.name}${schedule ? `: ${describeRule(schedule)}` : ''}`).join('\n')}`;

function describeRule({ rule, ruleText }: ScheduleEntry): string {
  if (typeof rule === 'function') return ruleText ?? 'decided by the configuration';
  return 'cron' in rule ? `cron "${rule.cron}" ${rule.timeZone ?? 'UTC'}` : `every ${rule.everySeconds} s`;
}

/** `patent-status worker`: delivers webhooks and runs every registered job type and the schedule until the process is told to stop. */
export async function runWorker(config: Config): Promise<void> {
  const logger = createLogger(config);
  const signal = shutdownSignal(logger);
  const db = await openDatabase(config);
  try {
    await migrate(db);
    await settleDocketRules(db, config.officeClosures);
    const services = buildServices({ config, db, notifier: createNotifier(config.smtp, logger) });
    // Listening first: a port already taken stops the command before it takes any job.
    const metrics = config.workerMetrics && (await listenForMetrics(services.context, config.workerMetrics, logger));
    try {
      const worker = await startWorker(services, { log: logger.child({ component: 'worker' }), signal });
      logger.info({ engine: db.engine, jobs: worker.queue.jobTypes.map((job) => job.name) }, 'worker started');
      await aborted(signal);
      // Still scraped while running jobs finish; closed after them.
      await worker.stop();
    } finally {
      await metrics?.close();
    }
    // Units a job charged (webhook deliveries, later) go back to the database before it closes.
    await services.charging.close();
    logger.info('worker stopped');
  } finally {
    await db.close();
  }
}

/** Why an address cannot be listened on, in a few words; the errors an operator's setting causes. */
const LISTEN_MISTAKES: Record<string, string> = {
  EADDRINUSE: 'address already in use',
  EADDRNOTAVAIL: 'address not available on this machine',
  EACCES: 'permission denied',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found',
};

/** The worker's metrics listener (WORKER_METRICS_PORT), listening; an address it cannot have is the operator's to fix. */
export async function listenForMetrics(
  context: AppContext,
  address: { host: string; port: number },
  logger: FastifyBaseLogger,
): Promise<FastifyInstance> {
  const server = await buildMetricsServer(context, { logger: logger.child({ component: 'metrics' }) });
  try {
    await server.listen(address);
  } catch (error) {
    await server.close();
    const reason = LISTEN_MISTAKES[(error as NodeJS.ErrnoException).code ?? ''];
    if (reason === undefined) throw error;
    throw new OperatorError(
      `cannot listen on ${address.host}:${address.port} for /metrics: ${reason} (set WORKER_METRICS_HOST or WORKER_METRICS_PORT)`,
      { cause: error },
    );
  }
  logger.info({ host: address.host, port: address.port }, 'worker metrics listening');
  return server;
}
