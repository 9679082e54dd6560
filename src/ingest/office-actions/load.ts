/**
 * Office actions (product OA), a batch at a time through the one runner. A text record is its
 * document's text (replacing an older version); a rejection row makes its document known (mail
 * date and code, no text yet) and is kept by the office's row id, as is a citation row. No
 * events: an office action is announced by its mailing transaction (the file wrapper's
 * `office_action` event), days before its text arrives.
 */
import { createHash } from 'node:crypto';
import { characters } from '../../db/copy-text.js';
import type { ProductLoader } from '../loader.js';
import * as sql from './load.sql.js';
import type { ActionText, CitationRow, OfficeActionItem, OfficeActionRecord, RejectionRow } from './record.js';

type LoadedRecord = Exclude<OfficeActionRecord, { kind: 'skip' }>;

interface Plan {
  records: readonly LoadedRecord[];
  stored: sql.StoredHashes;
}

/** The hash of what a record says; its creation date is the office's ETL run, not content. */
const hashOf = (record: LoadedRecord) => {
  const { createdDate: _ignored, ...content } = record;
  return createHash('sha256').update(JSON.stringify(content)).digest('base64url');
};

const isText = (r: LoadedRecord): r is ActionText => r.kind === 'text';
const isRejection = (r: LoadedRecord): r is RejectionRow => r.kind === 'rejection';
const isCitation = (r: LoadedRecord): r is CitationRow => r.kind === 'citation';

function documentRow(text: ActionText, hash: string): sql.DocumentRow {
  const sections = text.sections.map(({ statute, heading, chars, text: sectionText }) => ({ statute, heading, chars, text: sectionText }));
  return {
    application_number: text.applicationNumber,
    document_id: text.documentId,
    document_code: text.documentCode,
    mailed_date: text.mailedDate,
    has_text: true,
    body_text: text.bodyText,
    text_chars: text.bodyText === null ? null : characters(text.bodyText),
    sections,
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
    section_chars: null,
    content_hash: null,
  };
}

export const OFFICE_ACTION_LOADER: ProductLoader<OfficeActionItem, LoadedRecord, Plan> = {
  unit: 'records',
  // A text record is a few to tens of kB: a batch of 500 stays within a few MB.
  batchSize: 500,

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
    const tally = (before: string | undefined, hash: string): boolean => {
      if (before === hash) outcome.unchanged += 1;
      else if (before === undefined || before === '') outcome.inserted += 1;
      else outcome.updated += 1;
      return before !== hash;
    };
    const documents = new Map<string, sql.DocumentRow>();
    const rejections: sql.RejectionDbRow[] = [];
    const citations: sql.CitationDbRow[] = [];
    for (const record of plan.records.filter(isText)) {
      const key = sql.documentKey(record.applicationNumber, record.documentId);
      const hash = hashOf(record);
      if (tally(plan.stored.documents.get(key), hash)) documents.set(key, documentRow(record, hash));
    }
    for (const record of plan.records.filter(isRejection)) {
      const key = sql.documentKey(record.applicationNumber, record.documentId);
      const hash = hashOf(record);
      if (!plan.stored.documents.has(key) && !documents.has(key)) documents.set(key, knownDocument(record));
      if (!tally(plan.stored.rejections.get(record.rowId), hash)) continue;
      rejections.push({
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
      if (!tally(plan.stored.citations.get(record.rowId), hash)) continue;
      citations.push({
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
    await sql.upsertDocuments(tx, [...documents.values()], file);
    await sql.upsertRejections(tx, rejections, file);
    await sql.upsertCitations(tx, citations, file);
    return outcome;
  },
};
