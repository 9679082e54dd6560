import type { Queryable } from '../db/database.js';
import { BUILT_IN_FEE_CODES } from '../domain/fee-codes.js';
import type { PtaRecord } from '../domain/patent-term.js';
import { isFeeTransaction } from './fee-transactions.js';

/** The file wrapper's application behind a patent. */
export interface FileWrapperRow {
  application_number: string;
  application_type: string | null;
  filing_date: string | null;
  grant_date: string | null;
  pta_days: number | null;
  pta_parts: PtaRecord | null;
  source_product: string;
  source_file_date: string;
}

/** The fee file's line of a patent (repeated on every event line: the last file's copy). */
export interface FeePatentRow {
  application_number: string;
  entity_status: 'small' | 'micro' | 'undiscounted' | null;
  filing_date: string;
  grant_date: string;
  source_file_date: string;
}

/** The grant's full text, with what it prints of the term (grant_terms; null columns when it printed none). */
export interface GrantRow {
  application_number: string | null;
  filing_date: string | null;
  date: string;
  source_file_date: string;
  term_extension_days: number | null;
  disclaimer: string | null;
  pct_number: string | null;
  pct_filing_date: string | null;
}

export interface FileWrapperLinkRow {
  /** The application whose parent this is. */
  child_number: string;
  parent_number: string;
  relationship: string | null;
  filing_date: string | null;
  patent_number: string | null;
}

export interface GrantRelationRow {
  relation: string;
  parent_number: string;
  parent_filing_date: string | null;
  parent_patent_number: string | null;
  parent_patent_date: string | null;
  /** Null when the grant prints none (a provisional): the grant's own application. */
  child_number: string | null;
}

export interface FeeEventRow {
  code: string;
  date: string;
  description: string | null;
  source_file_date: string;
}

/** Everything every product holds of one patent, each product's rows apart; facts/fuse.ts decides between them. */
export interface PatentEvidenceRows {
  file_wrapper: FileWrapperRow | null;
  fee: FeePatentRow | null;
  grant: GrantRow | null;
  /**
   * The file wrapper's ancestor links: the application's own parent links (the office sends
   * grandparents too) and, through any ancestor held on file (also one the grant names), that
   * one's links, to the end of the chain. The walk stops at repeats.
   */
  file_wrapper_links: FileWrapperLinkRow[];
  grant_relations: GrantRelationRow[];
  /** The fee file's events, oldest first, with the office's description. */
  fee_events: FeeEventRow[];
  /** Fee events among the application's file-wrapper transactions (fee-transactions.ts), oldest first. */
  file_wrapper_fee_events: Omit<FeeEventRow, 'source_file_date'>[];
  /** Accepted terminal disclaimers among its transactions (DOMAIN-RULES §5.1: only an accepted one limits the term). */
  file_wrapper_disclaimers: { code: string; date: string }[];
  /** The newest file date of the fee product and of the file-wrapper family: what each covers. */
  fee_file_date: string | null;
  file_wrapper_file_date: string | null;
}

const FEE_CODES = [...BUILT_IN_FEE_CODES.keys()].filter(isFeeTransaction);
const DISCLAIMER_ACCEPTED = ['DISQ', 'N574', 'MN574', 'P574'];

/**
 * One round trip for any number of patents (a lookup, an entity's portfolio in batches, a
 * detector's candidates): each patent's rows read by index from every product's tables.
 * Patents with nothing on file come back with every part empty.
 */
