import type { Queryable } from '../../db/database.js';
import { OFFICE_ACTION_MAILING_CODES } from '../../domain/office-action-types.js';

export interface ContinuityRow {
  direction: 'parent' | 'child';
  parent_number: string;
  child_number: string;
  relationship: string | null;
  relationship_description: string | null;
  filing_date: string | null;
  status_code: number | null;
  status_description: string | null;
  patent_number: string | null;
}

export interface ApplicationRow {
  application_number: string;
  filing_date: string | null;
  effective_filing_date: string | null;
  application_type: string | null;
  status_code: number | null;
  status_description: string | null;
  status_date: string | null;
  patent_number: string | null;
  grant_date: string | null;
  publication_number: string | null;
  publication_date: string | null;
  title: string | null;
  applicant_name: string | null;
  /** The first applicant's entity, once resolution has run. */
  applicant_entity_id: string | null;
  examiner_name: string | null;
  art_unit: string | null;
  entity_status: 'small' | 'micro' | 'undiscounted' | null;
  cpc: string[];
  pta_days: number | null;
  source_product: string;
  source_file_date: string;
  transaction_count: number;
  office_action_count: number;
  /** Counted from the assignment, file-wrapper bag and PTAB tables when read (migration 0016). */
  assignment_count: number;
  ptab_proceeding_count: number;
  /** What the office-action list is made of (domain/office-action-list.ts), for its count: mailings and OA documents. */
  oa_mailings: { code: string; date: string }[] | null;
  oa_documents: { documentId: string; documentCode: string; mailedDate: string }[] | null;
  links: ContinuityRow[];
  /** The maintenance-fee file's current entity status of the patent, and the file date it was first seen at. */
  fee_entity_status: 'small' | 'micro' | 'undiscounted' | null;
  fee_entity_status_since: string | null;
}

// The domain's own constant, never input: quoted here so the prepared statement needs no extra parameter.
const MAILING_CODES = OFFICE_ACTION_MAILING_CODES.map((code) => {
  if (!/^[A-Z0-9/=.]+$/.test(code)) throw new Error(`unexpected transaction code ${code}`);
  return `'${code}'`;
}).join(', ');

/**
 * The whole Application is one row (its own tallies and links are written at ingest), plus what
 * other products hold of it, read from their tables: the fee file's entity status of its patent,
 * and its PTAB trials and assignment recordations counted (whichever arrived first; a reel/frame
 * both the assignment files and its file wrapper's bag print counts once).
 */
const APPLICATION_SELECT = /* SQL */ `
  SELECT a.application_number, a.filing_date, a.effective_filing_date, a.application_type, a.status_code,
         a.status_description, a.status_date, a.patent_number, a.grant_date, a.publication_number, a.publication_date,
         a.title, a.applicant_name, a.examiner_name, a.art_unit, a.entity_status, a.cpc, a.pta_days,
         a.source_product, a.source_file_date, a.transaction_count, a.office_action_count,
         (SELECT count(*)::int FROM (
            SELECT x.reel_frame FROM assignment_properties x
            WHERE x.application_number = a.application_number OR x.patent_number = a.patent_number
            UNION
            SELECT r.reel_frame FROM file_wrapper_recordations r WHERE r.application_number = a.application_number) c
         ) AS assignment_count,
         (SELECT count(*)::int FROM ptab_proceedings t
          WHERE t.application_number = a.application_number OR t.patent_number = a.patent_number) AS ptab_proceeding_count,
         (SELECT json_agg(json_build_object('code', x.code, 'date', x.date)) FROM transactions x
          WHERE x.application_number = a.application_number AND x.code IN (${MAILING_CODES})) AS oa_mailings,
         (SELECT json_agg(json_build_object('documentId', d.document_id, 'documentCode', d.document_code, 'mailedDate', d.mailed_date))
          FROM office_action_documents d WHERE d.application_number = a.application_number) AS oa_documents,
         a.links, f.entity_status AS fee_entity_status, f.entity_status_since AS fee_entity_status_since,
         (SELECT NULLIF(p.entity_id, '') FROM application_parties p
          WHERE p.application_number = a.application_number AND p.role = 'applicant' ORDER BY p.seq LIMIT 1) AS applicant_entity_id
  FROM applications a
  LEFT JOIN LATERAL (
    SELECT entity_status, entity_status_since FROM maintenance_fee_patents
    WHERE application_number = a.application_number AND entity_status IS NOT NULL
    ORDER BY entity_status_since DESC LIMIT 1
  ) f ON true`;

