import type { PtaRecord } from '../../domain/patent-term.js';
import { childTable } from '../../db/child-rows.js';
import { copyRows, defineCopyColumns, defineCopyTable, joinCopyTable } from '../../db/copy-rows.js';
import type { Queryable } from '../../db/database.js';
import { PRINTED_PARTY_COLUMNS, type PrintedPartyColumns } from '../../ingest/printed-party.js';
import type { Transaction } from './record.js';

export interface StoredRow {
  application_number: string;
  content_hash: string;
  status_code: number | null;
  status_description: string | null;
  patent_number: string | null;
  publication_number: string | null;
  /** The application's bag was stored once (migration 0025): a reel/frame new to it is news. */
  recordations_loaded: boolean;
}

export async function findStoredApplications(db: Queryable, numbers: string[]): Promise<StoredRow[]> {
  const { rows } = await db.query<StoredRow>(
    /* SQL */ `SELECT application_number, content_hash, status_code, status_description, patent_number, publication_number,
                      recordations_loaded
               FROM applications WHERE application_number = ANY($1::text[])`,
    [numbers],
  );
  return rows;
}

export async function findStoredTransactions(db: Queryable, numbers: string[]): Promise<(Transaction & { application_number: string })[]> {
  const { rows } = await db.query<Transaction & { application_number: string }>(
    /* SQL */ `SELECT application_number, date, code, description FROM transactions
               WHERE application_number = ANY($1::text[]) ORDER BY application_number, seq DESC`,
    [numbers],
  );
  return rows;
}

export async function findStoredChildren(
  db: Queryable,
  numbers: string[],
): Promise<{ application_number: string; child_number: string }[]> {
  const { rows } = await db.query<{ application_number: string; child_number: string }>(
    /* SQL */ `SELECT application_number, child_number FROM continuity
               WHERE application_number = ANY($1::text[]) AND direction = 'child' AND parent_number = application_number`,
    [numbers],
  );
  return rows;
}

export async function findStoredReelFrames(
  db: Queryable,
  numbers: string[],
): Promise<{ application_number: string; reel_frame: string }[]> {
  const { rows } = await db.query<{ application_number: string; reel_frame: string }>(
    /* SQL */ `SELECT application_number, reel_frame FROM file_wrapper_recordations WHERE application_number = ANY($1::text[])`,
    [numbers],
  );
  return rows;
}

/**
 * One JSON array of application rows, expanded set-based (STYLE.md #14). A full record carries
 * its bag (an omitted one is empty), so its application's bag is stored from then on.
 */
