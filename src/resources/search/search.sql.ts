import type { Queryable } from '../../db/database.js';
import { addMonths } from '../../domain/dates.js';
import type { WordsIndex } from '../../db/search-index.js';

export interface SearchFilters {
  /** Web-search syntax (websearch_to_tsquery): words ANDed, "phrases", -exclusion, or. */
  q: string | null;
  /** One CPC level key (`H04L`, `C12N15/`, `H04L9/3247`), matched whole against `cpc_levels`. */
  cpcLevel: string | null;
  docType: 'grant' | 'publication' | null;
  filedAfter: string | null;
  filedBefore: string | null;
  /** An entity's (or a family's members') ids: documents of applications in their portfolios. */
  entityIds: string[] | null;
}

export interface SearchRow {
  doc_number: string;
  doc_type: 'grant' | 'publication';
  kind: string;
  application_number: string | null;
  title: string | null;
  date: string;
  filing_date: string | null;
  cpc: string[];
  snippet: string | null;
  rank: number | null;
}

/** The keyset of the last row of a page: rank (with q), date, number. */
export interface SearchKeyset {
  rank: number | null;
  date: string;
  docNumber: string;
}

// $1 q, $2 cpc level, $3 doc type, $4 filed after, $5 filed before, $6 entity ids (all nullable).
const EXACT = /* SQL */ `websearch_to_tsquery('english', $1)`;
/**
 * The query a words index answers without opening a vector. RUM keeps the words' positions, so it
 * answers q itself, phrases included. GIN cannot see positions: for a query with a phrase it
 * answers a superset, q's indexable part (`querytree`: negations dropped) with its phrases
 * loosened to plain ANDs; a query with no indexable part (`T`, e.g. only a negation) stays exact.
 * Constant for a given q, so the planner folds it.
 */
const CANDIDATES: Record<WordsIndex, string> = {
  rum: EXACT,
  gin: /* SQL */ `CASE WHEN strpos(${EXACT}::text, '<') = 0 OR querytree(${EXACT}) IN ('T', '') THEN ${EXACT}
  ELSE regexp_replace(querytree(${EXACT}), '<(-|[0-9]+)>', '&', 'g')::tsquery END`,
};
const FILTERS_BUT_Q = /* SQL */ `
  ($2::text IS NULL OR d.cpc_levels @> ARRAY[$2::text])
  AND ($3::text IS NULL OR d.doc_type = $3)
  AND ($4::date IS NULL OR d.filing_date >= $4)
  AND ($5::date IS NULL OR d.filing_date <= $5)
  AND ($6::text[] IS NULL OR d.application_number IN (SELECT application_number FROM entity_links WHERE entity_id = ANY($6::text[])))`;
const MATCHES = /* SQL */ `($1::text IS NULL OR d.search @@ ${EXACT}) AND ${FILTERS_BUT_Q}`;

/** The documents matching `where` (over the filter parameters), counted up to $7: past it the count stops. */
const cappedCount = (where: string) =>
  /* SQL */ `SELECT count(*)::int FROM (SELECT 1 FROM document_search d WHERE ${where} LIMIT $7) AS capped`;

const filterParams = (f: SearchFilters) => [f.q, f.cpcLevel, f.docType, f.filedAfter, f.filedBefore, f.entityIds];

// The result columns of the page's rows; only they get a headline (ts_headline re-parses the abstract).
const RESULT_COLUMNS = /* SQL */ `d.doc_number, d.doc_type, d.kind, d.application_number, d.title, d.date, d.filing_date, d.cpc, page.rank,
  CASE WHEN $1::text IS NULL THEN d.abstract
       ELSE ts_headline('english', d.abstract, ${EXACT}, 'StartSel=<mark>, StopSel=</mark>, MaxWords=40, MinWords=15')
  END AS snippet`;

/**
 * The page of a ranked result set (`listed`: doc_number, date, rank) after the keyset, and the total
 * (`walked`, counted to `cap + 1`). An empty page still gives one row, carrying the total.
 */
const RANKED_PAGE = /* SQL */ `
    counted AS (SELECT count(*)::int AS total FROM walked),
    page AS (
      SELECT * FROM listed
      WHERE $7::date IS NULL OR (rank, date, doc_number) < ($9::real, $7::date, $8::text)
      ORDER BY rank DESC, date DESC, doc_number DESC
      LIMIT $10)
    SELECT counted.total, ${RESULT_COLUMNS}
    FROM counted LEFT JOIN page ON true LEFT JOIN documents d ON d.doc_number = page.doc_number
    ORDER BY page.rank DESC, page.date DESC, page.doc_number DESC`;

/** Up to `cap` candidates: every match is ranked in the index's one pass (the best can be anywhere). */
const RANK_EVERY_MATCH = /* SQL */ `
    WITH walked AS MATERIALIZED (
      SELECT d.doc_number, d.date, ts_rank(d.search, ${EXACT}) AS rank FROM document_search d WHERE ${MATCHES} LIMIT $11),
    listed AS (SELECT * FROM walked),`;

/**
 * Beyond `cap` candidates: only the newest `cap` matches are ranked. Finding them reads the
 * candidates' dates alone (about 1.3 µs each, against 7 µs to rank one), only those dated $12 or
 * later when it is set; the walk then checks q itself, newest first, ranks what matches and stops
 * at `cap + 1`.
 */
