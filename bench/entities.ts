/**
 * Entity resolution and the entity endpoints on the PostgreSQL server:
 *  - resolution of a whole synthetic file-wrapper corpus (applications/s), then the incremental
 *    run after one assignment file of about 10,000 recordations (target <= 60 s at 1 M
 *    applications), with its precision, recall and family precision against the generator's truth;
 *  - GET /v1/entities/search p50/p95 over every entity of the corpus (target p95 <= 50 ms at 1 M
 *    entities) and GET /v1/entities/{id}/applications first page for an entity of 100,000
 *    applications (target p95 <= 30 ms), one request at a time over HTTP with a key and
 *    charging; baseline: GET /v1/applications/{n} in the same run.
 *   npx tsx bench/entities.ts [--applications 1000000] [--daily-applications 7000] [--queries 300] [--entities 1000000] [--keep] [--reuse DATABASE [--resolve] [--daily]]
 * `--reuse` measures an existing database again; with `--resolve`, one that holds the loaded corpus only (a `--keep` run stopped
 * after its load): it resolves and goes on; with `--daily`, it loads and resolves one more day first. Before the requests, the
 * entities are topped up with made-up inventors to `--entities` (1,000,000).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '../src/db/database.js';
import { resolveEntities } from '../src/products/registry.js';
import { loadFileWrapper } from '../src/products/file-wrapper/load.js';
import { parseFileWrapperFile } from '../src/products/file-wrapper/parse.js';
import { ingestFile, productNamed } from '../src/products/registry.js';
import { writeAssignmentFiles } from '@patent-status/synth';
import { writeFileWrapperFile } from '@patent-status/synth';
import { scoreResolution } from '@patent-status/synth';
import { entitySearchMakers, pick } from './queries.js';
import { arg, benchDatabase, benchServer, existingDatabase, fmt, measureGets } from './support.js';

const PORT = 18_312;
const BIG_ENTITY = 'ent_benchportfolio000';

const seconds = (since: number) => (performance.now() - since) / 1000;

async function loadCorpus(db: Database, dir: string, applications: number): Promise<void> {
  const t = performance.now();
  await writeFileWrapperFile(join(dir, 'corpus.json'), { applications, seed: 'entities-bench' });
  console.log(`corpus written: ${fmt(applications)} applications in ${seconds(t).toFixed(0)} s`);
  const loading = performance.now();
  await loadFileWrapper(db, parseFileWrapperFile(join(dir, 'corpus.json')), {
    product: 'PTFWPRE',
    fileName: 'corpus.json',
    fileDate: '2026-11-12',
  });
  console.log(`corpus loaded in ${seconds(loading).toFixed(0)} s`);
  rmSync(join(dir, 'corpus.json'));
}

/** Resolution of the loaded corpus, then of one day's recordations, and the 100,000-application entity. */
async function resolveCorpus(db: Database, dir: string, dailyApplications: number): Promise<void> {
  const t = performance.now();
  const first = await resolveEntities(db);
  const firstSeconds = seconds(t);
  console.log(
    `first resolution: ${fmt(first.read.applications ?? 0)} applications in ${firstSeconds.toFixed(0)} s (${fmt((first.read.applications ?? 0) / firstSeconds)} applications/s)`,
  );

  await dailyFile(db, dir, dailyApplications, 'entities-bench');
  await addPortfolioEntity(db);
}

/**
 * One file of recordations of the first applications, as a day brings them, loaded and resolved
 * incrementally. Another `seed` writes other recordations of the same applications (some under
 * reel/frames stored already: changed records), so the step can be repeated on one database.
 */
async function dailyFile(db: Database, dir: string, dailyApplications: number, seed: string): Promise<void> {
  const { files, truth, recordations } = await writeAssignmentFiles(join(dir, `assignments-${seed}`), {
    applications: dailyApplications,
    seed,
    dailyFiles: 0,
  });
  let t = performance.now();
  const loaded = await ingestFile(db, productNamed('assignments')!, files[0]!);
  console.log(`assignment file: ${fmt(recordations)} recordations, ${fmt(loaded.inserted)} loaded in ${seconds(t).toFixed(0)} s`);
  t = performance.now();
  const incremental = await resolveEntities(db);
  console.log(
    `incremental resolution: ${fmt(incremental.read.recordations ?? 0)} recordations, ${fmt(incremental.relinked)} applications relinked, ` +
      `${incremental.families} families, ${seconds(t).toFixed(1)} s (target <= 60 s)`,
  );
  const { rows } = await db.query<{ name: string; entity_id: string; family_id: string | null }>(
    `SELECT DISTINCT p.name, p.entity_id, e.family_id FROM assignment_parties p JOIN entities e USING (entity_id)`,
  );
  const score = scoreResolution(
    truth,
    rows.map((row) => ({ name: row.name, entityId: row.entity_id, familyId: row.family_id })),
  );
  console.log(
    `quality over ${fmt(score.names)} company names: precision ${score.precision.toFixed(4)}, recall ${score.recall.toFixed(4)}, ` +
      `family pairs ${score.familyPairs}, family precision ${score.familyPrecision?.toFixed(4)}, family recall ${score.familyRecall?.toFixed(4)}`,
  );
}

