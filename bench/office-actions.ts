/**
 * Office actions, on the PostgreSQL server:
 *
 * 1. Ingest of the synthetic office-action files of `--oa-applications` applications (texts,
 *    rejections, citations, as the portal's search responses) against a bare parse of the same
 *    files (the stream-json tokenizer over the same bytes, building nothing; `JSON.parse` of each
 *    whole file for reference; the better one is the baseline), in the same run.
 * 2. `GET /v1/applications/{n}/office-actions` at 50 connections (wrk, random numbers) over a
 *    corpus of `--applications` applications whose list holds `--actions` actions in all: the
 *    mailing transactions of the corpus paired with an OA document each (texts and sections of a
 *    few kB, two rejection and two citation rows), and documents of their own (petition
 *    decisions, as the portal holds them) until the total is reached; filled set-based in SQL,
 *    not through the ingest (which part 1 measures). Baseline: `GET /v1/applications/{n}` in the
 *    same run, alternating.
 *
 *   npx tsx bench/office-actions.ts --applications 1000000 --actions 5000000 --oa-applications 100000 --seconds 15 [--keep]
 *   npx tsx bench/office-actions.ts --reuse pss_bench_… [--seconds 15]   (part 2 again, over a kept database)
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '../src/db/database.js';
import { loadFileWrapper } from '../src/products/file-wrapper/load.js';
import { parseFileWrapperFile } from '../src/products/file-wrapper/parse.js';
import { parseOfficeActionFile } from '../src/products/office-actions/parse.js';
import { ingestFile, productNamed } from '../src/products/registry.js';
import { writeFileWrapperFile } from '@patent-status/synth';
import { writeOfficeActionFiles } from '@patent-status/synth';
import { barePass, jsonParseOf, parseToRecords } from './bare-parse.js';
import { fillOfficeActions } from './office-actions-fill.js';
import { arg, benchDatabase, benchServer, existingDatabase, fmt } from './support.js';
import { randomPathScript, show, wrk } from './wrk.js';

const PORT = 3412;
const SEED = 'oa-bench';

/** Part 1: the files written, then the bare parses, the parse alone and the load, in the same run. */
async function ingest(db: Database, dir: string, applications: number): Promise<void> {
  const written = await writeOfficeActionFiles(dir, { applications, seed: SEED });
  const files = written.files;
  const mb = files.reduce((sum, f) => sum + statSync(f).size, 0) / 1e6;
  console.log(
    `${fmt(written.actions)} action texts, ${fmt(written.rejections)} rejection rows, ${fmt(written.citations)} citation rows ` +
      `of ${fmt(applications)} applications, ${mb.toFixed(0)} MB, written in ${written.seconds.toFixed(1)} s`,
  );
  const bare1 = await barePass(files);
  const reference = jsonParseOf(files);
  const parsed = await parseToRecords(files, parseOfficeActionFile);
  const started = performance.now();
  let read = 0;
  let rejected = 0;
  for (const file of files) {
    const summary = await ingestFile(db, productNamed('office-actions')!, file);
    read += summary.read;
    rejected += summary.rejected;
  }
  const loadSeconds = (performance.now() - started) / 1000;
  const bare2 = await barePass(files);
  const baseline = Math.min(bare1.seconds, bare2.seconds, reference);
  const row = (label: string, seconds: number) =>
    console.log(
      `${label.padEnd(52)} ${seconds.toFixed(1).padStart(6)} s ${(mb / seconds).toFixed(1).padStart(7)} MB/s   ${(baseline / seconds).toFixed(2)}`,
    );
  console.log(`${''.padEnd(52)} ${'time'.padStart(8)} ${'MB/s'.padStart(9)}   of the bare parse`);
  row(`bare parse (stream-json tokens: ${fmt(bare1.tokens)})`, bare1.seconds);
  row('JSON.parse of each whole file', reference);
  row(`parse to records (${fmt(parsed.records)})`, parsed.seconds);
  row(`parse + load (${fmt(read)} records, ${rejected} rejected)`, loadSeconds);
  row('bare parse again', bare2.seconds);
}

