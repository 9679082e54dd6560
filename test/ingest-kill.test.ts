import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runIngest } from '../src/commands/ingest.js';
import { writeSyntheticCorpus } from '../src/commands/synth.js';
import type { Database } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { openPglite } from '../src/db/pglite-engine.js';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';
import { snapshot } from './helpers/file-wrapper-records.js';
import { IngestProcess } from './helpers/ingest-process.js';

/**
 * A real crash: the ingest runs in a child process that is SIGKILLed once some batches have
 * committed; re-running the file must end exactly where one clean run ends.
 */
const quiet = { line: () => undefined, progress: null };
const APPLICATIONS = 6000;

let dir: string;
let file: string;
let clean: TestDatabase;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pss-kill-'));
  file = (await writeSyntheticCorpus({ out: dir, applications: APPLICATIONS, seed: 'kill' })).fileWrapperFile;
  clean = await createTestDatabase();
  await runIngest(clean.db, ['file-wrapper', '--product', 'PTFWPRE', '--file-date', '2026-11-20', file], quiet);
});
afterAll(async () => {
  await clean?.drop();
  rmSync(dir, { recursive: true, force: true });
});

/** Starts `patent-status ingest --progress` in a child and kills it right after its first committed batch. */
async function killAfterFirstBatch(env: Record<string, string>): Promise<string> {
  const ingest = new IngestProcess(['file-wrapper', '--product', 'PTFWPRE', '--file-date', '2026-11-20', file], env);
  if (!(await ingest.untilBatches(1))) throw new Error(`ingest ended before its first batch: ${ingest.output.stderr}`);
  await ingest.kill();
  return ingest.batches[0]!;
}

const count = async (db: Database) => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM applications`)).rows[0]!.n;

async function onPostgres(): Promise<void> {
  const target = await createTestDatabase();
  try {
    expect(await killAfterFirstBatch({ DATABASE_URL: target.url! })).toMatch(/: read \d+, inserted \d+/);
    const afterKill = await count(target.db);
    expect(afterKill).toBeGreaterThan(0);
    expect(afterKill).toBeLessThan(APPLICATIONS);
    const runs = await target.db.query(`SELECT outcome FROM ingest_runs`);
    expect(runs.rows).toEqual([{ outcome: 'running' }]); // the killed run never closed its row

    await runIngest(target.db, ['file-wrapper', '--product', 'PTFWPRE', '--file-date', '2026-11-20', file], quiet);
    expect(await snapshot(target.db)).toEqual(await snapshot(clean.db));
  } finally {
    await target.drop();
  }
}

async function onEmbedded(): Promise<void> {
  const dataDir = join(dir, 'embedded');
  const seed = await openPglite({ dataDir: join(dataDir, 'pglite') });
  await migrate(seed);
  await seed.close();
  // The child owns the directory while it runs (one process per data directory).
  expect(await killAfterFirstBatch({ PATENT_STATUS_DATA_DIR: dataDir, DATABASE_URL: '' })).toMatch(/: read \d+, inserted \d+/);
  const db = await openPglite({ dataDir: join(dataDir, 'pglite') });
  try {
    const afterKill = await count(db);
    expect(afterKill).toBeGreaterThan(0);
    expect(afterKill).toBeLessThan(APPLICATIONS);
    await runIngest(db, ['file-wrapper', '--product', 'PTFWPRE', '--file-date', '2026-11-20', file], quiet);
    expect(await snapshot(db)).toEqual(await snapshot(clean.db));
  } finally {
    await db.close();
  }
}

// Each CI pass runs the suite on one engine; this test kills an ingest on that engine. It loads a
// corpus three times in child processes: 25–55 s on a busy two-core machine, so it gets more than the default minute.
it(`a killed ingest re-run ends as one clean run (${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded engine'})`, async () => {
  await (process.env.DATABASE_URL ? onPostgres() : onEmbedded());
}, 180_000);
