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
import { ingestFile, productOfCode } from '../src/ingest/registry.js';
import { writeFullTextFiles } from '../src/synth/full-text.js';
import type { Database } from '../src/db/database.js';
import { arg, benchDatabase, benchServer, existingDatabase, fmt, percentile } from './support.js';

/**
 * Words a searcher does not type: English stop words (PostgreSQL drops them, so `"plurality of"`
 * would become the one word `plural`) and the boilerplate of every abstract. A query made only of
 * words that occur in every document ranks all 200,000: that worst case is measured on its own.
 */
const STOP_WORDS = new Set(
  'a an the of to in on for with and or by is are be as at from that this its it same thereof using method methods system systems includes include including plurality disclosed described also having comprising wherein'.split(
    ' ',
  ),
);
const content = (word: string) => word.length >= 3 && !STOP_WORDS.has(word);

function pick<T>(list: readonly T[]): T {
  return list[Math.floor(Math.random() * list.length)]!;
}

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

    // Queries drawn from the corpus: title words, adjacent abstract words, CPC levels.
    const sample = await target.db.query<{ title: string | null; abstract: string | null; cpc: string[] }>(
      `SELECT title, abstract, cpc FROM documents TABLESAMPLE SYSTEM (2) WHERE abstract IS NOT NULL AND cardinality(cpc) > 0 LIMIT 2000`,
    );
    const words = (text: string | null) =>
      (text ?? '')
        .toLowerCase()
        .match(/[a-z]{4,}/g)
        ?.filter(content) ?? [];
    const make = {
      words: () => {
        const title = words(pick(sample.rows).title);
        const n = Math.min(title.length, Math.random() < 0.5 ? 2 : 3);
        return {
          q: title
            .sort(() => Math.random() - 0.5)
            .slice(0, n)
            .join(' '),
        };
      },
      phrase: () => {
        // Two adjacent content words of an abstract, e.g. "battery module".
        for (;;) {
          const abstract = (pick(sample.rows).abstract ?? '').toLowerCase().match(/[a-z]+/g) ?? [];
          const pairs = abstract.slice(1).flatMap((w, i) => (content(abstract[i]!) && content(w) ? [`${abstract[i]} ${w}`] : []));
          if (pairs.length > 0) return { q: `"${pick(pairs)}"` };
        }
      },
      ubiquitous: () => ({ q: pick(['plurality', 'includes', '"a plurality of"']) }),
      cpc: () => {
        const symbol = pick(pick(sample.rows).cpc);
        const level = Math.random();
        return { cpc: level < 0.4 ? symbol.slice(0, 4) : level < 0.7 ? symbol.split('/')[0]! : symbol };
      },
    };

    const server = await benchServer(target.db, target.url, 18311);
    try {
      for (const [kind, build] of Object.entries(make)) {
        const timings: number[] = [];
        const slowest: { ms: number; query: string; total: number }[] = [];
        let results = 0;
        for (let i = 0; i < queries; i += 1) {
          const query = new URLSearchParams(build());
          const t0 = performance.now();
          const response = await fetch(`http://127.0.0.1:18311/v1/search?${query}`, { headers: { 'x-api-key': server.apiKey } });
          const body = (await response.json()) as { total: number };
          timings.push(performance.now() - t0);
          if (response.status !== 200) throw new Error(`search ${query} answered ${response.status}: ${JSON.stringify(body)}`);
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
