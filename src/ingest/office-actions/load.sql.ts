/**
 * The office-action tables (migration 0017), written a batch at a time inside the runner's
 * transaction: each kind of row as one JSON array expanded set-based (STYLE.md #14).
 */
import type { Queryable } from '../../db/database.js';

export interface StoredHashes {
  /** `application_number document_id` → the text record's hash ('' while only rejection rows made the row). */
  documents: Map<string, string>;
  rejections: Map<string, string>;
  citations: Map<string, string>;
}

export const documentKey = (applicationNumber: string, documentId: string) => `${applicationNumber} ${documentId}`;

export async function findStoredHashes(
  tx: Queryable,
  keys: { documents: { applicationNumber: string; documentId: string }[]; rejections: string[]; citations: string[] },
): Promise<StoredHashes> {
  const documents = keys.documents.length
    ? (
        await tx.query<{ application_number: string; document_id: string; content_hash: string | null }>(
          /* SQL */ `SELECT d.application_number, d.document_id, d.content_hash
                     FROM office_action_documents d
                     JOIN unnest($1::text[], $2::text[]) AS k(application_number, document_id)
                       ON d.application_number = k.application_number AND d.document_id = k.document_id`,
          [keys.documents.map((k) => k.applicationNumber), keys.documents.map((k) => k.documentId)],
        )
      ).rows
    : [];
  const byId = async (table: 'office_action_rejections' | 'office_action_citations', ids: string[]) =>
    ids.length === 0
      ? new Map<string, string>()
      : new Map(
          (
            await tx.query<{ row_id: string; content_hash: string }>(
              `SELECT row_id, content_hash FROM ${table} WHERE row_id = ANY($1::text[])`,
              [ids],
            )
          ).rows.map((r) => [r.row_id, r.content_hash]),
        );
  return {
    documents: new Map(documents.map((d) => [documentKey(d.application_number, d.document_id), d.content_hash ?? ''])),
    rejections: await byId('office_action_rejections', keys.rejections),
    citations: await byId('office_action_citations', keys.citations),
  };
}

export interface DocumentRow {
  application_number: string;
  document_id: string;
  document_code: string;
  mailed_date: string;
  has_text: boolean;
  body_text: string | null;
  text_chars: number | null;
  sections: unknown[] | null;
  section_chars: number | null;
  content_hash: string | null;
}

interface Provenance {
  product: string;
  fileDate: string;
  now: Date;
}

/**
 * Action documents: a text record writes its text over whatever is stored (a newer version of
 * it, or the row its rejection rows made); a row made from rejection rows alone (has_text false)
 * never overwrites anything.
 */
export async function upsertDocuments(tx: Queryable, rows: readonly DocumentRow[], file: Provenance): Promise<void> {
  if (rows.length === 0) return;
  await tx.query(
    /* SQL */ `INSERT INTO office_action_documents AS d (
                 application_number, document_id, document_code, mailed_date, has_text, body_text, text_chars, sections,
                 section_chars, content_hash, source_product, source_file_date, first_seen_at, updated_at)
               SELECT r.application_number, r.document_id, r.document_code, r.mailed_date, r.has_text, r.body_text, r.text_chars,
                      r.sections, r.section_chars, r.content_hash, $2, $3, $4, $4
               FROM json_to_recordset($1::json) AS r(
                 application_number text, document_id text, document_code text, mailed_date date, has_text boolean, body_text text,
                 text_chars integer, sections jsonb, section_chars integer, content_hash text)
               ON CONFLICT (application_number, document_id) DO UPDATE SET
                 document_code = EXCLUDED.document_code, mailed_date = EXCLUDED.mailed_date, has_text = true,
                 body_text = EXCLUDED.body_text, text_chars = EXCLUDED.text_chars, sections = EXCLUDED.sections,
                 section_chars = EXCLUDED.section_chars, content_hash = EXCLUDED.content_hash,
                 source_product = EXCLUDED.source_product, source_file_date = EXCLUDED.source_file_date, updated_at = EXCLUDED.updated_at
               WHERE EXCLUDED.has_text`,
    [JSON.stringify(rows), file.product, file.fileDate, file.now],
  );
}

export interface RejectionDbRow {
  row_id: string;
  application_number: string;
  document_id: string;
  legal_section: string | null;
  paragraph: string | null;
  action_category: string | null;
  claims: number[];
  flagged_statutes: string[];
  double_patenting: boolean;
  content_hash: string;
}

export async function upsertRejections(tx: Queryable, rows: readonly RejectionDbRow[], file: Provenance): Promise<void> {
  if (rows.length === 0) return;
  await tx.query(
    /* SQL */ `INSERT INTO office_action_rejections AS x (
                 row_id, application_number, document_id, legal_section, paragraph, action_category, claims, flagged_statutes,
                 double_patenting, content_hash, source_product, source_file_date, updated_at)
               SELECT r.row_id, r.application_number, r.document_id, r.legal_section, r.paragraph, r.action_category,
                      ARRAY(SELECT json_array_elements_text(r.claims)::int), ARRAY(SELECT json_array_elements_text(r.flagged_statutes)),
                      r.double_patenting, r.content_hash, $2, $3, $4
               FROM json_to_recordset($1::json) AS r(
                 row_id text, application_number text, document_id text, legal_section text, paragraph text, action_category text,
                 claims json, flagged_statutes json, double_patenting boolean, content_hash text)
               ON CONFLICT (row_id) DO UPDATE SET
                 application_number = EXCLUDED.application_number, document_id = EXCLUDED.document_id,
                 legal_section = EXCLUDED.legal_section, paragraph = EXCLUDED.paragraph, action_category = EXCLUDED.action_category,
                 claims = EXCLUDED.claims, flagged_statutes = EXCLUDED.flagged_statutes, double_patenting = EXCLUDED.double_patenting,
                 content_hash = EXCLUDED.content_hash, source_product = EXCLUDED.source_product,
                 source_file_date = EXCLUDED.source_file_date, updated_at = EXCLUDED.updated_at`,
    [JSON.stringify(rows), file.product, file.fileDate, file.now],
  );
}

export interface CitationDbRow {
  row_id: string;
  application_number: string;
  document_id: string;
  legal_section: string | null;
  action_category: string | null;
  reference: string;
  examiner_cited: boolean | null;
  content_hash: string;
}

export async function upsertCitations(tx: Queryable, rows: readonly CitationDbRow[], file: Provenance): Promise<void> {
  if (rows.length === 0) return;
  await tx.query(
    /* SQL */ `INSERT INTO office_action_citations AS c (
                 row_id, application_number, document_id, legal_section, action_category, reference, examiner_cited, content_hash,
                 source_product, source_file_date, updated_at)
               SELECT r.row_id, r.application_number, r.document_id, r.legal_section, r.action_category, r.reference,
                      r.examiner_cited, r.content_hash, $2, $3, $4
               FROM json_to_recordset($1::json) AS r(
                 row_id text, application_number text, document_id text, legal_section text, action_category text, reference text,
                 examiner_cited boolean, content_hash text)
               ON CONFLICT (row_id) DO UPDATE SET
                 application_number = EXCLUDED.application_number, document_id = EXCLUDED.document_id,
                 legal_section = EXCLUDED.legal_section, action_category = EXCLUDED.action_category, reference = EXCLUDED.reference,
                 examiner_cited = EXCLUDED.examiner_cited, content_hash = EXCLUDED.content_hash,
                 source_product = EXCLUDED.source_product, source_file_date = EXCLUDED.source_file_date, updated_at = EXCLUDED.updated_at`,
    [JSON.stringify(rows), file.product, file.fileDate, file.now],
  );
}
