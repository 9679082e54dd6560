import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.js';

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
const FILE_NAME = /^(\d{4})-[a-z0-9-]+\.sql$/;
/** Any constant; every process that migrates takes the same advisory lock. */
const MIGRATION_LOCK_KEY = 7_240_501;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  const migrations = readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => {
      const match = FILE_NAME.exec(name);
      if (!match) throw new Error(`migration file name must look like 0001-some-slug.sql: ${name}`);
      const sql = readFileSync(join(dir, name), 'utf8');
      if (!sql.startsWith('-- Why:')) throw new Error(`migration ${name} must start with a "-- Why:" comment`);
      return { version: Number(match[1]), name, sql };
    });
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(`migrations must be numbered 1, 2, 3 … without gaps; found ${migration.name} at position ${index + 1}`);
    }
  });
  return migrations;
}

/**
 * Applies pending migrations, each in its own transaction under an advisory lock, so several
 * processes starting together apply each file once. Forward-only: applied files are never re-run.
 */
export async function migrate(db: Database, migrations: Migration[] = readMigrations()): Promise<string[]> {
  const applied: string[] = [];
  for (const migration of migrations) {
    const ran = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
        version    integer PRIMARY KEY,
        name       text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [migration.version]);
      if (done.rowCount > 0) return false;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      return true;
    });
    if (ran) applied.push(migration.name);
  }
  return applied;
}