const rankNewestMatches = (words: WordsIndex) => /* SQL */ `
    WITH candidates AS MATERIALIZED (
      SELECT d.ctid, d.doc_number, d.date FROM document_search d
      WHERE d.search @@ ${CANDIDATES[words]} AND ${FILTERS_BUT_Q} AND ($12::date IS NULL OR d.date >= $12::date)),
    walked AS MATERIALIZED (
      SELECT c.doc_number, c.date, ts_rank(v.search, ${EXACT}) AS rank
      FROM (SELECT * FROM candidates ORDER BY date DESC, doc_number DESC) c
      CROSS JOIN LATERAL (SELECT search FROM document_search WHERE ctid = c.ctid OFFSET 0) v
      WHERE v.search @@ ${EXACT}
      LIMIT $11),
    listed AS (SELECT * FROM walked ORDER BY date DESC, doc_number DESC LIMIT $11 - 1),`;

/** Past this many months back, a search of the newest matches reads every candidate. */
const WHOLE_SPAN_MONTHS = 360;

/**
 * With q: best rank first, then newest, over the newest `cap` matches; the total counted to
 * `cap + 1`. Ranking reads a document's whole vector (ts_rank), so its cost grows with the
 * matches: at 1 M documents a query matching 42,000 took 0.8 s ranked whole. Beyond the
 * cap the total is capped anyway, and the newest matches are the ones listed.
 *
 * The newest matches are looked for in the last three months first: when more than `cap` match
 * there, no older document is read and nothing else is counted (at 13 M documents, reading every
 * candidate's date took seconds). Otherwise a count of the candidates, which the words index
 * answers without opening a vector, tells whether every match can be ranked; if not, the
 * three months give the density for a wider try, and the last try reads every candidate.
 */
export async function rankedPage(
  db: Queryable,
  filters: SearchFilters & { q: string },
  after: SearchKeyset | null,
  limit: number,
  cap: number,
  words: WordsIndex,
): Promise<{ rows: SearchRow[]; total: number }> {
  const { rows: latest } = await db.query<{ newest: string | null }>(/* SQL */ `SELECT max(date)::text AS newest FROM document_search`);
  const newest = latest[0]?.newest;
  if (!newest) return { rows: [], total: 0 };
  const params = [...filterParams(filters), after?.date ?? null, after?.docNumber ?? null, after?.rank ?? null, limit, cap + 1];
  const page = async (ranking: string, extra: unknown[] = []) => {
    const { rows } = await db.query<SearchRow & { total: number }>(`${ranking}${RANKED_PAGE}`, [...params, ...extra]);
    return { rows: rows.filter((row) => row.doc_number !== null), total: rows[0]?.total ?? 0 };
  };
  let months = 3;
  while (months < WHOLE_SPAN_MONTHS) {
    const within = await page(rankNewestMatches(words), [addMonths(newest, -months)]);
    if (within.total > cap) return within;
    if (months === 3) {
      const { rows: candidates } = await db.query<{ n: number }>(
        /* SQL */ `SELECT (${cappedCount(`d.search @@ ${CANDIDATES[words]} AND ${FILTERS_BUT_Q}`)}) AS n`,
        [...filterParams(filters), cap + 1],
      );
      if (candidates[0]!.n <= cap) return page(RANK_EVERY_MATCH);
    }
    // Matches as dense further back as in these months, with half again for safety.
    months = Math.max(months * 2, Math.ceil((1.5 * cap * months) / Math.max(within.total, 1)));
  }
  return page(rankNewestMatches(words), [null]);
}

/**
 * Without q: newest first, which an index on (date, doc_number) can give without sorting every
 * match; the total is a separate capped count.
 */
export async function newestPage(db: Queryable, filters: SearchFilters, after: SearchKeyset | null, limit: number): Promise<SearchRow[]> {
  const { rows } = await db.query<SearchRow>(
    /* SQL */ `
    WITH page AS (
      SELECT d.doc_number, d.date, NULL::real AS rank
      FROM document_search d
      WHERE ${MATCHES} AND ($7::date IS NULL OR (d.date, d.doc_number) < ($7::date, $8::text))
      ORDER BY d.date DESC, d.doc_number DESC
      LIMIT $9)
    SELECT ${RESULT_COLUMNS}
    FROM page JOIN documents d USING (doc_number)
    ORDER BY page.date DESC, page.doc_number DESC`,
    [...filterParams(filters), after?.date ?? null, after?.docNumber ?? null, limit],
  );
  return rows;
}

/** Matches counted up to `cap + 1`: past the cap the count stops (spec §8). */
export async function countMatches(db: Queryable, filters: SearchFilters, cap: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(/* SQL */ `SELECT (${cappedCount(MATCHES)}) AS n`, [...filterParams(filters), cap + 1]);
  return rows[0]?.n ?? 0;
}

/** The limit of one search (spec §4: over 10 seconds is a 504), for the transaction it runs in. */
export async function limitStatementTime(db: Queryable, milliseconds: number): Promise<void> {
  await db.query(/* SQL */ `SELECT set_config('statement_timeout', $1, true)`, [`${milliseconds}ms`]);
}
