import type { Queryable } from '../db/database.js';
import { BUILT_IN_FEE_CODES } from '../domain/fee-codes.js';
import type { PtaRecord } from '../domain/patent-term.js';
// The catalogue's codes are constants written into statements' text, never input.
import { FILE_WRAPPER_PRODUCTS, MAINTENANCE_FEE_PRODUCT } from '../domain/products.js';
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

/** Accepted terminal disclaimers (DOMAIN-RULES §5.1: only an accepted one limits the term). */
const DISCLAIMER_ACCEPTED: ReadonlySet<string> = new Set(['DISQ', 'N574', 'MN574', 'P574']);
/** The file-wrapper transactions read: fee events and accepted disclaimers, in one index walk. */
const TRANSACTION_CODES = [...[...BUILT_IN_FEE_CODES.keys()].filter(isFeeTransaction), ...DISCLAIMER_ACCEPTED];
/**
 * Patents a statement: a batch is costed by how many it asks, and a cost past the server's JIT
 * threshold (100,000 by default) compiles the statement for longer than it runs; 100 stay well under it.
 */
const PATENTS_A_STATEMENT = 100;

/**
 * Every product's rows of the given patents, a statement per 100 (an entity's portfolio, a
 * detector's candidates) or one for a single lookup: each patent's rows read by index from every
 * product's tables. Patents with nothing on file come back with every part empty. One patent is
 * asked with a statement of its own: its plan does not depend on how many are asked, so the
 * server plans it once per connection instead of on every lookup.
 */
export async function findPatentEvidence(db: Queryable, patentNumbers: readonly string[]): Promise<Map<string, PatentEvidenceRows>> {
  const found = new Map<string, PatentEvidenceRows>();
  const wanted = [...new Set(patentNumbers)];
  for (let from = 0; from < wanted.length; from += PATENTS_A_STATEMENT) {
    const chunk = wanted.slice(from, from + PATENTS_A_STATEMENT);
    const one = chunk.length === 1;
    const { rows } = await db.query<
      Omit<PatentEvidenceRows, TransactionParts> & { patent_number: string; file_wrapper_transactions: Transaction[] }
    >(one ? EVIDENCE_OF_ONE : EVIDENCE_OF_MANY, [one ? chunk[0] : chunk, TRANSACTION_CODES], {
      name: one ? 'patent_evidence_one' : 'patent_evidence_many',
    });
    for (const { patent_number, file_wrapper_transactions: transactions, ...evidence } of rows) {
      found.set(patent_number, {
        ...evidence,
        file_wrapper_fee_events: transactions.filter((t) => isFeeTransaction(t.code)),
        file_wrapper_disclaimers: transactions.filter((t) => DISCLAIMER_ACCEPTED.has(t.code)).map(({ code, date }) => ({ code, date })),
      });
    }
  }
  return found;
}

type TransactionParts = 'file_wrapper_fee_events' | 'file_wrapper_disclaimers';
type Transaction = PatentEvidenceRows['file_wrapper_fee_events'][number];

