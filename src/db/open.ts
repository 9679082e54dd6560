import { join } from 'node:path';
import type { Config } from '../config.js';
import type { Database } from './database.js';
import { openPglite } from './pglite-engine.js';
import { openPostgres } from './postgres-engine.js';

/** The engine the configuration asks for: a PostgreSQL server when DATABASE_URL is set, else embedded. */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  if (config.databaseUrl) return openPostgres({ connectionString: config.databaseUrl });
  return openPglite({ dataDir: join(config.dataDir, 'pglite') });
}