export async function findPatentEvidence(db: Queryable, patentNumbers: readonly string[]): Promise<Map<string, PatentEvidenceRows>> {
  const { rows } = await db.query<PatentEvidenceRows & { patent_number: string }>(
    /* SQL */ `
    WITH RECURSIVE
    wanted AS (SELECT DISTINCT unnest($1::text[]) AS patent_number),
    fw AS (
      SELECT DISTINCT ON (a.patent_number) a.patent_number, a.application_number, a.application_type, a.filing_date,
             a.grant_date, a.pta_days, a.pta_parts, a.source_product, a.source_file_date
      FROM wanted w JOIN applications a ON a.patent_number = w.patent_number
      ORDER BY a.patent_number, a.grant_date DESC NULLS LAST, a.application_number DESC
    ),
    fee AS (
      SELECT f.patent_number, f.application_number, f.entity_status, f.filing_date, f.grant_date, f.source_file_date
      FROM wanted w JOIN maintenance_fee_patents f ON f.patent_number = w.patent_number
    ),
    grant_doc AS (
      SELECT d.doc_number AS patent_number, d.application_number, d.filing_date, d.date, d.source_file_date,
             t.term_extension_days, t.disclaimer, t.pct_number, t.pct_filing_date
      FROM wanted w JOIN documents d ON d.doc_type = 'grant' AND d.doc_number = w.patent_number
      LEFT JOIN grant_terms t ON t.doc_number = d.doc_number
    ),
    holder AS (
      SELECT w.patent_number, COALESCE(a.application_number, f.application_number, g.application_number) AS number
      FROM wanted w LEFT JOIN fw a USING (patent_number) LEFT JOIN fee f USING (patent_number) LEFT JOIN grant_doc g USING (patent_number)
    ),
    chain(patent_number, number, path) AS (
      SELECT patent_number, number, ARRAY[number] FROM holder WHERE number IS NOT NULL
      UNION
      SELECT h.patent_number, r.parent_number, ARRAY[COALESCE(h.number, ''), r.parent_number]
      FROM holder h JOIN grant_relations r ON r.doc_number = h.patent_number
      UNION
      SELECT chain.patent_number, c.parent_number, chain.path || c.parent_number
      FROM chain JOIN continuity c ON c.application_number = chain.number AND c.direction = 'parent'
      WHERE NOT c.parent_number = ANY(chain.path) AND cardinality(chain.path) < 50
    ),
    fw_links AS (
      SELECT ch.patent_number,
             json_agg(DISTINCT jsonb_build_object('child_number', c.child_number, 'parent_number', c.parent_number,
                                                  'relationship', c.relationship, 'filing_date', c.filing_date,
                                                  'patent_number', c.patent_number)) AS links
      FROM (SELECT DISTINCT patent_number, number FROM chain) ch
      JOIN continuity c ON c.application_number = ch.number AND c.direction = 'parent'
      GROUP BY ch.patent_number
    )
    SELECT w.patent_number,
      CASE WHEN a.patent_number IS NOT NULL
           THEN json_build_object('application_number', a.application_number, 'application_type', a.application_type,
                                  'filing_date', a.filing_date, 'grant_date', a.grant_date, 'pta_days', a.pta_days,
                                  'pta_parts', a.pta_parts, 'source_product', a.source_product,
                                  'source_file_date', a.source_file_date) END AS file_wrapper,
      CASE WHEN f.patent_number IS NOT NULL
           THEN json_build_object('application_number', f.application_number, 'entity_status', f.entity_status,
                                  'filing_date', f.filing_date, 'grant_date', f.grant_date,
                                  'source_file_date', f.source_file_date) END AS fee,
      CASE WHEN g.patent_number IS NOT NULL
           THEN json_build_object('application_number', g.application_number, 'filing_date', g.filing_date, 'date', g.date,
                                  'source_file_date', g.source_file_date, 'term_extension_days', g.term_extension_days,
                                  'disclaimer', g.disclaimer, 'pct_number', g.pct_number,
                                  'pct_filing_date', g.pct_filing_date) END AS grant,
      COALESCE(x.links, '[]') AS file_wrapper_links,
      COALESCE((SELECT json_agg(json_build_object('relation', r.relation, 'parent_number', r.parent_number,
                                                  'parent_filing_date', r.parent_filing_date,
                                                  'parent_patent_number', r.parent_patent_number,
                                                  'parent_patent_date', r.parent_patent_date, 'child_number', r.child_number)
                                ORDER BY r.seq)
                FROM grant_relations r WHERE r.doc_number = g.patent_number), '[]') AS grant_relations,
      COALESCE((SELECT json_agg(json_build_object('code', e.event_code, 'date', e.event_date, 'description', c.description,
                                                  'source_file_date', e.source_file_date)
                                ORDER BY e.event_date, e.event_code)
                FROM maintenance_fee_events e LEFT JOIN maintenance_fee_codes c USING (event_code)
                WHERE e.patent_number = w.patent_number), '[]') AS fee_events,
      COALESCE((SELECT json_agg(json_build_object('code', t.code, 'date', t.date, 'description', t.description)
                                ORDER BY t.date, t.code)
                FROM transactions t WHERE t.application_number = h.number AND t.code = ANY($2::text[])), '[]')
        AS file_wrapper_fee_events,
      COALESCE((SELECT json_agg(json_build_object('code', t.code, 'date', t.date) ORDER BY t.date, t.seq)
                FROM transactions t WHERE t.application_number = h.number AND t.code = ANY($3::text[])), '[]')
        AS file_wrapper_disclaimers,
      (SELECT max(file_date) FROM product_state WHERE product = 'PTMNFEE2') AS fee_file_date,
      (SELECT max(file_date) FROM product_state WHERE product IN ('PTFWPRD', 'PTFWPRE')) AS file_wrapper_file_date
    FROM wanted w
    LEFT JOIN fw a USING (patent_number)
    LEFT JOIN fee f USING (patent_number)
    LEFT JOIN grant_doc g USING (patent_number)
    LEFT JOIN holder h USING (patent_number)
    LEFT JOIN fw_links x USING (patent_number)`,
    [patentNumbers, FEE_CODES, DISCLAIMER_ACCEPTED],
    { name: 'patent_evidence' },
  );
  return new Map(rows.map(({ patent_number, ...evidence }) => [patent_number, evidence]));
}