export async function upsertApplications(db: Queryable, rowsJson: string, fileProduct: string, fileDate: string, now: Date): Promise<void> {
  await db.query(
    /* SQL */ `INSERT INTO applications AS a (
                 application_number, filing_date, effective_filing_date, application_type, status_code, status_description,
                 status_date, patent_number, grant_date, publication_number, publication_key, publication_date, title,
                 applicant_name, examiner_name, examiner_key, art_unit, entity_status, customer_number, docket_number,
                 first_inventor_to_file, cpc, pta_days, pta_parts, transaction_count, office_action_count, links,
                 recordations_loaded, source_product, source_file_date, content_hash, first_seen_at, updated_at)
               SELECT r.application_number, r.filing_date, r.effective_filing_date, r.application_type, r.status_code,
                 r.status_description, r.status_date, r.patent_number, r.grant_date, r.publication_number, r.publication_key,
                 r.publication_date, r.title, r.applicant_name, r.examiner_name, r.examiner_key, r.art_unit, r.entity_status,
                 r.customer_number, r.docket_number, r.first_inventor_to_file, COALESCE(r.cpc, '{}'), r.pta_days, r.pta_parts,
                 r.transaction_count, r.office_action_count, r.links, true, $2, $3,
                 r.content_hash, $4, $4
               FROM json_to_recordset($1::json) AS r(
                 application_number text, filing_date date, effective_filing_date date, application_type text, status_code integer,
                 status_description text, status_date date, patent_number text, grant_date date, publication_number text,
                 publication_key text, publication_date date, title text, applicant_name text, examiner_name text,
                 examiner_key text, art_unit text, entity_status text, customer_number text, docket_number text,
                 first_inventor_to_file boolean, cpc text[], pta_days integer, pta_parts jsonb, transaction_count integer,
                 office_action_count integer, links jsonb, content_hash text)
               ON CONFLICT (application_number) DO UPDATE SET
                 filing_date = EXCLUDED.filing_date, effective_filing_date = EXCLUDED.effective_filing_date,
                 application_type = EXCLUDED.application_type, status_code = EXCLUDED.status_code,
                 status_description = EXCLUDED.status_description, status_date = EXCLUDED.status_date,
                 patent_number = EXCLUDED.patent_number, grant_date = EXCLUDED.grant_date,
                 publication_number = EXCLUDED.publication_number, publication_key = EXCLUDED.publication_key,
                 publication_date = EXCLUDED.publication_date, title = EXCLUDED.title, applicant_name = EXCLUDED.applicant_name,
                 examiner_name = EXCLUDED.examiner_name, examiner_key = EXCLUDED.examiner_key, art_unit = EXCLUDED.art_unit,
                 entity_status = EXCLUDED.entity_status, customer_number = EXCLUDED.customer_number,
                 docket_number = EXCLUDED.docket_number, first_inventor_to_file = EXCLUDED.first_inventor_to_file,
                 cpc = EXCLUDED.cpc, pta_days = EXCLUDED.pta_days, pta_parts = EXCLUDED.pta_parts, transaction_count = EXCLUDED.transaction_count,
                 office_action_count = EXCLUDED.office_action_count, links = EXCLUDED.links,
                 recordations_loaded = true, source_product = EXCLUDED.source_product,
                 source_file_date = EXCLUDED.source_file_date, content_hash = EXCLUDED.content_hash, updated_at = EXCLUDED.updated_at`,
    [rowsJson, fileProduct, fileDate, now],
  );
}

export async function updatePartialApplications(
  db: Queryable,
  rows: { number: string; hash: string; ptaDays: number | null; ptaParts: PtaRecord | null; bag: boolean }[],
  now: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    /* SQL */ `UPDATE applications a SET content_hash = r.hash, pta_days = COALESCE(r.pta_days, a.pta_days),
                 pta_parts = COALESCE(r.pta_parts::jsonb, a.pta_parts), recordations_loaded = a.recordations_loaded OR r.bag,
                 updated_at = $2
               FROM unnest($1::text[], $3::text[], $4::int[], $5::text[], $6::boolean[]) AS r(application_number, hash, pta_days, pta_parts, bag)
               WHERE a.application_number = r.application_number`,
    [
      rows.map((r) => r.number),
      now,
      rows.map((r) => r.hash),
      rows.map((r) => r.ptaDays),
      rows.map((r) => (r.ptaParts ? JSON.stringify(r.ptaParts) : null)),
      rows.map((r) => r.bag),
    ],
  );
}

export interface TransactionRow {
  application_number: string;
  seq: number;
  date: string;
  code: string;
  description: string;
  event_type: string | null;
}

/**
 * The application's whole list is replaced: the office sends it whole (db/child-rows.ts: `stored`
 * names the applications that may have rows to remove; new ones have none).
 */
export const TRANSACTIONS = childTable(
  defineCopyTable<TransactionRow>()('transactions', ['application_number', 'seq', 'date', 'code', 'description', 'event_type']),
  'application_number',
);

export interface ContinuityRow {
  application_number: string;
  direction: 'parent' | 'child';
  seq: number;
  parent_number: string;
  child_number: string;
  relationship: string | null;
  relationship_description: string | null;
  filing_date: string | null;
  status_code: number | null;
  status_description: string | null;
  patent_number: string | null;
}

