/**
 * Office actions (product OA), a batch at a time through the one runner. A text record is its
 * document's text (replacing an older version); a rejection row makes its document known (mail
 * date and code, no text yet) and is kept by the office's row id, as is a citation row. No
 * events: an office action is announced by its mailing transaction (the file wrapper's
 * `office_action` event), days before its text arrives.
 */
import { createHash } from 'node:crypto';
import { characters } from '../../db/copy-text.js';
import type { ProductLoader } from '../../ingest/loader.js';
import * as sql from './load.sql.js';
import type { ActionText, CitationRow, OfficeActionItem, OfficeActionRecord, RejectionRow } from './record.js';

type LoadedRecord = Exclude<OfficeActionRecord, { kind: 'skip' }>;

interface Plan {
  records: readonly LoadedRecord[];
  stored: sql.StoredHashes;
}

/**
 * The hash of what a record says; its creation date is the office's ETL run, not content. A
 * text's fields are fed one by one: serializing tens of kB of text only to hash it cost a third
 * of the load.
 */
function hashOf(record: LoadedRecord): string {
  const hash = createHash('sha256');
  if (record.kind === 'text') {
    hash.update(`${record.applicationNumber}\u0000${record.documentId}\u0000${record.documentCode}\u0000${record.mailedDate}\u0000`);
    hash.update(record.bodyText ?? '\u0001');
    for (const section of record.sections) hash.update(`\u0000${section.statute}\u0000${section.heading}\u0000`).update(section.text);
  } else {
    const { createdDate: _ignored, ...content } = record;
    hash.update(JSON.stringify(content));
  }
  return hash.digest('base64url');
}

const isText = (r: LoadedRecord): r is ActionText => r.kind === 'text';
const isRejection = (r: LoadedRecord): r is RejectionRow => r.kind === 'rejection';
const isCitation = (r: LoadedRecord): r is CitationRow => r.kind === 'citation';

function documentRow(text: ActionText, hash: string): sql.DocumentRow {
  return {
    application_number: text.applicationNumber,
    document_id: text.documentId,
    document_code: text.documentCode,
    mailed_date: text.mailedDate,
    has_text: true,
    body_text: text.bodyText,
    text_chars: text.bodyText === null ? null : characters(text.bodyText),
    sections: text.sections.map(({ statute, heading, chars }) => ({ statute, heading, chars })),
    section_texts: text.sections.map((section) => section.text),
    section_chars: text.sections.reduce((sum, s) => sum + s.chars, 0),
    content_hash: hash,
  };
}

/** The row a document's first rejection row makes: known, mailed, no text yet. */
function knownDocument(row: RejectionRow): sql.DocumentRow {
  return {
    application_number: row.applicationNumber,
    document_id: row.documentId,
    document_code: row.documentCode,
    mailed_date: row.mailedDate,
    has_text: false,
    body_text: null,
    text_chars: null,
    sections: null,
    section_texts: null,
    section_chars: null,
    content_hash: null,
  };
}

export const OFFICE_ACTION_LOADER: ProductLoader<OfficeActionItem, LoadedRecord, Plan> = {
  unit: 'records',
  // A text record is a few to tens of kB, a rejection or citation row a few hundred bytes: 2,000
  // keep a batch of texts within tens of MB, and the rows' batches from being mostly round trips.
  batchSize: 2_000,
  tables: ['office_action_documents', 'office_action_rejections', 'office_action_citations'],

  item(item) {
    if (item.kind === 'reject') return item;
    const { record } = item;
    if (record.kind === 'skip') return { kind: 'skip', reason: record.reason };
    const key =
      record.kind === 'text' ? `t:${sql.documentKey(record.applicationNumber, record.documentId)}` : `${record.kind[0]}:${record.rowId}`;
    return { kind: 'record', key, record };
  },

  async plan(tx, records) {
    const documents = new Map<string, { applicationNumber: string; documentId: string }>();
    for (const r of records) if (r.kind !== 'citation') documents.set(sql.documentKey(r.applicationNumber, r.documentId), r);
    const stored = await sql.findStoredHashes(tx, {
      documents: [...documents.values()],
      rejections: records.filter(isRejection).map((r) => r.rowId),
      citations: records.filter(isCitation).map((r) => r.rowId),
    });
    return { records, stored };
  },

  detect: () => [],

  async write(tx, plan, file) {
    const outcome = { inserted: 0, updated: 0, unchanged: 0, rejects: [] };
    /** Counts the record; true when it must be written (new, or a new version of a stored one). */
    const tally = (before: string | undefined, hash: string): boolean => {
      if (before === hash) outcome.unchanged += 1;
      else if (before === undefined || before === '') outcome.inserted += 1;
      else outcome.updated += 1;
      return before !== hash;
    };
    const rows: sql.BatchRows = {
      replacedDocuments: [],
      replacedRejections: [],
      replacedCitations: [],
      documents: [],
      rejections: [],
      citations: [],
    };
    const documents = new Map<string, sql.DocumentRow>();
    for (const record of plan.records.filter(isText)) {
      const key = sql.documentKey(record.applicationNumber, record.documentId);
      const hash = hashOf(record);
      const stored = plan.stored.documents.get(key);
      if (!tally(stored, hash)) continue;
      if (stored !== undefined) rows.replacedDocuments.push(record);
      documents.set(key, documentRow(record, hash));
    }
    for (const record of plan.records.filter(isRejection)) {
      const key = sql.documentKey(record.applicationNumber, record.documentId);
      if (!plan.stored.documents.has(key) && !documents.has(key)) documents.set(key, knownDocument(record));
      const hash = hashOf(record);
      const stored = plan.stored.rejections.get(record.rowId);
      if (!tally(stored, hash)) continue;
      if (stored !== undefined) rows.replacedRejections.push(record.rowId);
      rows.rejections.push({
        row_id: record.rowId,
        application_number: record.applicationNumber,
        document_id: record.documentId,
        legal_section: record.legalSection,
        paragraph: record.paragraph,
        action_category: record.actionCategory,
        claims: record.claims,
        flagged_statutes: record.flaggedStatutes,
        double_patenting: record.doublePatenting,
        content_hash: hash,
      });
    }
    for (const record of plan.records.filter(isCitation)) {
      const hash = hashOf(record);
      const stored = plan.stored.citations.get(record.rowId);
      if (!tally(stored, hash)) continue;
      if (stored !== undefined) rows.replacedCitations.push(record.rowId);
      rows.citations.push({
        row_id: record.rowId,
        application_number: record.applicationNumber,
        document_id: record.documentId,
        legal_section: record.legalSection,
        action_category: record.actionCategory,
        reference: record.reference,
        examiner_cited: record.examinerCited,
        content_hash: hash,
      });
    }
    rows.documents = [...documents.values()];
    await sql.writeBatch(tx, rows, file);
    return outcome;
  },
};