/** An entity of 100,000 applications (the corpus's largest company has a few per cent of it). */
async function addPortfolioEntity(db: Database): Promise<void> {
  await db.query(`DELETE FROM entity_links WHERE entity_id = $1`, [BIG_ENTITY]);
  await db.query(`DELETE FROM entities WHERE entity_id = $1`, [BIG_ENTITY]);
  await db.query(
    `INSERT INTO entities (entity_id, type, name, search_key, updated_at) VALUES ($1, 'assignee', 'Bench Portfolio Holdings', 'BENCH PORTFOLIO HOLDINGS', now())`,
    [BIG_ENTITY],
  );
  await db.query(
    `INSERT INTO entity_links (entity_id, application_number, role, confidence, patent_number, grant_date, category, bucket)
     SELECT DISTINCT ON (application_number) $1, application_number, 'applicant', 1, patent_number, grant_date, category, bucket
     FROM entity_links WHERE application_number IN (SELECT application_number FROM applications ORDER BY application_number DESC LIMIT 100000)
     ORDER BY application_number`,
    [BIG_ENTITY],
  );
  await db.query(`VACUUM ANALYZE`);
}

const SYLLABLES = 'ka ri mo ta le no shi ven dor bel mar tin os gal ren ut pra sel hov ard lin fe qu ix zo bra del mon cas ter vik'.split(
  ' ',
);

/** Inventor entities with made-up names until the table holds `total` (the corpus's names repeat: 1 M applications give ~380 k people). */
async function topUpEntities(db: Database, total: number): Promise<void> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM entities`);
  const missing = total - rows[0]!.n;
  if (missing <= 0) return;
  const word = (n: number) =>
    Array.from({ length: 2 + (n % 2) }, (_, i) => SYLLABLES[(n >> (i * 5)) % SYLLABLES.length])
      .join('')
      .toUpperCase();
  for (let done = 0; done < missing; done += 50_000) {
    const batch = Array.from({ length: Math.min(50_000, missing - done) }, (_, i) => {
      const n = done + i;
      const key = `${word(n * 7919)} ${word(n * 104729 + 13)} ${String.fromCharCode(65 + (n % 26))}`;
      return [`ent_filler${String(n).padStart(10, '0')}`, 'inventor', key, key, 'SPRINGFIELD', 'IL', 'US', new Date().toISOString()];
    });
    await db.transaction((tx) =>
      tx.copyFrom('entities', ['entity_id', 'type', 'name', 'search_key', 'city', 'state', 'country', 'updated_at'], batch),
    );
  }
  await db.query(`VACUUM ANALYZE entities`);
  console.log(`entities topped up by ${fmt(missing)} made-up inventors to ${fmt(total)}`);
}

async function main(): Promise<void> {
  const applications = arg('applications', 1_000_000);
  const dailyApplications = arg('daily-applications', 7_000);
  const queries = arg('queries', 300);
  const reuse = process.argv.includes('--reuse') ? process.argv[process.argv.indexOf('--reuse') + 1]! : null;
  const keep = process.argv.includes('--keep') || reuse !== null;
  const dir = mkdtempSync(join(tmpdir(), 'pss-entities-'));
  const target = reuse ? existingDatabase(reuse) : await benchDatabase();
  console.log(`database ${target.url.split('/').pop()}`);
  try {
    if (!reuse) await loadCorpus(target.db, dir, applications);
    if (!reuse || process.argv.includes('--resolve')) await resolveCorpus(target.db, dir, dailyApplications);
    if (process.argv.includes('--daily')) await dailyFile(target.db, dir, dailyApplications, `entities-bench-${Date.now()}`);
    await topUpEntities(target.db, arg('entities', 1_000_000));
    const db = target.db;
    const counts = await db.query<{ type: string; n: number }>(`SELECT type, count(*)::int AS n FROM entities GROUP BY type ORDER BY type`);
    console.log(`entities: ${counts.rows.map((r) => `${fmt(r.n)} ${r.type}`).join(', ')}`);
    // A resolution run since relinks its applications and drops the made-up entity's links: it is made again.
    let big = await db.query<{ applications: number }>(`SELECT count(*)::int AS applications FROM entity_links WHERE entity_id = $1`, [
      BIG_ENTITY,
    ]);
    if (big.rows[0]!.applications < 99_000) {
      await addPortfolioEntity(db);
      big = await db.query<{ applications: number }>(`SELECT count(*)::int AS applications FROM entity_links WHERE entity_id = $1`, [
        BIG_ENTITY,
      ]);
    }
    console.log(`portfolio entity ${BIG_ENTITY}: ${fmt(big.rows[0]!.applications)} applications`);

    const numbers = (
      await db.query<{ application_number: string }>(`SELECT application_number FROM applications TABLESAMPLE SYSTEM (1) LIMIT 2000`)
    ).rows.map((r) => r.application_number);
    const searches = await entitySearchMakers(db);

    const server = await benchServer(target.db, target.url, PORT);
    const measure = (label: string, path: () => string) => measureGets({ port: PORT, apiKey: server.apiKey, queries }, label, path);
    try {
      // Warm-up, then two rounds; the baseline leads each round.
      for (let round = 1; round <= 2; round++) {
        console.log(`round ${round}`);
        const baseline = await measure('baseline GET /v1/applications/{n}', () => `/v1/applications/${pick(numbers)}`);
        let worst = 0;
        for (const [label, query] of Object.entries(searches))
          worst = Math.max(worst, await measure(`search: ${label}`, () => `/v1/entities/search?${query()}`));
        const portfolio = await measure('portfolio first page (100 of 100k)', () => `/v1/entities/${BIG_ENTITY}/applications`);
        await measure('portfolio first page, status=granted', () => `/v1/entities/${BIG_ENTITY}/applications?status=granted`);
        await measure('patents first page (100, with expiry)', () => `/v1/entities/${BIG_ENTITY}/patents`);
        console.log(
          `  worst search p95 ${worst.toFixed(1)} ms (${(worst / baseline).toFixed(2)}x baseline p95), portfolio p95 ${portfolio.toFixed(1)} ms (${(portfolio / baseline).toFixed(2)}x)`,
        );
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

await main();
