import type { Queryable } from '../../db/database.js';

export interface CitationRow {
  cited_group: 'patents' | 'publications' | 'foreign' | 'npl' | 'defect';
  cited_number: string | null;
  country: string | null;
  kind: string | null;
  name: string | null;
  cited_date: string | null;
  npl_text: string | null;
  raw: string | null;
  defect: string | null;
  category: 'examiner' | 'applicant' | 'other';
  category_detail: string | null;
}

/** The citing grant's own row (null when its grant file is not loaded) and its front-page citations. */
export async function findBackward(
  db: Queryable,
  patentNumber: string,
): Promise<{ grant: { source_product: string; source_file_date: string } | null; citations: CitationRow[] }> {
  const grant = await db.query<{ source_product: string; source_file_date: string }>(
    /* SQL */ `SELECT source_product, source_file_date FROM documents WHERE doc_number = $1 AND doc_type = 'grant'`,
    [patentNumber],
  );
  if (!grant.rows[0]) return { grant: null, citations: [] };
  const { rows } = await db.query<CitationRow>(
    /* SQL */ `SELECT cited_group, cited_number, country, kind, name, cited_date, npl_text, raw, defect, category, category_detail
               FROM citations WHERE citing_number = $1 ORDER BY position`,
    [patentNumber],
  );
  return { grant: grant.rows[0], citations: rows };
}

/** How many front-page citations the grant carries, and whether any loaded grant cites the patent (counts only, before the work). */
export async function countCitations(db: Queryable, patentNumber: string): Promise<{ backward: number; forward: boolean }> {
  const { rows } = await db.query<{ backward: number; forward: boolean }>(
    /* SQL */ `SELECT (SELECT count(*) FROM citations WHERE citing_number = $1)::int AS backward,
                      EXISTS (SELECT 1 FROM citations WHERE cited_group = 'patents' AND cited_number = $1) AS forward`,
    [patentNumber],
  );
  return rows[0] ?? { backward: 0, forward: false };
}

export interface ForwardRow {
  patent_number: string;
  grant_date: string;
  title: string | null;
  categories: string[];
}

/** Loaded grants citing the patent, newest first (grant date, then number), after the cursor's keyset. */
export async function findForwardPage(
  db: Queryable,
  input: { patentNumber: string; after: { date: string; number: string } | null; limit: number },
): Promise<ForwardRow[]> {
  const { rows } = await db.query<ForwardRow>(
    /* SQL */ `SELECT c.citing_number AS patent_number, d.date AS grant_date, d.title,
                 array_agg(DISTINCT c.category ORDER BY c.category) AS categories
               FROM citations c JOIN documents d ON d.doc_number = c.citing_number
               WHERE c.cited_group = 'patents' AND c.cited_number = $1
                 AND ($2::date IS NULL OR (d.date, c.citing_number) < ($2::date, $3::text))
               GROUP BY c.citing_number, d.date, d.title
               ORDER BY d.date DESC, c.citing_number DESC
               LIMIT $4`,
    [input.patentNumber, input.after?.date ?? null, input.after?.number ?? null, input.limit],
  );
  return rows;
}

export async function countForward(db: Queryable, patentNumber: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    /* SQL */ `SELECT count(DISTINCT citing_number)::int AS n FROM citations WHERE cited_group = 'patents' AND cited_number = $1`,
    [patentNumber],
  );
  return rows[0]?.n ?? 0;
}

/** Whether the service knows the patent at all: from the file wrapper, or as a cited patent. */
export async function patentIsKnown(db: Queryable, patentNumber: string): Promise<boolean> {
  const { rowCount } = await db.query(
    /* SQL */ `SELECT 1 FROM applications WHERE patent_number = $1
               UNION ALL SELECT 1 FROM citations WHERE cited_group = 'patents' AND cited_number = $1 LIMIT 1`,
    [patentNumber],
  );
  return rowCount > 0;
}
