import type { Queryable } from '../../db/database.js';

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
const MATCHES = /* SQL */ `
  ($1::text IS NULL OR d.search @@ websearch_to_tsquery('english', $1))
  AND ($2::text IS NULL OR d.cpc_levels @> ARRAY[$2::text])
  AND ($3::text IS NULL OR d.doc_type = $3)
  AND ($4::date IS NULL OR d.filing_date >= $4)
  AND ($5::date IS NULL OR d.filing_date <= $5)
  AND ($6::text[] IS NULL OR d.application_number IN (SELECT application_number FROM entity_links WHERE entity_id = ANY($6::text[])))`;

const filterParams = (f: SearchFilters) => [f.q, f.cpcLevel, f.docType, f.filedAfter, f.filedBefore, f.entityIds];

// The result columns of the page's rows; only they get a headline (ts_headline re-parses the abstract).
const RESULT_COLUMNS = /* SQL */ `d.doc_number, d.doc_type, d.kind, d.application_number, d.title, d.date, d.filing_date, d.cpc, page.rank,
  CASE WHEN $1::text IS NULL THEN d.abstract
       ELSE ts_headline('english', d.abstract, websearch_to_tsquery('english', $1), 'StartSel=<mark>, StopSel=</mark>, MaxWords=40, MinWords=15')
  END AS snippet`;

/**
 * With q: every match is ranked once (the best rank can be anywhere), so the page and the capped
 * total come from that one pass instead of reading every match's vector twice. An empty page still
 * gives one row, carrying the total.
 */
export async function rankedPage(
  db: Queryable,
  filters: SearchFilters & { q: string },
  after: SearchKeyset | null,
  limit: number,
  cap: number,
): Promise<{ rows: SearchRow[]; total: number }> {
  const { rows } = await db.query<SearchRow & { total: number }>(
    /* SQL */ `
    WITH matches AS MATERIALIZED (
      SELECT d.doc_number, d.date, ts_rank(d.search, websearch_to_tsquery('english', $1)) AS rank
      FROM documents d WHERE ${MATCHES}),
    counted AS (SELECT count(*)::int AS total FROM (SELECT 1 FROM matches LIMIT $11) AS capped),
    page AS (
      SELECT * FROM matches
      WHERE $7::date IS NULL OR (rank, date, doc_number) < ($9::real, $7::date, $8::text)
      ORDER BY rank DESC, date DESC, doc_number DESC
      LIMIT $10)
    SELECT counted.total, ${RESULT_COLUMNS}
    FROM counted LEFT JOIN page ON true LEFT JOIN documents d ON d.doc_number = page.doc_number
    ORDER BY page.rank DESC, page.date DESC, page.doc_number DESC`,
    [...filterParams(filters), after?.date ?? null, after?.docNumber ?? null, after?.rank ?? null, limit, cap + 1],
  );
  return { rows: rows.filter((row) => row.doc_number !== null), total: rows[0]?.total ?? 0 };
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
      FROM documents d
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
  const { rows } = await db.query<{ n: number }>(
    /* SQL */ `SELECT count(*)::int AS n FROM (SELECT 1 FROM documents d WHERE ${MATCHES} LIMIT $7) AS capped`,
    [...filterParams(filters), cap + 1],
  );
  return rows[0]?.n ?? 0;
}

/** The limit of one search (spec §4: over 10 seconds is a 504), for the transaction it runs in. */
export async function limitStatementTime(db: Queryable, milliseconds: number): Promise<void> {
  await db.query(/* SQL */ `SELECT set_config('statement_timeout', $1, true)`, [`${milliseconds}ms`]);
}
