import { randomBytes } from 'node:crypto';
import { writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { rebuildWordsIndex, rumOffered } from '../../src/db/search-index.js';
import { migrate } from '../../src/db/migrate.js';
import { openPglite } from '../../src/db/pglite-engine.js';
import { openPostgres } from '../../src/db/postgres-engine.js';
import { databaseUrlFor } from './postgres-urls.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a dumped, migrated data directory. PostgreSQL: the migrated template database's name. */
    template: { engine: 'pglite'; path: string } | { engine: 'postgresql'; database: string; serverUrl: string };
  }
}

/**
 * Migrate once per run: every test file then starts from a copy (DESIGN.md §8: a fresh PGlite
 * takes 5–7 s to initialize, a copy of a dumped one about 1 s).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const db = await openPglite({ dataDir: null });
    await migrate(db);
    const dump = await db.dumpDataDir();
    await db.close();
    const path = join(tmpdir(), `pss-template-${randomBytes(6).toString('hex')}.tar`);
    await writeFile(path, Buffer.from(await dump.arrayBuffer()));
    project.provide('template', { engine: 'pglite', path });
    return async () => rm(path, { force: true });
  }
  const database = `pss_template_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const db = openPostgres({ connectionString: databaseUrlFor(serverUrl, database), max: 1 });
  await migrate(db);
  // On a server offering rum (CI installs it) the PostgreSQL run searches through a RUM words
  // index, so every search test exercises that path; the embedded run exercises GIN.
  if (await rumOffered(db)) await rebuildWordsIndex(db, 'rum');
  await db.close();
  await admin.end();
  project.provide('template', { engine: 'postgresql', database, serverUrl });
  return async () => {
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await cleanup.end();
  };
}