/** Any number of applications in one statement (lookups asked together share it: CoalescedLookup). */
export async function findApplicationsByNumber(db: Queryable, applicationNumbers: readonly string[]): Promise<Map<string, ApplicationRow>> {
  const { rows } = await db.query<ApplicationRow>(
    `${APPLICATION_SELECT} WHERE a.application_number = ANY($1::text[])`,
    [applicationNumbers],
    {
      name: 'applications_select_by_numbers',
    },
  );
  return new Map(rows.map((row) => [row.application_number, row]));
}

/** A reissue keeps its own application; should data ever hold two rows, the latest grant wins. */
export async function findApplicationByPatent(db: Queryable, patentNumber: string): Promise<ApplicationRow | null> {
  const { rows } = await db.query<ApplicationRow>(
    `${APPLICATION_SELECT} WHERE a.patent_number = $1 ORDER BY a.grant_date DESC NULLS LAST, a.application_number DESC LIMIT 1`,
    [patentNumber],
  );
  return rows[0] ?? null;
}

/** By year+serial; with a kind only that printed number matches, without one the latest kind wins (A9 > A2 > A1). */
export async function findApplicationByPublication(db: Queryable, bareKey: string, printed: string | null): Promise<ApplicationRow | null> {
  const { rows } = await db.query<ApplicationRow>(
    `${APPLICATION_SELECT}
     WHERE a.publication_key = $1 AND ($2::text IS NULL OR a.publication_number = $2)
     ORDER BY CASE right(a.publication_number, 2) WHEN 'A9' THEN 3 WHEN 'P9' THEN 3 WHEN 'A2' THEN 2 WHEN 'P4' THEN 2 ELSE 1 END DESC,
              a.application_number
     LIMIT 1`,
    [bareKey, printed],
  );
  return rows[0] ?? null;
}

export interface StatusRow {
  application_number: string;
  status_code: number | null;
  status_description: string | null;
  status_date: string | null;
  patent_number: string | null;
  publication_number: string | null;
  applicant_name: string | null;
}

/** Which of `numbers` are on file (an index-only look, before a batch answer's work). */
export async function findHeldNumbers(db: Queryable, numbers: string[]): Promise<string[]> {
  const { rows } = await db.query<{ application_number: string }>(
    /* SQL */ `SELECT application_number FROM applications WHERE application_number = ANY($1::text[])`,
    [numbers],
  );
  return rows.map((row) => row.application_number);
}

export async function findStatuses(db: Queryable, numbers: string[]): Promise<StatusRow[]> {
  const { rows } = await db.query<StatusRow>(
    /* SQL */ `SELECT application_number, status_code, status_description, status_date, patent_number, publication_number, applicant_name
               FROM applications WHERE application_number = ANY($1::text[])`,
    [numbers],
  );
  return rows;
}

export interface TransactionRow {
  seq: number;
  date: string;
  code: string;
  description: string;
  event_type: string | null;
}

/** Newest first, keyset-paged on (date, seq). */
export async function findTransactionsPage(
  db: Queryable,
  query: { applicationNumber: string; since: string | null; after: { date: string; seq: number } | null; limit: number },
): Promise<TransactionRow[]> {
  const { rows } = await db.query<TransactionRow>(
    /* SQL */ `SELECT seq, date, code, description, event_type FROM transactions
               WHERE application_number = $1
                 AND ($2::date IS NULL OR date >= $2::date)
                 AND ($3::date IS NULL OR (date, seq) < ($3::date, $4::int))
               ORDER BY date DESC, seq DESC
               LIMIT $5`,
    [query.applicationNumber, query.since, query.after?.date ?? null, query.after?.seq ?? null, query.limit],
  );
  return rows;
}

export async function applicationExists(
  db: Queryable,
  applicationNumber: string,
): Promise<{ source_product: string; source_file_date: string } | null> {
  const { rows } = await db.query<{ source_product: string; source_file_date: string }>(
    /* SQL */ `SELECT source_product, source_file_date FROM applications WHERE application_number = $1`,
    [applicationNumber],
  );
  return rows[0] ?? null;
}
