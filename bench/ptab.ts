/**
 * PTAB trials, on the PostgreSQL server:
 *
 * 1. Ingest of a synthetic day of the office's PTAB JSON (a proceedings search response and a
 *    decisions search response for `--proceedings` trials) against a bare parse of the same
 *    files: the stream-json tokenizer the reader runs on, over the same bytes, building nothing
 *    (measured before and after; the better one is the baseline). `JSON.parse` of each file is
 *    printed for reference.
 * 2. `GET /v1/ptab?petitioner=` p95 over those trials: fragments of petitioners' names as users
 *    type them, and their entity ids, against the p95 of `GET /v1/ptab/{trial}` in the same run.
 *
 *   npx tsx bench/ptab.ts --applications 1000000 --proceedings 100000 [--queries 300] [--keep]
 *   npx tsx bench/ptab.ts --reuse pss_bench_… [--queries 300]   (the queries again, over a kept database)
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveEntities } from '../src/products/registry.js';
import { parsePtabFile } from '../src/products/ptab/parse.js';
import { ingestFile, productNamed } from '../src/products/registry.js';
import { writePtabFiles } from '@patent-status/synth';
import type { Database } from '../src/db/database.js';
import { barePass, jsonParseOf, parseToRecords } from './bare-parse.js';
import { arg, benchDatabase, benchServer, existingDatabase, fmt, measureGets } from './support.js';

const PORT = 3411;

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

async function main(): Promise<void> {
  const applications = arg('applications', 1_000_000);
  const proceedings = arg('proceedings', 100_000);
  const queriesPerLabel = arg('queries', 300);
  const reuse = process.argv.includes('--reuse') ? process.argv[process.argv.indexOf('--reuse') + 1]! : null;
  const keep = process.argv.includes('--keep') || reuse !== null;
  const dir = mkdtempSync(join(tmpdir(), 'pss-ptab-'));
  const target = reuse ? existingDatabase(reuse) : await benchDatabase();
  console.log(`database ${target.url.split('/').pop()}`);
  try {
    if (!reuse) await ingest(target.db, dir, applications, proceedings);
    await queries(target, queriesPerLabel);
  } finally {
    if (keep) await target.db.close();
    else await target.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Part 1: the files written, then the bare parses, the parse alone and the load, in the same run. */
async function ingest(db: Database, dir: string, applications: number, proceedings: number): Promise<void> {
  const written = await writePtabFiles(dir, { applications, seed: 'ptab-bench', proceedings });
  const files = written.files.slice().sort((a, b) => (a.includes('proceedings') ? -1 : b.includes('proceedings') ? 1 : 0));
  const mb = files.reduce((sum, f) => sum + statSync(f).size, 0) / 1e6;
  console.log(
    `${fmt(written.proceedings)} proceedings, ${fmt(written.decisions)} decisions, ${mb.toFixed(0)} MB, written in ${written.seconds.toFixed(1)} s`,
  );

  const bare1 = await barePass(files);
  const parsed = await parseToRecords(files, parsePtabFile);
  const reference = jsonParseOf(files);
  const started = performance.now();
  let loaded = 0;
  let rejected = 0;
  for (const file of files) {
    const summary = await ingestFile(db, productNamed('ptab')!, file);
    loaded += summary.read;
    rejected += summary.rejected;
  }
  const loadSeconds = (performance.now() - started) / 1000;
  const bare2 = await barePass(files);
  const bare = Math.min(bare1.seconds, bare2.seconds);
  const row = (label: string, seconds: number) =>
    console.log(
      `${label.padEnd(52)} ${seconds.toFixed(1).padStart(6)} s ${(mb / seconds).toFixed(1).padStart(7)} MB/s   ${(bare / seconds).toFixed(2)}`,
    );
  console.log(`${''.padEnd(52)} ${'time'.padStart(8)} ${'MB/s'.padStart(9)}   of the bare parse`);
  row(`bare parse (stream-json tokens: ${fmt(bare1.tokens)})`, bare1.seconds);
  row(`JSON.parse of each whole file (reference)`, reference);
  row(`parse to records (${fmt(parsed.records)})`, parsed.seconds);
  row(`parse + load (${fmt(loaded)} records, ${rejected} rejected)`, loadSeconds);
  row('bare parse again', bare2.seconds);

  const resolution = await resolveEntities(db);
  console.log(`entity resolution of the trials' parties: ${fmt(resolution.read.trials ?? 0)} trials, ${resolution.seconds.toFixed(1)} s`);
  await db.query('ANALYZE');
}

/** Part 2: the party search, one request at a time, against a trial's page in the same rounds. */
async function queries(target: { db: Database; url: string }, queries: number): Promise<void> {
  const db = target.db;
  const petitioners = (
    await db.query<{ name: string; entity_id: string }>(
      `SELECT name, entity_id FROM ptab_parties WHERE role = 'petitioner' AND entity_id <> '' GROUP BY name, entity_id`,
    )
  ).rows;
  const owners = (await db.query<{ name: string }>(`SELECT name FROM ptab_parties WHERE role = 'patent_owner' ORDER BY random() LIMIT 500`))
    .rows;
  const trials = (await db.query<{ trial_number: string }>(`SELECT trial_number FROM ptab_proceedings ORDER BY random() LIMIT 2000`)).rows;
  const busiest = (
    await db.query<{ entity_id: string; n: number }>(
      `SELECT entity_id, count(*)::int AS n FROM ptab_parties WHERE role = 'petitioner' AND entity_id <> '' GROUP BY entity_id ORDER BY n DESC LIMIT 1`,
    )
  ).rows[0]!;
  console.log(`${fmt(petitioners.length)} petitioner spellings; the busiest petitioner's entity has ${fmt(busiest.n)} trials`);
  const firstWord = (name: string) => name.split(/[ ,.]/)[0]!.toLowerCase();
  const fragment = (name: string) => {
    const plain = name.toLowerCase().replace(/[^a-z ]/g, '');
    const start = Math.floor(Math.random() * Math.max(1, plain.length - 5));
    return plain.slice(start, start + 5);
  };

  const server = await benchServer(db, target.url, PORT);
  const measure = (label: string, path: () => string) => measureGets({ port: PORT, apiKey: server.apiKey, queries }, label, path);
  try {
    for (let round = 1; round <= 2; round++) {
      console.log(`round ${round}`);
      const baseline = await measure('baseline GET /v1/ptab/{trial}', () => `/v1/ptab/${pick(trials).trial_number}`);
      const searches: Record<string, () => string> = {
        'petitioner=<first word of a name>': () => `petitioner=${encodeURIComponent(firstWord(pick(petitioners).name))}`,
        'petitioner=<5 letters from a name>': () => `petitioner=${encodeURIComponent(fragment(pick(petitioners).name))}`,
        'petitioner=<entity id>': () => `petitioner=${pick(petitioners).entity_id}`,
        'petitioner=<the busiest entity id>': () => `petitioner=${busiest.entity_id}`,
        'petitioner=<name>&filed_after=2023-01-01': () =>
          `petitioner=${encodeURIComponent(firstWord(pick(petitioners).name))}&filed_after=2023-01-01`,
        'patent_owner=<first word of a name>': () => `patent_owner=${encodeURIComponent(firstWord(pick(owners).name))}`,
      };
      let worst = 0;
      for (const [label, query] of Object.entries(searches)) worst = Math.max(worst, await measure(label, () => `/v1/ptab?${query()}`));
      console.log(`  worst party search p95 ${worst.toFixed(1)} ms (${(worst / baseline).toFixed(2)}x the baseline's p95)`);
    }
  } finally {
    await server.close();
  }
}

await main();
