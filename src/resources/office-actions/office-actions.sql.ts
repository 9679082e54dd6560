/**
 * Everything the office-action list of one application is made from, in one round trip: its
 * file-wrapper row (held or not), its transactions, and the OA product's documents, rejection
 * rows and citation rows. Texts are read only when asked for.
 */
import type { Queryable } from '../../db/database.js';
import { ACTION_LIST_CODES } from '../../domain/office-action-list.js';

export interface SectionRow {
  statute: string;
  heading: string;
  chars: number;
}

/** An OA document, in the names the office-action list reads (domain/office-action-list.ts's ActionDocument). */
export interface DocumentRow {
  documentId: string;
  documentCode: string;
  mailedDate: string;
  hasText: boolean;
  textChars: number | null;
  sectionChars: number | null;
  sections: SectionRow[] | null;
  /** The sections' texts in their order: only with include_text. */
  sectionTexts: string[] | null;
  bodyText: string | null;
}

export interface RejectionRow {
  document_id: string;
  legal_section: string | null;
  paragraph: string | null;
  action_category: string | null;
  claims: number[];
  flagged_statutes: string[];
}

export interface CitationRow {
  document_id: string;
  legal_section: string | null;
  action_category: string | null;
  reference: string;
}

export interface OfficeActionSources {
  held: { product: string; file_date: string } | null;
  transactions: { code: string; date: string; event_type: string | null }[];
  documents: DocumentRow[];
  rejections: RejectionRow[];
  citations: CitationRow[];
}

export async function findOfficeActionSources(
  db: Queryable,
  applicationNumber: string,
  includeText: boolean,
): Promise<OfficeActionSources> {
  const { rows } = await db.query<{ [K in keyof OfficeActionSources]: OfficeActionSources[K] | null }>(
    /* SQL */ `SELECT
      (SELECT json_build_object('product', source_product, 'file_date', source_file_date)
       FROM applications WHERE application_number = $1) AS held,
      (SELECT json_agg(json_build_object('code', code, 'date', date, 'event_type', event_type))
       FROM transactions WHERE application_number = $1 AND (code = ANY($3::text[]) OR code ~ '^MP[0-9]{3}$' OR event_type = 'response_filed'))
        AS transactions,
      (SELECT json_agg(json_build_object(
                'documentId', document_id, 'documentCode', document_code, 'mailedDate', mailed_date, 'hasText', has_text,
                'textChars', text_chars, 'sectionChars', section_chars,
                'sections', sections, 'sectionTexts', CASE WHEN $2 THEN section_texts END,
                'bodyText', CASE WHEN $2 THEN body_text END))
       FROM office_action_documents WHERE application_number = $1) AS documents,
      (SELECT json_agg(json_build_object(
                'document_id', document_id, 'legal_section', legal_section, 'paragraph', paragraph,
                'action_category', action_category, 'claims', claims, 'flagged_statutes', flagged_statutes))
       FROM office_action_rejections WHERE application_number = $1) AS rejections,
      (SELECT json_agg(json_build_object(
                'document_id', document_id, 'legal_section', legal_section, 'action_category', action_category, 'reference', reference)
                ORDER BY row_id)
       FROM office_action_citations WHERE application_number = $1) AS citations`,
    [applicationNumber, includeText, ACTION_LIST_CODES],
    { name: 'office_action_sources' },
  );
  const row = rows[0]!;
  return {
    held: row.held,
    transactions: row.transactions ?? [],
    documents: row.documents ?? [],
    rejections: row.rejections ?? [],
    citations: row.citations ?? [],
  };
}
