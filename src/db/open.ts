import { join } from 'node:path';
import type { Config } from '../config.js';
import type { Database } from './database.js';
import { openPglite } from './pglite-engine.js';
import { openPostgres } from './postgres-engine.js';
import { ReadRouter } from './read-router.js';

/** The engine the configuration asks for: a PostgreSQL server when DATABASE_URL is set, else embedded. */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  if (config.databaseUrl) return openPostgres({ connectionString: config.databaseUrl });
  return openPglite({ dataDir: join(config.dataDir, 'pglite') });
}

/** The data routes' reads (DATABASE_READ_URL): a started ReadRouter over the replica, or null without one. */
export async function openReadRouter(config: Pick<Config, 'readReplica'>, primary: Database): Promise<ReadRouter | null> {
  if (!config.readReplica || primary.engine !== 'postgresql') return null;
  const { url, checkEveryMs, maxLagMs } = config.readReplica;
  const router = new ReadRouter(primary, openPostgres({ connectionString: url }), { checkEveryMs, maxLagMs });
  await router.start();
  return router;
}
