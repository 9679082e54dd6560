import type { Database, Queryable } from './database.js';

/**
 * The access method of search's words index on `document_search.search`. GIN, which every engine
 * has, lists the documents holding each word; RUM (the `rum` extension, a server package) also
 * keeps each word's positions, so a phrase is answered by the index alone. Both answer the same
 * documents in the same order (src/resources/search/search.sql.ts).
 */
export type WordsIndex = 'gin' | 'rum';

const WORDS_INDEX = 'document_search_words';

/**
 * RUM when a valid RUM index stands on `document_search` (the one `search-index rum` builds, or an
 * operator's own), GIN otherwise: the planner then has only GIN to answer the words with.
 */
export async function wordsIndexOf(db: Queryable): Promise<WordsIndex> {
  const { rows } = await db.query<{ rum: boolean }>(/* SQL */ `SELECT EXISTS (
                 SELECT 1 FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
                 WHERE i.indrelid = to_regclass('document_search') AND i.indisvalid AND am.amname = 'rum') AS rum`);
  return rows[0]?.rum ? 'rum' : 'gin';
}

/** Whether the server can load the `rum` extension (Debian: postgresql-15-rum). */
export async function rumOffered(db: Queryable): Promise<boolean> {
  const { rows } = await db.query(/* SQL */ `SELECT 1 FROM pg_available_extensions WHERE name = 'rum'`);
  return rows.length > 0;
}

/**
 * Builds the words index anew with `method` and puts it in place of the old one, in one
 * transaction: searches go on over the old index while the new one is built (writes to the
 * documents wait), and a build that fails leaves the old one as it was. Returns the seconds taken.
 */
export async function rebuildWordsIndex(db: Database, method: WordsIndex): Promise<number> {
  const started = performance.now();
  await db.transaction(async (tx) => {
    if (method === 'rum') await tx.exec(/* SQL */ `CREATE EXTENSION IF NOT EXISTS rum`);
    await tx.exec(/* SQL */ `DROP INDEX IF EXISTS document_search_words_next`);
    await tx.exec(
      method === 'rum'
        ? /* SQL */ `CREATE INDEX document_search_words_next ON document_search USING rum (search rum_tsvector_ops)`
        : /* SQL */ `CREATE INDEX document_search_words_next ON document_search USING gin (search)`,
    );
    await tx.exec(/* SQL */ `DROP INDEX IF EXISTS ${WORDS_INDEX}`);
    await tx.exec(/* SQL */ `ALTER INDEX document_search_words_next RENAME TO ${WORDS_INDEX}`);
  });
  return (performance.now() - started) / 1000;
}
