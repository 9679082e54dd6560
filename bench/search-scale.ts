/**
 * Search at the size of the whole corpus, through a GIN and a RUM words index in the same session:
 * the seed's documents (and their search rows) grown alone, first to `--search-twin` copies (about
 * 1 M documents), then to `--search-documents` (96: 13.2 M). At each size both words indexes are
 * built from scratch (timed, side by side on the two cores) and sized; the four kinds of search are
 * asked through each (the other one marked invalid, so the planner cannot take it); at the last
 * size, a week of grants and a week of publications are loaded with each index alone (MB/s), and
 * taken out again. Run by `scale.ts --search-documents N`. `--date-order` grows the documents in
 * the order weekly loads leave them (scale-copies.ts growInDateOrder) instead of copy after copy.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeGrantWeek, writePublicationWeek } from '@patent-status/synth';
import type { Database } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import type { WordsIndex } from '../src/db/search-index.js';
import { loadFullText } from '../src/products/full-text/load.js';
import { parseFullTextFile } from '../src/products/full-text/parse.js';
import { BOTH_MAPPERS } from '../test/helpers/full-text-mappers.js';
import { growInDateOrder, growTo, prepareCopies } from './scale-copies.js';
import { arg, benchServer, fmt } from './support.js';

export const SEARCH_TABLES = ['documents', 'document_search'];

/** Both words indexes stand together; `use` marks the one not measured invalid. */
const WORDS_INDEXES: Record<WordsIndex, { name: string; create: string }> = {
  gin: { name: 'document_search_words', create: `CREATE INDEX document_search_words ON document_search USING gin (search)` },
  rum: {
    name: 'document_search_words_rum',
    create: `CREATE INDEX document_search_words_rum ON document_search USING rum (search rum_tsvector_ops)`,
  },
};
const CPC_INDEX = `CREATE INDEX document_search_cpc_levels ON document_search USING gin (cpc_levels)`;

const seconds = (t: number) => ((performance.now() - t) / 1000).toFixed(0);

/** Growing is faster without the inverted indexes; they are built whole once the rows are in. */
async function dropInvertedIndexes(db: Database): Promise<void> {
  await db.query(`DROP INDEX IF EXISTS document_search_words, document_search_words_rum, document_search_cpc_levels`);
}

/** Each index built on its own connection, the two words indexes at once; their times and sizes. */
async function buildIndexes(db: Database, connect: () => Database): Promise<void> {
  await db.query(`CREATE EXTENSION IF NOT EXISTS rum`);
  const build = async (label: string, statement: string) => {
    const own = connect();
    try {
      const t = performance.now();
      await own.query(`SET maintenance_work_mem = '1GB'`);
      await own.query(statement);
      console.log(`  built ${label} in ${seconds(t)} s`);
    } finally {
      await own.close();
    }
  };
  const t = performance.now();
  await Promise.all([build('GIN words', WORDS_INDEXES.gin.create), build('RUM words', WORDS_INDEXES.rum.create)]);
  await build('GIN classification levels', CPC_INDEX);
  await db.query('VACUUM ANALYZE document_search');
  console.log(`  indexes built in ${seconds(t)} s, then VACUUM ANALYZE`);
  const { rows } = await db.query<{ name: string; size: string }>(
    `SELECT c.relname AS name, pg_size_pretty(pg_relation_size(c.oid)) AS size FROM pg_class c
     WHERE c.relname IN ('document_search', 'document_search_words', 'document_search_words_rum', 'document_search_cpc_levels',
                         'document_search_newest', 'document_search_pkey', 'documents')
     UNION ALL SELECT 'document_search (with its TOAST)', pg_size_pretty(pg_table_size('document_search'))
     UNION ALL SELECT 'documents (with its TOAST)', pg_size_pretty(pg_table_size('documents'))`,
  );
  for (const row of rows) console.log(`  ${row.name.padEnd(36)} ${row.size.padStart(10)}`);
}

/** Only `method`'s words index valid (planned with) and, with `maintained`, kept up by writes. */
async function use(db: Database, method: WordsIndex, maintained = true): Promise<void> {
  for (const [other, index] of Object.entries(WORDS_INDEXES)) {
    const on = other === method;
    await db.query(`UPDATE pg_index SET indisvalid = $2, indisready = $3 WHERE indexrelid = $1::regclass`, [
      index.name,
      on,
      on || maintained,
    ]);
  }
}

type SearchKinds = (db: Database, port: number, apiKey: string) => Promise<void>;