/** Part 2's corpus: the file wrapper of `applications`, then the OA tables filled to `actions` listed actions. */
async function corpus(db: Database, dir: string, applications: number, actions: number): Promise<void> {
  const file = join(dir, 'corpus.json');
  await writeFileWrapperFile(file, { applications, seed: SEED });
  let started = performance.now();
  const loaded = await loadFileWrapper(db, parseFileWrapperFile(file), {
    product: 'PTFWPRE',
    fileName: 'corpus.json',
    fileDate: '2026-11-20',
  });
  rmSync(file);
  console.log(`corpus: ${fmt(loaded.inserted)} applications loaded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  started = performance.now();
  const filled = await fillOfficeActions(db, actions);
  console.log(
    `office actions: ${fmt(filled.listed)} listed (${fmt(filled.mailings)} mailings, ${fmt(filled.documents)} documents, ` +
      `${fmt(filled.rejections)} rejection rows), filled in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  await db.query('ANALYZE');
}

/** Part 2: the list against the Application lookup, alternating, 50 connections each. */
async function requests(target: { db: Database; url: string }, dir: string, seconds: number, sampleSize: number): Promise<void> {
  // Far more numbers than the answer cache keeps (20,000): most requests read the database.
  const sample = await target.db.query<{ application_number: string }>(
    `SELECT application_number FROM applications WHERE application_number ~ '^[0-9]{8}$' ORDER BY random() LIMIT $1`,
    [sampleSize],
  );
  const numbers = sample.rows.map((row) => row.application_number);
  const server = await benchServer(target.db, target.url, PORT);
  try {
    const lookup = randomPathScript(join(dir, 'lookup.lua'), numbers, '/v1/applications/', '', server.apiKey);
    const list = randomPathScript(join(dir, 'list.lua'), numbers, '/v1/applications/', '/office-actions', server.apiKey);
    await wrk(`http://127.0.0.1:${PORT}/`, 3, lookup); // warm-up
    for (let round = 1; round <= 2; round++) {
      console.log(`round ${round}`);
      const base = await wrk(`http://127.0.0.1:${PORT}/`, seconds, lookup);
      show('  baseline GET /v1/applications/{n}', base);
      const listed = await wrk(`http://127.0.0.1:${PORT}/`, seconds, list);
      show('  GET /v1/applications/{n}/office-actions', listed);
      console.log(
        `  p95 ${listed.p95.toFixed(1)} ms (target <= 20); ${(listed.requestsPerSecond / base.requestsPerSecond).toFixed(2)}x the lookup's req/s`,
      );
    }
  } finally {
    await server.close();
  }
}

async function main(): Promise<void> {
  const applications = arg('applications', 1_000_000);
  const actions = arg('actions', 5 * applications);
  const oaApplications = arg('oa-applications', 100_000);
  const seconds = arg('seconds', 15);
  const reuse = process.argv.includes('--reuse') ? process.argv[process.argv.indexOf('--reuse') + 1]! : null;
  const keep = process.argv.includes('--keep') || reuse !== null;
  const dir = mkdtempSync(join(tmpdir(), 'pss-oa-'));
  const target = reuse ? existingDatabase(reuse) : await benchDatabase();
  console.log(`database ${target.url.split('/').pop()}`);
  try {
    if (!reuse) {
      // The ingest into a database of its own: part 2's corpus is filled by SQL, its counts exact.
      const scratch = await benchDatabase();
      try {
        await ingest(scratch.db, dir, oaApplications);
      } finally {
        await scratch.drop();
      }
      await corpus(target.db, dir, applications, actions);
    }
    await requests(target, dir, seconds, arg('sample', 200_000));
  } finally {
    if (keep) await target.db.close();
    else await target.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
