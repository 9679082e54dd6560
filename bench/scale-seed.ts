/**
 * The scale run's seed: one synthetic corpus of every product, generated and ingested through the
 * real loaders into a database of its own on the PostgreSQL server, entities resolved. The scale
 * run (`scale.ts`) then multiplies it in SQL (`scale-copies.ts`).
 *
 *   npx tsx bench/scale-seed.ts [--applications 100000]      prints the kept database's name
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '../src/db/database.js';
import { ensureSyntheticCorpus } from '../src/commands/demo.js';
import { arg, benchDatabase, fmt } from './support.js';

export const SCALE_SEED = 'scale-bench';

/** Builds the seed in `db`; returns its seconds. */
export async function buildSeed(db: Database, applications: number): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'pss-scale-seed-'));
  const started = performance.now();
  let last = started;
  try {
    await ensureSyntheticCorpus(db, { out: dir, applications, seed: SCALE_SEED }, (line) => {
      const now = performance.now();
      console.log(`  [${((now - started) / 1000).toFixed(0).padStart(5)} s, +${((now - last) / 1000).toFixed(0)} s] ${line}`);
      last = now;
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  await db.query('VACUUM ANALYZE');
  return (performance.now() - started) / 1000;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const applications = arg('applications', 100_000);
  const target = await benchDatabase();
  console.log(`seed of ${fmt(applications)} applications in ${target.url.split('/').pop()}`);
  const seconds = await buildSeed(target.db, applications);
  console.log(`seed built in ${seconds.toFixed(0)} s; kept: ${target.url.split('/').pop()}`);
  await target.db.close();
}
