/**
 * The nightly statistics, on the PostgreSQL server:
 *
 * 1. A synthetic corpus of N applications with its transactions (file wrapper: synth file + load),
 *    office actions (filled set-based from the mailings, bench/office-actions-fill.ts), assignments
 *    (the synthetic history file of the same corpus, ingested) and PTAB trials (the synthetic
 *    proceedings and decisions files, ingested), its entities resolved. Skipped with `--reuse`.
 * 2. The baseline: a bare `SELECT count(*)` of applications, transactions, office_action_documents,
 *    assignments and ptab_proceedings, before and after the nightly run, in the same run.
 * 3. The nightly run: `refreshStatistics` (total and per step, from its onStep calls), then
 *    `entityStatistics.precompute()` (time, entities). Target: ≤ 5 minutes at 1 M applications.
 * 4. Served statistics at 50 connections (wrk, `--seconds` each, two rounds): examiner stats over
 *    random examiners, art-unit stats over random art units, entity stats over the entities the
 *    night computed, against `GET /health` in the same rounds. Target: p95 ≤ 20 ms.
 *
 *   npx tsx bench/statistics.ts --applications 1000000 [--proceedings 0] [--seconds 15] [--nights 1] [--keep] [--pin]
 *   npx tsx bench/statistics.ts --reuse pss_bench_… [--seconds 15] [--nights 1]
 * Needs `wrk` (apt-get install wrk). `--proceedings 0` (the default) writes the synthetic default
 * number of trials for the corpus (about one per 150 granted patents).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '../src/db/database.js';
import { loadConfig } from '../src/config.js';
import { resolveEntities } from '../src/products/registry.js';
import { loadFileWrapper } from '../src/products/file-wrapper/load.js';
import { parseFileWrapperFile } from '../src/products/file-wrapper/parse.js';
import { ingestFile, productNamed } from '../src/products/registry.js';
import { refreshStatistics } from '../src/resources/statistics/compute.js';
import { buildServices } from '../src/services.js';
import { writeAssignmentFiles } from '@patent-status/synth';
import { writeFileWrapperFile } from '@patent-status/synth';
import { writePtabFiles } from '@patent-status/synth';
import { fillOfficeActions } from './office-actions-fill.js';
import { arg, benchDatabase, benchServer, existingDatabase, fmt } from './support.js';
import { pinThisProcess, randomPathScript, show, wrk, type WrkResult } from './wrk.js';

const PORT = 3415;
const SEED = 'statistics-bench';
const BASELINE_TABLES = ['applications', 'transactions', 'office_action_documents', 'assignments', 'ptab_proceedings'] as const;

const since = (t: number) => (performance.now() - t) / 1000;

async function step<T>(label: string, work: () => Promise<T>, describe: (result: T) => string = () => ''): Promise<T> {
  const t = performance.now();
  const result = await work();
  const detail = describe(result);
  console.log(`  ${label}: ${since(t).toFixed(1)} s${detail ? ` (${detail})` : ''}`);
  return result;
}

/** The corpus: applications and transactions, office actions, assignments, PTAB trials, entities. */
async function build(db: Database, dir: string, applications: number, proceedings: number): Promise<void> {
  const started = performance.now();
  console.log(`building the corpus of ${fmt(applications)} applications`);
  const corpus = join(dir, 'corpus.json');
  await step('file wrapper file written', () => writeFileWrapperFile(corpus, { applications, seed: SEED }));
  await step(
    'file wrapper loaded (applications + transactions)',
    () => loadFileWrapper(db, parseFileWrapperFile(corpus), { product: 'PTFWPRE', fileName: 'corpus.json', fileDate: '2026-11-20' }),
    (r) => `${fmt(r.inserted)} applications`,
  );
  rmSync(corpus);
  await step(
    'office actions filled (set-based, one document per mailing)',
    () => fillOfficeActions(db, 0),
    (r) => `${fmt(r.documents)} documents, ${fmt(r.rejections)} rejections`,
  );
  const assignments = await step(
    'assignment history file written',
    () => writeAssignmentFiles(join(dir, 'assignments'), { applications, seed: SEED, dailyFiles: 0, truthPeople: false }),
    (r) => `${fmt(r.recordations)} recordations`,
  );
  for (const file of assignments.files)
    await step(
      'assignments ingested',
      () => ingestFile(db, productNamed('assignments')!, file),
      (r) => `${fmt(r.inserted)} of ${fmt(r.read)} recordations, ${r.rejected} rejected`,
    );
  rmSync(join(dir, 'assignments'), { recursive: true, force: true });
  const ptab = await step(
    'PTAB files written',
    () => writePtabFiles(join(dir, 'ptab'), { applications, seed: SEED, ...(proceedings > 0 ? { proceedings } : {}) }),
    (r) => `${fmt(r.proceedings)} proceedings, ${fmt(r.decisions)} decisions`,
  );
  const files = ptab.files.slice().sort((a, b) => (a.includes('proceedings') ? -1 : b.includes('proceedings') ? 1 : 0));
  for (const file of files)
    await step(
      `PTAB ingested (${file.includes('proceedings') ? 'proceedings' : 'decisions'})`,
      () => ingestFile(db, productNamed('ptab')!, file),
      (r) => `${fmt(r.read)} records, ${r.rejected} rejected`,
    );
  rmSync(join(dir, 'ptab'), { recursive: true, force: true });
  await step(
    'entities resolved',
    () => resolveEntities(db),
    (r) =>
      `${fmt(r.read.applications ?? 0)} applications, ${fmt(r.read.recordations ?? 0)} recordations, ${fmt(r.read.trials ?? 0)} trials`,
  );
  await step('VACUUM ANALYZE', () => db.query('VACUUM ANALYZE'));
  console.log(`corpus built in ${since(started).toFixed(0)} s`);
}

