import type { Queryable } from '../../db/database.js';
import type { PtaRecord } from '../../domain/patent-term.js';

export interface FeePatentRow {
  patent_number: string;
  application_number: string;
  entity_status: 'small' | 'micro' | 'undiscounted' | null;
  filing_date: string;
  grant_date: string;
  source_file_date: string;
}

export interface GrantedApplicationRow {
  application_number: string;
  application_type: string | null;
  filing_date: string | null;
  grant_date: string | null;
  pta_days: number | null;
  pta_parts: PtaRecord | null;
  source_file_date: string;
}

export interface AncestorRow {
  /** The application whose parent this is. */
  child_number: string;
  parent_number: string;
  relationship: string | null;
  filing_date: string | null;
  patent_number: string | null;
}

/** Everything the Maintenance record of one patent reads, from each product that knows it. */
export interface MaintenanceFacts {
  fee: FeePatentRow | null;
  /** The application behind the patent on the file wrapper; the latest grant wins should two claim it (as the lookup does). */
  application: GrantedApplicationRow | null;
  /** The grant's full text, for a patent known only from it. */
  document: { application_number: string | null; filing_date: string | null; date: string } | null;
  /** Oldest first, with the office's description (the loaded Desc file's, when there is one). */
  events: { code: string; date: string; description: string | null }[];
  /**
   * Every ancestor link of its application: the application's own parent links (the office sends
   * grandparents too), and, through any ancestor held on file, that one's links, to the end of
   * the chain. The walk stops at repeats, so a looped record cannot make it run forever.
   */
  ancestors: AncestorRow[];
  /** The latest accepted terminal disclaimer (DOMAIN-RULES §5.1: only an accepted one limits the term). */
  disclaimer: { code: string; date: string } | null;
}

/**
 * One round trip for any number of patents (a lookup, or an entity's portfolio in batches): each
 * patent's rows are read by index from six tables. Patents with nothing on file come back with
 * every part empty.
 */
export async function findMaintenanceFacts(db: Queryable, patentNumbers: readonly string[]): Promise<Map<string, MaintenanceFacts>> {
  const { rows } = await db.query<MaintenanceFacts & { patent_number: string }>(
    /* SQL */ `
    WITH RECURSIVE
    wanted AS (SELECT DISTINCT unnest($1::text[]) AS patent_number),
    application AS (
      SELECT DISTINCT ON (a.patent_number) a.patent_number, a.application_number, a.application_type, a.filing_date,
             a.grant_date, a.pta_days, a.pta_parts, a.source_file_date
      FROM wanted w JOIN applications a ON a.patent_number = w.patent_number
      ORDER BY a.patent_number, a.grant_date DESC NULLS LAST, a.application_number DESC
    ),
    fee AS (
      SELECT f.patent_number, f.application_number, f.entity_status, f.filing_date, f.grant_date, f.source_file_date
      FROM wanted w JOIN maintenance_fee_patents f ON f.patent_number = w.patent_number
    ),
    holder AS (
      SELECT w.patent_number, COALESCE(a.application_number, f.application_number) AS number
      FROM wanted w LEFT JOIN application a USING (patent_number) LEFT JOIN fee f USING (patent_number)
    ),
    chain(patent_number, number, path) AS (
      SELECT patent_number, number, ARRAY[number] FROM holder WHERE number IS NOT NULL
      UNION
      SELECT chain.patent_number, c.parent_number, chain.path || c.parent_number
      FROM chain JOIN continuity c ON c.application_number = chain.number AND c.direction = 'parent'
      WHERE NOT c.parent_number = ANY(chain.path) AND cardinality(chain.path) < 50
    ),
    ancestors AS (
      SELECT ch.patent_number,
             json_agg(DISTINCT jsonb_build_object('child_number', c.child_number, 'parent_number', c.parent_number,
                                                  'relationship', c.relationship, 'filing_date', c.filing_date,
                                                  'patent_number', c.patent_number)) AS links
      FROM (SELECT DISTINCT patent_number, number FROM chain) ch
      JOIN continuity c ON c.application_number = ch.number AND c.direction = 'parent'
      GROUP BY ch.patent_number
    )
    SELECT w.patent_number,
      CASE WHEN f.patent_number IS NOT NULL THEN row_to_json(f) END AS fee,
      CASE WHEN a.patent_number IS NOT NULL
           THEN json_build_object('application_number', a.application_number, 'application_type', a.application_type,
                                  'filing_date', a.filing_date, 'grant_date', a.grant_date, 'pta_days', a.pta_days,
                                  'pta_parts', a.pta_parts, 'source_file_date', a.source_file_date) END AS application,
      (SELECT row_to_json(d) FROM (SELECT application_number, filing_date, date FROM documents
                                    WHERE doc_type = 'grant' AND doc_number = w.patent_number) d) AS document,
      COALESCE((SELECT json_agg(json_build_object('code', e.event_code, 'date', e.event_date, 'description', c.description)
                                ORDER BY e.event_date, e.event_code)
                FROM maintenance_fee_events e LEFT JOIN maintenance_fee_codes c USING (event_code)
                WHERE e.patent_number = w.patent_number), '[]') AS events,
      COALESCE(x.links, '[]') AS ancestors,
      (SELECT row_to_json(t) FROM (SELECT code, date FROM transactions
                                   WHERE application_number = h.number AND code IN ('DISQ', 'N574', 'MN574', 'P574')
                                   ORDER BY date DESC, seq DESC LIMIT 1) t) AS disclaimer
    FROM wanted w
    LEFT JOIN application a USING (patent_number)
    LEFT JOIN fee f USING (patent_number)
    LEFT JOIN holder h USING (patent_number)
    LEFT JOIN ancestors x USING (patent_number)`,
    [patentNumbers],
    { name: 'maintenance_facts' },
  );
  return new Map(rows.map(({ patent_number, ...facts }) => [patent_number, facts]));
}
