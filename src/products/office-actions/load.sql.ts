/**
 * The office-action tables (migration 0017), written a batch at a time inside the runner's
 * transaction: stored hashes read set-based, new rows copied in.
 */
import { copyRows, defineCopyTable } from '../../db/copy-rows.js';
import { arrayLiteral } from '../../db/copy-text.js';
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
  sections: { statute: string; heading: string; chars: number }[] | null;
  section_texts: string[] | null;
  section_chars: number | null;
  content_hash: string | null;
}

interface Provenance {
  product: string;
  fileDate: string;
  now: Date;
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

/** What a batch writes: rows to remove first (new versions of stored ones), then every new row. */
export interface BatchRows {
  replacedDocuments: { applicationNumber: string; documentId: string }[];
  replacedRejections: string[];
  replacedCitations: string[];
  documents: DocumentRow[];
  rejections: RejectionDbRow[];
  citations: CitationDbRow[];
}

const DOCUMENTS = defineCopyTable<
  Omit<DocumentRow, 'sections' | 'section_texts'> & {
    /** JSON. */
    sections: string | null;
    /** A `text[]` literal (db/copy-text.ts `arrayLiteral`). */
    section_texts: string | null;
    source_product: string;
    source_file_date: string;
    first_seen_at: string;
    updated_at: string;
  }
>()('office_action_documents', [
  'application_number',
  'document_id',
  'document_code',
  'mailed_date',
  'has_text',
  'body_text',
  'text_chars',
  'sections',
  'section_texts',
  'section_chars',
  'content_hash',
  'source_product',
  'source_file_date',
  'first_seen_at',
  'updated_at',
]);

/** `claims` and `flagged_statutes` as array literals. */
const REJECTIONS = defineCopyTable<
  Omit<RejectionDbRow, 'claims' | 'flagged_statutes'> & {
    claims: string;
    flagged_statutes: string;
    source_product: string;
    source_file_date: string;
    updated_at: string;
  }
>()('office_action_rejections', [
  'row_id',
  'application_number',
  'document_id',
  'legal_section',
  'paragraph',
  'action_category',
  'claims',
  'flagged_statutes',
  'double_patenting',
  'content_hash',
  'source_product',
  'source_file_date',
  'updated_at',
]);

const CITATIONS = defineCopyTable<CitationDbRow & { source_product: string; source_file_date: string; updated_at: string }>()(
  'office_action_citations',
  [
    'row_id',
    'application_number',
    'document_id',
    'legal_section',
    'action_category',
    'reference',
    'examiner_cited',
    'content_hash',
    'source_product',
    'source_file_date',
    'updated_at',
  ],
);

/**
 * A new version of a stored row replaces it (deleted, then copied with the new ones): COPY is the
 * cheapest way in for rows this size (texts of tens of kB), for the server and for this process.
 */
export async function writeBatch(tx: Queryable, rows: BatchRows, file: Provenance): Promise<void> {
  const now = file.now.toISOString();
  const provenance = { source_product: file.product, source_file_date: file.fileDate };
  if (rows.replacedDocuments.length > 0)
    await tx.query(
      /* SQL */ `DELETE FROM office_action_documents d USING unnest($1::text[], $2::text[]) AS k(application_number, document_id)
                 WHERE d.application_number = k.application_number AND d.document_id = k.document_id`,
      [rows.replacedDocuments.map((k) => k.applicationNumber), rows.replacedDocuments.map((k) => k.documentId)],
    );
  if (rows.replacedRejections.length > 0)
    await tx.query(/* SQL */ `DELETE FROM office_action_rejections WHERE row_id = ANY($1::text[])`, [rows.replacedRejections]);
  if (rows.replacedCitations.length > 0)
    await tx.query(/* SQL */ `DELETE FROM office_action_citations WHERE row_id = ANY($1::text[])`, [rows.replacedCitations]);
  await copyRows(
    tx,
    DOCUMENTS,
    rows.documents.map((d) => ({
      ...d,
      sections: d.sections === null ? null : JSON.stringify(d.sections),
      section_texts: d.section_texts === null ? null : arrayLiteral(d.section_texts),
      ...provenance,
      first_seen_at: now,
      updated_at: now,
    })),
  );
  await copyRows(
    tx,
    REJECTIONS,
    rows.rejections.map((r) => ({
      ...r,
      claims: `{${r.claims.join(',')}}`,
      flagged_statutes: arrayLiteral(r.flagged_statutes),
      ...provenance,
      updated_at: now,
    })),
  );
  await copyRows(
    tx,
    CITATIONS,
    rows.citations.map((c) => ({ ...c, ...provenance, updated_at: now })),
  );
}