/** The baseline: a bare count(*) of each table the night reads, timed one after the other. */
async function countScans(db: Database, label: string): Promise<number> {
  let total = 0;
  const parts: string[] = [];
  for (const table of BASELINE_TABLES) {
    const t = performance.now();
    const { rows } = await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`);
    const seconds = since(t);
    total += seconds;
    parts.push(`${table} ${fmt(Number(rows[0]!.n))} rows ${seconds.toFixed(2)} s`);
  }
  console.log(`count(*) scans, ${label}: ${parts.join('; ')}; sum ${total.toFixed(2)} s`);
  return total;
}

/** One night: refreshStatistics with the time of each step, then the entities' precompute (of entities of at least `precomputeMinApplications`: the setting's default unless given). */
export async function night(
  db: Database,
  url: string,
  precomputeMinApplications?: number,
): Promise<{ refresh: number; precompute: number; entities: number }> {
  const settings = precomputeMinApplications ? { STATISTICS_PRECOMPUTE_MIN_APPLICATIONS: String(precomputeMinApplications) } : {};
  const services = buildServices({
    config: loadConfig({ DATABASE_URL: url, PORT: String(PORT), ...settings }),
    db,
    notifier: { send: async () => undefined },
  });
  const started = performance.now();
  let last = started;
  let lastStep: string | null = null;
  const steps: { step: string; seconds: number }[] = [];
  const onStep = (name: string) => {
    const now = performance.now();
    if (lastStep !== null) steps.push({ step: lastStep, seconds: (now - last) / 1000 });
    lastStep = name;
    last = now;
  };
  const result = await refreshStatistics(db, onStep);
  const refresh = since(started);
  steps.push({ step: `${lastStep} + record the night + commit`, seconds: (performance.now() - last) / 1000 });
  console.log(
    `refreshStatistics: ${refresh.toFixed(1)} s: ${fmt(result.applications)} applications, ${fmt(result.examiners)} examiners, ${fmt(result.artUnits)} art units`,
  );
  for (const s of steps) console.log(`  ${s.step.padEnd(60)} ${s.seconds.toFixed(1).padStart(7)} s`);

  const t = performance.now();
  let previous = t;
  const slowest: { index: number; seconds: number }[] = [];
  const entities = await services.entityStatistics.precompute((done, total) => {
    const now = performance.now();
    slowest.push({ index: done, seconds: (now - previous) / 1000 });
    previous = now;
    if (done % 25 === 0 || done === total) console.log(`  entities ${done} of ${total} (${since(t).toFixed(1)} s)`);
  });
  const precompute = since(t);
  slowest.sort((a, b) => b.seconds - a.seconds);
  console.log(
    `entityStatistics.precompute(): ${precompute.toFixed(1)} s, ${fmt(entities)} entities` +
      (entities > 0 ? `, mean ${((precompute / entities) * 1000).toFixed(0)} ms, slowest ${slowest[0]!.seconds.toFixed(2)} s` : ''),
  );
  console.log(`nightly total: ${(refresh + precompute).toFixed(1)} s (target <= 300 s)`);
  return { refresh, precompute, entities };
}

/** The largest entities the night computed: applications, patents, trials and recordations of each. */
async function describeEntities(db: Database): Promise<void> {
  const { rows } = await db.query<{ entity_id: string; type: string; applications: number; patents: number }>(
    `SELECT e.entity_id, e.type, e.applications, (s.stats->'portfolio'->>'patents')::int AS patents
     FROM entity_statistics s JOIN entities e USING (entity_id) ORDER BY e.applications DESC LIMIT 3`,
  );
  const byType = await db.query<{ type: string; n: number }>(
    `SELECT e.type, count(*)::int AS n FROM entity_statistics s JOIN entities e USING (entity_id) GROUP BY 1 ORDER BY 1`,
  );
  console.log(
    `entities computed by type: ${byType.rows.map((r) => `${fmt(r.n)} ${r.type}`).join(', ')}; largest: ` +
      rows.map((r) => `${r.entity_id} (${r.type}, ${fmt(r.applications)} applications, ${fmt(r.patents)} patents)`).join(', '),
  );
}

async function served(target: { db: Database; url: string }, dir: string, seconds: number): Promise<void> {
  const db = target.db;
  const values = async (query: string) => (await db.query<{ v: string }>(query)).rows.map((r) => encodeURIComponent(r.v));
  const examiners = await values(
    `SELECT examiner_name AS v FROM examiner_statistics WHERE examiner_name IS NOT NULL ORDER BY random() LIMIT 5000`,
  );
  const artUnits = await values(`SELECT art_unit AS v FROM art_unit_statistics ORDER BY random() LIMIT 5000`);
  const entities = await values(`SELECT entity_id AS v FROM entity_statistics ORDER BY random() LIMIT 5000`);
  console.log(`served over ${fmt(examiners.length)} examiners, ${fmt(artUnits.length)} art units, ${fmt(entities.length)} cached entities`);
  const server = await benchServer(db, target.url, PORT);
  try {
    const base = `http://127.0.0.1:${PORT}`;
    const scripts: [string, string][] = [
      [
        'GET /v1/examiners/{name}/stats',
        randomPathScript(join(dir, 'examiners.lua'), examiners, '/v1/examiners/', '/stats', server.apiKey),
      ],
      ['GET /v1/art-units/{unit}/stats', randomPathScript(join(dir, 'art-units.lua'), artUnits, '/v1/art-units/', '/stats', server.apiKey)],
    ];
    if (entities.length > 0)
      scripts.push([
        'GET /v1/entities/{id}/stats (cached)',
        randomPathScript(join(dir, 'entities.lua'), entities, '/v1/entities/', '/stats', server.apiKey),
      ]);
    const health = randomPathScript(join(dir, 'health.lua'), ['health'], '/', '', server.apiKey);
    await wrk(`${base}/health`, 3, null); // warm-up
    for (let round = 1; round <= 2; round++) {
      console.log(`round ${round}, 50 connections, ${seconds} s each`);
      const baseline = await wrk(base, seconds, health);
      show('  baseline GET /health', baseline);
      let worst: WrkResult | null = null;
      for (const [label, script] of scripts) {
        const r = await wrk(base, seconds, script);
        show(`  ${label}`, r);
        if (r.non2xx > 0) console.log(`    (${r.non2xx} answers were not 2xx)`);
        if (!worst || r.p95 > worst.p95) worst = r;
      }
      console.log(
        `  worst p95 ${worst!.p95.toFixed(2)} ms (target <= 20), ${(worst!.p95 / baseline.p95).toFixed(1)}x the /health p95 of ${baseline.p95.toFixed(2)} ms`,
      );
    }
  } finally {
    await server.close();
  }
}

async function main(): Promise<void> {
  await pinThisProcess();
  const applications = arg('applications', 1_000_000);
  const proceedings = arg('proceedings', 0);
  const seconds = arg('seconds', 15);
  const nights = arg('nights', 1);
  const reuse = process.argv.includes('--reuse') ? process.argv[process.argv.indexOf('--reuse') + 1]! : null;
  const keep = process.argv.includes('--keep') || reuse !== null;
  const dir = mkdtempSync(join(tmpdir(), 'pss-statistics-'));
  const target = reuse ? existingDatabase(reuse) : await benchDatabase();
  console.log(`database ${target.url.split('/').pop()}`);
  try {
    if (!reuse) await build(target.db, dir, applications, proceedings);
    await countScans(target.db, 'before the night');
    for (let n = 1; n <= nights; n++) {
      if (nights > 1) console.log(`night ${n}`);
      await night(target.db, target.url);
      await countScans(target.db, 'after the night');
    }
    await describeEntities(target.db);
    await served(target, dir, seconds);
  } finally {
    if (keep) await target.db.close();
    else await target.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

// Run as a script; scale.ts imports its parts.
if (import.meta.url === `file://${process.argv[1]}`) await main();
