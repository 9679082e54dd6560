import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { openPglite } from '../../src/db/pglite-engine.js';
import { createTestDatabase } from './database.js';

/**
 * A migrated database another process (the real CLI, a worker) can open: on PostgreSQL a test
 * database of its own, shared with the test while the process runs; embedded, a data directory
 * in `dir` seeded from the migrated template, which only one process may hold at a time.
 */
export interface ProcessDatabase {
  /** The environment that points a child process at it. */
  env: Record<string, string>;
  /** Runs `work` on the database; embedded, only while no child holds it. */
  use<T>(work: (db: Database) => Promise<T>): Promise<T>;
  drop(): Promise<void>;
}

export async function processDatabase(dir: string): Promise<ProcessDatabase> {
  const template = inject('template');
  if (template.engine !== 'pglite') {
    const database = await createTestDatabase();
    return { env: { DATABASE_URL: database.url! }, use: (work) => work(database.db), drop: () => database.drop() };
  }
  const dataDir = join(dir, 'pglite');
  const seed = await openPglite({ dataDir, loadDataDir: new Blob([await readFile(template.path)]) });
  await seed.close();
  return {
    env: { PATENT_STATUS_DATA_DIR: dir, DATABASE_URL: '' },
    async use(work) {
      const db = await openPglite({ dataDir });
      try {
        return await work(db);
      } finally {
        await db.close();
      }
    },
    drop: async () => undefined,
  };
}