// Each product's row is read by a LATERAL lookup that the planner knows gives at most one row per
// patent: estimates stay at the number of patents asked, so a batch of 500 is costed as such and
// does not cross the server's JIT threshold (JIT compiled such a batch for over a second).
const evidenceOf = (wanted: string) => /* SQL */ `
    WITH RECURSIVE
    held AS (
      SELECT w.patent_number, a.application_number AS fw_number, a.application_type, a.filing_date AS fw_filing_date,
             a.grant_date AS fw_grant_date, a.pta_days, a.pta_parts, a.source_product AS fw_product,
             a.source_file_date AS fw_file_date,
             f.application_number AS fee_number, f.entity_status, f.filing_date AS fee_filing_date,
             f.grant_date AS fee_grant_date, f.source_file_date AS fee_file_date,
             g.doc_number AS grant_number, g.application_number AS grant_application, g.filing_date AS grant_filing_date,
             g.date AS grant_date, g.source_file_date AS grant_file_date,
             t.term_extension_days, t.disclaimer, t.pct_number, t.pct_filing_date,
             COALESCE(a.application_number, f.application_number, g.application_number) AS number
      FROM (${wanted}) w
      LEFT JOIN LATERAL (
        SELECT application_number, application_type, filing_date, grant_date, pta_days, pta_parts, source_product, source_file_date
        FROM applications WHERE patent_number = w.patent_number
        ORDER BY grant_date DESC NULLS LAST, application_number DESC LIMIT 1
      ) a ON true
      LEFT JOIN maintenance_fee_patents f ON f.patent_number = w.patent_number
      LEFT JOIN documents g ON g.doc_number = w.patent_number AND g.doc_type = 'grant'
      LEFT JOIN grant_terms t ON t.doc_number = g.doc_number
    ),
    chain(patent_number, number, path) AS (
      SELECT patent_number, number, ARRAY[number] FROM held WHERE number IS NOT NULL
      UNION
      SELECT h.patent_number, r.parent_number, ARRAY[COALESCE(h.number, ''), r.parent_number]
      FROM held h JOIN grant_relations r ON r.doc_number = h.grant_number
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
    SELECT h.patent_number,
      CASE WHEN h.fw_number IS NOT NULL
           THEN json_build_object('application_number', h.fw_number, 'application_type', h.application_type,
                                  'filing_date', h.fw_filing_date, 'grant_date', h.fw_grant_date, 'pta_days', h.pta_days,
                                  'pta_parts', h.pta_parts, 'source_product', h.fw_product,
                                  'source_file_date', h.fw_file_date) END AS file_wrapper,
      CASE WHEN h.fee_number IS NOT NULL
           THEN json_build_object('application_number', h.fee_number, 'entity_status', h.entity_status,
                                  'filing_date', h.fee_filing_date, 'grant_date', h.fee_grant_date,
                                  'source_file_date', h.fee_file_date) END AS fee,
      CASE WHEN h.grant_number IS NOT NULL
           THEN json_build_object('application_number', h.grant_application, 'filing_date', h.grant_filing_date,
                                  'date', h.grant_date, 'source_file_date', h.grant_file_date,
                                  'term_extension_days', h.term_extension_days, 'disclaimer', h.disclaimer,
                                  'pct_number', h.pct_number, 'pct_filing_date', h.pct_filing_date) END AS grant,
      COALESCE(x.links, '[]') AS file_wrapper_links,
      COALESCE((SELECT json_agg(json_build_object('relation', r.relation, 'parent_number', r.parent_number,
                                                  'parent_filing_date', r.parent_filing_date,
                                                  'parent_patent_number', r.parent_patent_number,
                                                  'parent_patent_date', r.parent_patent_date, 'child_number', r.child_number)
                                ORDER BY r.seq)
                FROM grant_relations r WHERE r.doc_number = h.grant_number), '[]') AS grant_relations,
      COALESCE((SELECT json_agg(json_build_object('code', e.event_code, 'date', e.event_date, 'description', c.description,
                                                  'source_file_date', e.source_file_date)
                                ORDER BY e.event_date, e.event_code)
                FROM maintenance_fee_events e LEFT JOIN maintenance_fee_codes c USING (event_code)
                WHERE e.patent_number = h.patent_number), '[]') AS fee_events,
      COALESCE((SELECT json_agg(json_build_object('code', t.code, 'date', t.date, 'description', t.description)
                                ORDER BY t.date, t.code, t.seq)
                FROM transactions t WHERE t.application_number = h.number AND t.code = ANY($2::text[])), '[]')
        AS file_wrapper_transactions,
      (SELECT max(file_date) FROM product_state WHERE product = '${MAINTENANCE_FEE_PRODUCT}') AS fee_file_date,
      (SELECT max(file_date) FROM product_state WHERE product IN (${FILE_WRAPPER_PRODUCTS.map((code) => `'${code}'`).join(', ')})) AS file_wrapper_file_date
    FROM held h LEFT JOIN fw_links x USING (patent_number)`;
const EVIDENCE_OF_ONE = evidenceOf(/* SQL */ `SELECT $1::text AS patent_number`);
const EVIDENCE_OF_MANY = evidenceOf(/* SQL */ `SELECT DISTINCT unnest($1::text[]) AS patent_number`);
