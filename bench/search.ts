/**
 * GET /v1/search over a synthetic corpus of at least 200,000 grants and publications on the
 * PostgreSQL server: p50 and p95 of 2–3-word queries, quoted phrases and CPC-only filters, each
 * drawn from the loaded documents themselves (so they match), sent one at a time over HTTP with
 * a key and charging, default page size (100).
 *   npx tsx bench/search.ts [--applications 150000] [--queries 200] [--keep] [--reuse DATABASE]
 * `--keep` leaves the loaded database in place (its name is printed); `--reuse` measures an existing
 * one again without generating or loading (for trying query plans).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ingestFile, productOfCode } from '../src/products/registry.js';
import { writeFullTextFiles } from '@patent-status/synth';
import type { Database } from '../src/db/database.js';
import { searchQueryMakers } from './queries.js';
import { arg, benchDatabase, benchServer, existingDatabase, fmt, percentile } from './support.js';

async function main(): Promise<void> {
  const applications = arg('applications', 150_000);
  const queries = arg('queries', 200);
  const reuse = process.argv.includes('--reuse') ? process.argv[process.argv.indexOf('--reuse') + 1]! : null;
  const keep = process.argv.includes('--keep') || reuse !== null;
  const dir = mkdtempSync(join(tmpdir(), 'pss-search-'));
  const target = reuse ? existingDatabase(reuse) : await benchDatabase();
  try {
    if (!reuse) await loadCorpus(target.db, dir, applications);
    const documents = (await target.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM documents`)).rows[0]!.n;
    console.log(`database ${target.url.split('/').pop()}: ${fmt(documents)} documents`);
    if (documents < 200_000) console.log(`note: fewer than 200,000 documents; raise --applications`);

    const make = await searchQueryMakers(target.db);

    const server = await benchServer(target.db, target.url, 18311);
    try {
      for (const [kind, build] of Object.entries(make)) {
        const timings: number[] = [];
        const slowest: { ms: number; query: string; total: number }[] = [];
        let results = 0;
        for (let i = 0; i < queries; i += 1) {
          const query = new URLSearchParams(build());
          const t0 = performance.now();
          const response = await fetch(`http://127.0.0.1:18311/v1/search?${query.toString()}`, { headers: { 'x-api-key': server.apiKey } });
          const body = (await response.json()) as { total: number };
          timings.push(performance.now() - t0);
          if (response.status !== 200) throw new Error(`search ${query.toString()} answered ${response.status}: ${JSON.stringify(body)}`);
          results += body.total;
          slowest.push({ ms: timings.at(-1)!, query: query.toString(), total: body.total });
        }
        timings.sort((a, b) => a - b);
        slowest.sort((a, b) => b.ms - a.ms);
        console.log(
          `${kind.padEnd(6)}: p50 ${percentile(timings, 50).toFixed(1)} ms, p95 ${percentile(timings, 95).toFixed(1)} ms, max ${timings.at(-1)!.toFixed(1)} ms (mean total ${fmt(results / queries)})`,
        );
        if (process.argv.includes('--slowest'))
          for (const q of slowest.slice(0, 5)) console.log(`    ${q.ms.toFixed(0)} ms ${q.query} (total ${q.total})`);
      }
    } finally {
      await server.close();
    }
  } finally {
    if (keep) await target.db.close();
    else await target.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function loadCorpus(db: Database, dir: string, applications: number): Promise<void> {
  let started = performance.now();
  const { files } = await writeFullTextFiles(dir, { applications, seed: 'search-bench' });
  const bytes = files.reduce((n, f) => n + f.bytes, 0);
  console.log(
    `corpus: ${fmt(files.length)} weekly files, ${(bytes / 1e9).toFixed(2)} GB, written in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  started = performance.now();
  let documents = 0;
  for (const file of [...files].sort((a, b) => a.fileDate.localeCompare(b.fileDate))) {
    const summary = await ingestFile(db, productOfCode(file.product), file.path, { product: file.product, fileDate: file.fileDate });
    documents += summary.inserted;
  }
  await db.query('VACUUM ANALYZE documents');
  console.log(`loaded ${fmt(documents)} documents in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

await main();
