import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migrate, readMigrations, type Migration } from '../src/db/migrate.js';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.drop());

const tempDirs: string[] = [];
afterEach(() => {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A temporary migrations directory holding `files` (name → content). */
function migrationsDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'pss-migrations-'));
  tempDirs.push(dir);
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  return dir;
}

async function tableExists(name: string): Promise<boolean> {
  const { rows } = await database.db.query<{ found: string | null }>('SELECT to_regclass($1)::text AS found', [name]);
  return rows[0]?.found !== null && rows[0]?.found !== undefined;
}

describe('migrate() on the migrated template', () => {
  it('applies nothing when re-run (idempotent)', async () => {
    expect(await migrate(database.db)).toEqual([]);
    expect(await migrate(database.db)).toEqual([]);
  });

  it('records each shipped migration once, numbered from 1', async () => {
    const { rows } = await database.db.query<{ version: number; name: string }>(
      'SELECT version, name FROM schema_migrations ORDER BY version',
    );
    expect(rows).toEqual([
      { version: 1, name: '0001-accounts.sql' },
      { version: 2, name: '0002-product-state.sql' },
      { version: 3, name: '0003-file-wrapper.sql' },
      { version: 4, name: '0004-full-text.sql' },
      { version: 5, name: '0005-credit-leases.sql' },
      { version: 6, name: '0006-job-schedule.sql' },
      { version: 7, name: '0007-event-sequence.sql' },
      { version: 8, name: '0008-maintenance-fees.sql' },
      { version: 9, name: '0009-assignments.sql' },
      { version: 10, name: '0010-application-parties.sql' },
      { version: 11, name: '0011-entities.sql' },
      { version: 12, name: '0012-document-parties.sql' },
      { version: 13, name: '0013-assignment-children-without-foreign-keys.sql' },
      { version: 14, name: '0014-entity-relink-queue.sql' },
      { version: 15, name: '0015-ptab.sql' },
      { version: 16, name: '0016-counts-read-from-their-tables.sql' },
      { version: 17, name: '0017-office-actions.sql' },
      { version: 18, name: '0018-event-feed-indexes.sql' },
      { version: 19, name: '0019-monitors.sql' },
      { version: 20, name: '0020-sync-files.sql' },
      { version: 21, name: '0021-statistics.sql' },
      { version: 22, name: '0022-key-last-used.sql' },
      { version: 23, name: '0023-checkout-sessions.sql' },
      { version: 24, name: '0024-grant-term-evidence.sql' },
      { version: 25, name: '0025-file-wrapper-recordations.sql' },
      { version: 26, name: '0026-apostrophe-pieces-joined.sql' },
      { version: 27, name: '0027-api-key-revocation-notices.sql' },
      { version: 28, name: '0028-cursor-secret.sql' },
      { version: 29, name: '0029-portal-watermarks.sql' },
      { version: 30, name: '0030-document-search.sql' },
      { version: 31, name: '0031-docket.sql' },
      { version: 32, name: '0032-calendar-tokens.sql' },
    ]);
    expect(readMigrations().map(({ version, name }) => ({ version, name }))).toEqual(rows);
    expect(await tableExists('orgs')).toBe(true);
    expect(await tableExists('product_state')).toBe(true);
    expect(await tableExists('job_schedule')).toBe(true);
  });
});

describe('readMigrations()', () => {
  it('reads NNNN-slug.sql files in order, ignoring other files', () => {
    const dir = migrationsDir({
      '0002-second.sql': '-- Why: second\nSELECT 2;',
      '0001-first.sql': '-- Why: first\nSELECT 1;',
      'README.md': 'not a migration',
    });
    expect(readMigrations(dir)).toEqual([
      { version: 1, name: '0001-first.sql', sql: '-- Why: first\nSELECT 1;' },
      { version: 2, name: '0002-second.sql', sql: '-- Why: second\nSELECT 2;' },
    ]);
  });

  it('rejects a file name without the NNNN-slug pattern', () => {
    expect(() => readMigrations(migrationsDir({ '1-accounts.sql': '-- Why: x\nSELECT 1;' }))).toThrow(
      'migration file name must look like 0001-some-slug.sql: 1-accounts.sql',
    );
    expect(() => readMigrations(migrationsDir({ '0001_Accounts.sql': '-- Why: x\nSELECT 1;' }))).toThrow(/0001_Accounts\.sql/);
  });

  it('rejects a file that does not start with a "-- Why:" comment', () => {
    expect(() => readMigrations(migrationsDir({ '0001-accounts.sql': 'CREATE TABLE t (id int);' }))).toThrow(
      'migration 0001-accounts.sql must start with a "-- Why:" comment',
    );
  });

  it('rejects a gap in the numbering', () => {
    const dir = migrationsDir({ '0001-a.sql': '-- Why: a\nSELECT 1;', '0003-c.sql': '-- Why: c\nSELECT 3;' });
    expect(() => readMigrations(dir)).toThrow(/without gaps; found 0003-c\.sql at position 2/);
  });

  it('rejects numbering that does not start at 1', () => {
    expect(() => readMigrations(migrationsDir({ '0002-b.sql': '-- Why: b\nSELECT 2;' }))).toThrow(/found 0002-b\.sql at position 1/);
  });
});

describe('a migration failing midway', () => {
  // Versions 1 and 2 belong to the shipped migrations already recorded in this database.
  const probes: Migration[] = [
    { version: 1001, name: '1001-probe-a.sql', sql: '-- Why: probe\nCREATE TABLE mig_probe_a (id int);' },
    { version: 1002, name: '1002-probe-b.sql', sql: '-- Why: probe\nCREATE TABLE mig_probe_b (id int); SELECT 1/0;' },
  ];

  it('rolls back the failed file and keeps the ones applied before it', async () => {
    await expect(migrate(database.db, probes)).rejects.toThrow(/division by zero/);
    expect(await tableExists('mig_probe_a')).toBe(true);
    expect(await tableExists('mig_probe_b')).toBe(false);
    const { rows } = await database.db.query<{ version: number }>(
      'SELECT version FROM schema_migrations WHERE version > 1000 ORDER BY version',
    );
    expect(rows).toEqual([{ version: 1001 }]);
  });

  it('leaves the database usable, and a fixed file then applies on its own', async () => {
    const fixed: Migration = { ...probes[1]!, sql: '-- Why: probe\nCREATE TABLE mig_probe_b (id int);' };
    expect(await migrate(database.db, [probes[0]!, fixed])).toEqual(['1002-probe-b.sql']);
    expect(await tableExists('mig_probe_b')).toBe(true);
  });
});