async function measureBoth(db: Database, url: string, port: number, searchKinds: SearchKinds, label: string): Promise<void> {
  for (const method of ['gin', 'rum'] as const) {
    await use(db, method);
    console.log(`\n--- ${label}: through the ${method.toUpperCase()} words index ---`);
    const { apiKey, close } = await benchServer(db, url, port);
    try {
      await searchKinds(db, port, apiKey);
    } finally {
      await close();
    }
  }
}

/** A week of grants and one of publications loaded with one words index alone, then taken out. */
async function weeklyLoads(db: Database): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'pss-search-weeks-'));
  try {
    const detail = arg('detail', 150);
    const files = [
      await writeGrantWeek(join(dir, 'ipg240604.xml'), { documents: 7000, seed: 'search-week', detailParagraphs: detail }),
      await writePublicationWeek(join(dir, 'ipa240606.xml'), { documents: 7000, seed: 'search-week', detailParagraphs: detail }),
    ];
    for (const method of ['gin', 'rum', 'gin', 'rum'] as const) {
      await use(db, method, false);
      const { rows: clock } = await db.query<{ now: Date }>(`SELECT clock_timestamp() AS now`);
      const round = clock[0]!.now;
      for (const file of files) {
        const before = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM documents`);
        const started = performance.now();
        const summary = await loadFullText(db, parseFullTextFile(file.path, BOTH_MAPPERS), {
          product: file.product,
          fileName: file.path.split('/').pop()!,
          fileDate: file.fileDate,
        });
        const elapsed = (performance.now() - started) / 1000;
        console.log(
          `  ${method.toUpperCase()} alone: ${file.product} week, ${fmt(file.documents)} documents, ${(file.bytes / 1e6).toFixed(0)} MB: ` +
            `${elapsed.toFixed(1)} s, ${(file.bytes / 1e6 / elapsed).toFixed(1)} MB/s (inserted ${fmt(summary.inserted)}, over ${fmt(before.rows[0]!.n)} documents)`,
        );
      }
      // Out again, so the next round loads the same rows into the same corpus.
      // What this round wrote: the documents it stamped (a week's number the corpus held is rewritten, then gone).
      const written = `SELECT doc_number FROM documents WHERE loaded_at >= $1`;
      await db.query(`DELETE FROM citations WHERE citing_number IN (${written})`, [round]);
      await db.query(`DELETE FROM document_claims WHERE doc_number IN (${written})`, [round]);
      await db.query(`DELETE FROM events WHERE detected_at >= $1`, [round]);
      await db.query(`DELETE FROM documents WHERE loaded_at >= $1`, [round]);
      await db.query('VACUUM document_search');
    }
  } finally {
    await use(db, 'rum');
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The whole run. `connect` opens another connection to the same database (index builds side by
 * side); `searchKinds` asks the four kinds of search, 100 of each.
 */
export async function searchAtScale(
  db: Database,
  url: string,
  connect: () => Database,
  port: number,
  searchKinds: SearchKinds,
  sizes: { twin: number; copies: number },
): Promise<void> {
  // A seed kept from before document_search existed gets it here (migration 0030 fills it).
  const t0 = performance.now();
  const applied = await migrate(db);
  if (applied.length > 0) console.log(`migrated (${applied.join(', ')}) in ${seconds(t0)} s`);
  await prepareCopies(db);
  if (process.argv.includes('--measure-only')) {
    // The indexes of a run that was stopped after its builds: asked again as they stand.
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM document_search`);
    await measureBoth(db, url, port, searchKinds, `${fmt(rows[0]!.n)} documents`);
    if (!process.argv.includes('--skip-loads')) await weeklyLoads(db);
    return;
  }
  for (const copies of new Set([Math.min(sizes.twin, sizes.copies), sizes.copies])) {
    await dropInvertedIndexes(db);
    const t = performance.now();
    if (process.argv.includes('--date-order'))
      await growInDateOrder(db, copies, SEARCH_TABLES, (year, s) => console.log(`  ${year}: ${s.toFixed(0)} s (${seconds(t)} s in all)`));
    else
      await growTo(db, copies, SEARCH_TABLES, (k, s) =>
        console.log(`  copy ${k} of ${copies - 1}: ${s.toFixed(0)} s (${seconds(t)} s in all)`),
      );
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM document_search`);
    console.log(`\n=== ${copies} × the seed's documents: ${fmt(rows[0]!.n)} documents (grown in ${seconds(t)} s) ===`);
    await buildIndexes(db, connect);
    // --build-only: measured later with --measure-only (when the machine is quiet again).
    if (!process.argv.includes('--build-only')) await measureBoth(db, url, port, searchKinds, `${fmt(rows[0]!.n)} documents`);
  }
  if (!process.argv.includes('--skip-loads') && !process.argv.includes('--build-only')) await weeklyLoads(db);
}
