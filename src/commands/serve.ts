import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { openDatabase } from '../db/open.js';
import { buildApp, type App } from '../http/app.js';
import { createNotifier } from '../billing/notifier.js';
import { buildServices } from '../services.js';
import pino from 'pino';

export const USAGE = `usage: patent-status serve
  Applies pending migrations, then serves the API on HOST:PORT: accounts, the data routes under /v1,
  /health, /openapi.json, /agents.md and /.well-known/skills/default/skill.md. SIGINT or SIGTERM
  closes it gracefully. Settings come from the environment (see patent-status --help).`;

export function createLogger(config: Config) {
  // Keys travel in headers; Fastify logs no headers by default, and these paths make sure of it.
  return pino({ level: config.logLevel, redact: ['req.headers["x-api-key"]', 'req.headers.authorization', 'api_key'] });
}

export interface Running {
  app: App;
  db: Database;
  close(): Promise<void>;
}

/** Opens the database, applies migrations and listens; SIGINT/SIGTERM close everything in order. */
export async function startServer(config: Config, beforeListen?: (db: Database) => Promise<void>): Promise<Running> {
  const logger = createLogger(config);
  const db = await openDatabase(config);
  try {
    const applied = await migrate(db);
    if (applied.length > 0) logger.info({ applied }, 'migrations applied');
    if (beforeListen) await beforeListen(db);
    const services = buildServices({ config, db, notifier: createNotifier(config.smtp, logger) });
    const app = await buildApp(services, { logger });
    await app.listen({ port: config.port, host: config.host });
    let closing: Promise<void> | null = null;
    const close = () =>
      (closing ??= (async () => {
        await app.close();
        await db.close();
      })());
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => {
        logger.info({ signal }, 'shutting down');
        void close().then(() => process.exit(0));
      });
    }
    return { app, db, close };
  } catch (error) {
    await db.close();
    throw error;
  }
}
