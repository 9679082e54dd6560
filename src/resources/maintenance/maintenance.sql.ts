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

/** One round trip: a lookup reads six tables, and each of them by an index. */
export async function findMaintenanceFacts(db: Queryable, patentNumber: string): Promise<MaintenanceFacts> {
  const { rows } = await db.query<MaintenanceFacts>(
    /* SQL */ `
    WITH RECURSIVE
    application AS (
      SELECT application_number, application_type, filing_date, grant_date, pta_days, pta_parts, source_file_date
      FROM applications WHERE patent_number = $1
      ORDER BY grant_date DESC NULLS LAST, application_number DESC LIMIT 1
    ),
    fee AS (
      SELECT patent_number, application_number, entity_status, filing_date, grant_date, source_file_date
      FROM maintenance_fee_patents WHERE patent_number = $1
    ),
    holder AS (
      SELECT COALESCE((SELECT application_number FROM application), (SELECT application_number FROM fee)) AS number
    ),
    chain(number, path) AS (
      SELECT number, ARRAY[number] FROM holder WHERE number IS NOT NULL
      UNION
      SELECT c.parent_number, chain.path || c.parent_number
      FROM chain JOIN continuity c ON c.application_number = chain.number AND c.direction = 'parent'
      WHERE NOT c.parent_number = ANY(chain.path) AND cardinality(chain.path) < 50
    )
    SELECT
      (SELECT row_to_json(fee) FROM fee) AS fee,
      (SELECT row_to_json(application) FROM application) AS application,
      (SELECT row_to_json(d) FROM (SELECT application_number, filing_date, date FROM documents
                                    WHERE doc_type = 'grant' AND doc_number = $1) d) AS document,
      COALESCE((SELECT json_agg(json_build_object('code', e.event_code, 'date', e.event_date, 'description', c.description)
                                ORDER BY e.event_date, e.event_code)
                FROM maintenance_fee_events e LEFT JOIN maintenance_fee_codes c USING (event_code)
                WHERE e.patent_number = $1), '[]') AS events,
      COALESCE((SELECT json_agg(DISTINCT jsonb_build_object('child_number', c.child_number, 'parent_number', c.parent_number,
                                                            'relationship', c.relationship, 'filing_date', c.filing_date,
                                                            'patent_number', c.patent_number))
                FROM continuity c WHERE c.direction = 'parent' AND c.application_number IN (SELECT number FROM chain)), '[]') AS ancestors,
      (SELECT row_to_json(t) FROM (SELECT code, date FROM transactions
                                   WHERE application_number = (SELECT number FROM holder) AND code IN ('DISQ', 'N574', 'MN574', 'P574')
                                   ORDER BY date DESC, seq DESC LIMIT 1) t) AS disclaimer`,
    [patentNumber],
    { name: 'maintenance_facts' },
  );
  return rows[0]!;
}
