import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { openPglite } from '../../src/db/pglite-engine.js';
import { openPostgres } from '../../src/db/postgres-engine.js';
import { databaseUrlFor } from './postgres-urls.js';

export interface TestDatabase {
  db: Database;
  /** The connection string of this test's own database, or null on PGlite. */
  url: string | null;
  drop(): Promise<void>;
}

/** SQLSTATE 55006: the template is briefly busy while another worker copies it. */
async function createFromTemplate(admin: pg.Client, name: string, template: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

/** A migrated database of the run's engine, private to the calling test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const template = inject('template');
  if (template.engine === 'pglite') {
    const dump = await readFile(template.path);
    const db = await openPglite({ dataDir: null, loadDataDir: new Blob([dump]) });
    return { db, url: null, drop: () => db.close() };
  }
  const name = `pss_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.serverUrl });
  await admin.connect();
  try {
    await createFromTemplate(admin, name, template.database);
  } finally {
    await admin.end();
  }
  const url = databaseUrlFor(template.serverUrl, name);
  const db = openPostgres({ connectionString: url });
  return {
    db,
    url,
    async drop() {
      await db.close();
      const cleanup = new pg.Client({ connectionString: template.serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