export const CONTINUITY = defineCopyTable<ContinuityRow>()('continuity', [
  'application_number',
  'direction',
  'seq',
  'parent_number',
  'child_number',
  'relationship',
  'relationship_description',
  'filing_date',
  'status_code',
  'status_description',
  'patent_number',
]);

/** Replaces the links of each (application, direction) given: a partial record may carry only one side. */
export async function replaceContinuity(
  db: Queryable,
  scope: { numbers: string[]; directions: string[] },
  rows: readonly ContinuityRow[],
): Promise<void> {
  await db.query(
    /* SQL */ `DELETE FROM continuity c USING unnest($1::text[], $2::text[]) AS s(application_number, direction)
               WHERE c.application_number = s.application_number AND c.direction = s.direction`,
    [scope.numbers, scope.directions],
  );
  await copyRows(db, CONTINUITY, rows);
}

export interface PartyRow extends PrintedPartyColumns {
  application_number: string;
  role: 'applicant' | 'inventor';
}

/** Applicants and inventors are replaced whole, like transactions. */
export const APPLICATION_PARTIES = childTable(
  joinCopyTable(
    'application_parties',
    defineCopyColumns<Omit<PartyRow, keyof PrintedPartyColumns>>()(['application_number', 'role']),
    PRINTED_PARTY_COLUMNS,
  ),
  'application_number',
);

/** A bag's recordation as the record gives it; the file's product and date are added when written. */
export interface RecordationRow {
  application_number: string;
  reel_frame: string;
  recorded_date: string;
  page_count: number | null;
  conveyance_text: string;
  conveyance_type: string;
}

/** The bag's recordations are replaced whole, like transactions: the office sends the bag whole. */
export const RECORDATIONS = childTable(
  defineCopyTable<RecordationRow & { source_product: string; source_file_date: string }>()('file_wrapper_recordations', [
    'application_number',
    'reel_frame',
    'recorded_date',
    'page_count',
    'conveyance_text',
    'conveyance_type',
    'source_product',
    'source_file_date',
  ]),
  'application_number',
);

export interface RecordationPartyRow {
  application_number: string;
  role: 'assignor' | 'assignee';
  seq: number;
  reel_frame: string;
  name: string;
  normalized_name: string;
  execution_date: string | null;
  /** A `text[]` literal (db/copy-text.ts `arrayLiteral`). */
  address_lines: string | null;
  city: string | null;
  state: string | null;
  postcode: string | null;
  country: string | null;
}

export const RECORDATION_PARTIES = defineCopyTable<RecordationPartyRow>()('file_wrapper_recordation_parties', [
  'application_number',
  'role',
  'seq',
  'reel_frame',
  'name',
  'normalized_name',
  'execution_date',
  'address_lines',
  'city',
  'state',
  'postcode',
  'country',
]);

/**
 * Replaces the parties of the bags written (`stored`: applications that may have some). Links
 * entity resolution made from the deleted parties are redone when it resolves the new ones; an
 * application left with none (`emptied`) goes on its relink queue instead (migration 0014), as the
 * assignment loader queues what a deleted recordation covered.
 */
export async function replaceRecordationParties(
  tx: Queryable,
  stored: readonly string[],
  emptied: readonly string[],
  rows: readonly RecordationPartyRow[],
): Promise<void> {
  if (stored.length > 0)
    await tx.query(
      /* SQL */ `WITH gone AS (DELETE FROM file_wrapper_recordation_parties WHERE application_number = ANY($1::text[])
                             RETURNING application_number)
                 INSERT INTO entity_relink_queue (application_number)
                 SELECT DISTINCT application_number FROM gone WHERE application_number = ANY($2::text[])
                 ON CONFLICT (application_number) DO NOTHING`,
      [stored, emptied],
    );
  await copyRows(tx, RECORDATION_PARTIES, rows);
}
