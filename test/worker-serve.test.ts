import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, inject, it } from 'vitest';
import { startServer } from '../src/commands/serve.js';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/database.js';
import { openPglite } from '../src/db/pglite-engine.js';
import { pruneIngestRuns } from '../src/worker/jobs/prune-ingest-runs.js';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';
import { FAST, waitFor } from './helpers/test-jobs.js';

/** `serve` runs the worker in its own process on the embedded engine only: there, no other process can open the data directory. */
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function addStaleRun(db: Database, fileName: string): Promise<void> {
  await db.query(
    `INSERT INTO ingest_runs (product, file_name, file_date, started_at, outcome) VALUES ('PTFWPRD', $1, '2026-01-02', now() - interval '400 days', 'failed')`,
    [fileName],
  );
}

const runsNamed = async (db: Database, fileName: string) =>
  (await db.query(`SELECT 1 FROM ingest_runs WHERE file_name = $1`, [fileName])).rowCount;

if (inject('template').engine === 'pglite') {
  it('serve on the embedded engine runs the worker in-process: the daily schedule and an enqueued job both run; one signal stops all', async () => {
    const template = inject('template') as { path: string };
    const dataDir = mkdtempSync(join(tmpdir(), 'pss-serve-'));
    dirs.push(dataDir);
    const seed = await openPglite({ dataDir: join(dataDir, 'pglite'), loadDataDir: new Blob([await readFile(template.path)]) });
    await addStaleRun(seed, 'stale-before-start.json');
    await seed.close();

    const shutdown = new AbortController();
    const config = loadConfig({ PATENT_STATUS_DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' });
    const running = await startServer(config, undefined, { signal: shutdown.signal, worker: FAST });
    expect(running.worker).not.toBeNull();
    // The schedule's first tick enqueues today's prune (a worker that was down catches up with the newest slot).
    await waitFor(
      async () => ((await runsNamed(running.db, 'stale-before-start.json')) === 0 ? true : undefined),
      20_000,
      'the scheduled prune',
    );

    await addStaleRun(running.db, 'stale-while-serving.json');
    expect(await running.worker!.queue.enqueue(pruneIngestRuns, { $version: 1, retention_days: 30 })).toEqual(expect.any(String));
    await waitFor(
      async () => ((await runsNamed(running.db, 'stale-while-serving.json')) === 0 ? true : undefined),
      20_000,
      'the enqueued prune',
    );
    expect((await running.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);

    shutdown.abort();
    await running.close();
    await expect(running.db.query('SELECT 1')).rejects.toThrow();
  });
} else {
  let database: TestDatabase;
  afterAll(async () => database?.drop());

  it('serve on PostgreSQL runs no worker (operators run `patent-status worker` processes); one signal stops it', async () => {
    database = await createTestDatabase();
    const shutdown = new AbortController();
    const config = loadConfig({ DATABASE_URL: database.url!, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' });
    const running = await startServer(config, undefined, { signal: shutdown.signal, worker: FAST });
    expect(running.worker).toBeNull();
    await addStaleRun(running.db, 'stale.json');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await runsNamed(running.db, 'stale.json')).toBe(1);
    shutdown.abort();
    await running.close();
    await expect(running.db.query('SELECT 1')).rejects.toThrow();
  });
}
