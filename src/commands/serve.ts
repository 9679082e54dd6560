import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { rumOffered, wordsIndexOf } from '../db/search-index.js';
import { migrate } from '../db/migrate.js';
import { settleDocketRules } from '../facts/docket.js';
import { openDatabase, openReadRouter } from '../db/open.js';
import type { ReadRouter } from '../db/read-router.js';
import { buildApp, type App } from '../http/app.js';
import { createNotifier } from '../billing/notifier.js';
import { buildServices } from '../services.js';
import { type RunningWorker, type WorkerOptions, startWorker } from '../worker/start.js';
import pino from 'pino';
import { shutdownSignal } from './shutdown.js';

export const USAGE = `usage: patent-status serve
  Applies pending migrations, then serves the API on HOST:PORT: accounts, the data routes under /v1,
  /health, /health/ready, /metrics (METRICS_TOKEN guards it when set), /openapi.json, /agents.md and
  /.well-known/skills/default/skill.md. SIGINT or SIGTERM closes it gracefully. Settings come from
  the environment (see patent-status --help).`;

/**
 * Secrets that could reach a log line: API keys and bearer tokens (X-API-KEY, Authorization: keys
 * and METRICS_TOKEN), Stripe's signature header (and the copy a signature error carries), cookies.
 * Fastify logs no headers by default; these paths keep it so when a line does carry a request's
 * headers (a custom serializer, `{headers}` in a log call, trace level).
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'req.headers["stripe-signature"]',
  'req.headers.cookie',
  'headers.authorization',
  'headers["x-api-key"]',
  'headers["stripe-signature"]',
  'headers.cookie',
  'err.header',
  'api_key',
  '*.api_key',
];

export function createLogger(config: Config, destination?: pino.DestinationStream) {
  const options = { level: config.logLevel, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
  return destination ? pino(options, destination) : pino(options);
}

export interface Running {
  app: App;
  db: Database;
  /** The in-process worker: on the embedded engine only (on PostgreSQL, operators run `worker` processes). */
  worker: RunningWorker | null;
  /** Stops the worker (running jobs finish) and the server, then closes the database. */
  close(): Promise<void>;
}

export interface ServerOptions {
  /** Aborting it shuts server and worker down gracefully. Unset: the first SIGINT/SIGTERM does, and the process then exits. */
  signal?: AbortSignal;
  /** Settings of the in-process worker (tests shorten its intervals). */
  worker?: Partial<WorkerOptions>;
  /** Run the worker in this process on the server engine too (the demo: its webhooks must go out without a `worker` process). */
  alwaysRunWorker?: boolean;
  /** Routes beyond the API's, added before listening (the demo's receiver page). */
  extraRoutes?: (app: App, db: Database) => Promise<void>;
}

/**
 * Opens the database, applies migrations and listens. On the embedded engine it also runs the
 * worker in this process: a data directory belongs to one process, so no other could.
 */
export async function startServer(
  config: Config,
  beforeListen?: (db: Database) => Promise<void>,
  options: ServerOptions = {},
): Promise<Running> {
  const logger = createLogger(config);
  const signal = options.signal ?? shutdownSignal(logger);
  const db = await openDatabase(config);
  let app: App | null = null;
  let worker: RunningWorker | null = null;
  let readDb: ReadRouter | null = null;
  try {
    const applied = await migrate(db);
    if (applied.length > 0) logger.info({ applied }, 'migrations applied');
    // Deadlines computed under other rules or closures are queued again (the worker recomputes them).
    if (await settleDocketRules(db, config.officeClosures)) logger.info('deadlines queued for recomputing: new rules or office closures');
    // Which index answers search's words, and whether the other is to be had (`search-index`).
    logger.info({ words: await wordsIndexOf(db), rumOffered: await rumOffered(db) }, 'search words index');
    if (beforeListen) await beforeListen(db);
    readDb = await openReadRouter(config, db);
    const services = buildServices({ config, db, ...(readDb ? { readDb } : {}), notifier: createNotifier(config.smtp, logger) });
    const server = (app = await buildApp(services, { logger }));
    await options.extraRoutes?.(server, db);
    if (db.engine === 'pglite' || options.alwaysRunWorker)
      worker = await startWorker(services, { ...options.worker, log: logger.child({ component: 'worker' }) });
    await server.listen({ port: config.port, host: config.host });
    const running = worker;
    let closing: Promise<void> | null = null;
    const close = () =>
      (closing ??= (async () => {
        await Promise.all([running?.stop(), server.close()]);
        await readDb?.close();
        await db.close();
      })());
    signal.addEventListener('abort', () => void close().then(() => (options.signal ? undefined : process.exit(0))), { once: true });
    return { app: server, db, worker, close };
  } catch (error) {
    await worker?.stop();
    await app?.close();
    await readDb?.close();
    await db.close();
    throw error;
  }
}
