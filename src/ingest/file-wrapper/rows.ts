import { createHash } from 'node:crypto';
import { normalizeExaminerName, parsePublicationNumber } from '../../domain/numbers.js';
import { transactionEventType } from '../../domain/transaction-codes.js';
import type { ContinuityLink, FileWrapperRecord } from './record.js';
import type { CopyValue } from '../../db/copy-text.js';

/**
 * Hash of everything stored from a record; `lastIngestionAt` is left out because the office
 * bumps it without any change to the application. Partial records hash apart from full ones.
 */
export function contentHash(record: FileWrapperRecord): string {
  const { lastIngestionAt: _ignored, ...content } = record;
  const digest = createHash('sha256').update(JSON.stringify(content)).digest('base64url');
  return record.metadata ? digest : `partial:${digest}`;
}

/** The `applications` row of a full record, in the column names of `upsertApplications`. */
export function applicationRow(record: FileWrapperRecord, hash: string): Record<string, unknown> {
  const m = record.metadata!;
  return {
    application_number: record.applicationNumber,
    filing_date: m.filingDate,
    effective_filing_date: m.effectiveFilingDate,
    application_type: m.applicationType,
    status_code: m.statusCode,
    status_description: m.statusDescription,
    status_date: m.statusDate,
    patent_number: m.patentNumber,
    grant_date: m.grantDate,
    publication_number: m.publicationNumber,
    publication_key: m.publicationNumber ? (parsePublicationNumber(m.publicationNumber)?.bareKey ?? null) : null,
    publication_date: m.publicationDate,
    title: m.title,
    applicant_name: m.applicantName,
    examiner_name: m.examinerName,
    examiner_key: m.examinerName ? normalizeExaminerName(m.examinerName) : null,
    art_unit: m.artUnit,
    entity_status: m.entityStatus,
    customer_number: m.customerNumber,
    docket_number: m.docketNumber,
    first_inventor_to_file: m.firstInventorToFile,
    cpc: m.cpc,
    pta_days: record.ptaDays,
    ...derivedColumns(record),
    content_hash: hash,
  };
}

/** The tallies and link list an Application shows, computed once here instead of per request. */
export function derivedColumns(record: FileWrapperRecord): { transaction_count: number; office_action_count: number; links: unknown[] } {
  const transactions = record.transactions ?? [];
  const link = (direction: 'parent' | 'child') => (l: ContinuityLink) => ({
    direction,
    parent_number: l.parentNumber,
    child_number: l.childNumber,
    relationship: l.relationship,
    relationship_description: l.relationshipDescription,
    filing_date: l.filingDate,
    status_code: l.statusCode,
    status_description: l.statusDescription,
    patent_number: l.patentNumber,
  });
  return {
    transaction_count: transactions.length,
    office_action_count: transactions.filter((t) => transactionEventType(t.code) === 'office_action').length,
    links: [...(record.parents ?? []).map(link('parent')), ...(record.children ?? []).map(link('child'))],
  };
}

/**
 * Transaction rows in `TRANSACTION_COLUMNS` order. `seq` counts from the oldest so that
 * newest-first is (date DESC, seq DESC); the office lists newest first, so among same-day
 * entries a later position in the file is older.
 */
export function transactionRows(record: FileWrapperRecord): CopyValue[][] {
  const ordered = (record.transactions ?? [])
    .map((transaction, position) => ({ transaction, position }))
    .sort((a, b) =>
      a.transaction.date === b.transaction.date ? b.position - a.position : a.transaction.date < b.transaction.date ? -1 : 1,
    );
  return ordered.map(({ transaction }, seq) => [
    record.applicationNumber,
    seq,
    transaction.date,
    transaction.code,
    transaction.description,
    transactionEventType(transaction.code),
  ]);
}

/** Continuity rows in `CONTINUITY_COLUMNS` order. */
export function continuityRows(record: FileWrapperRecord): CopyValue[][] {
  const row =
    (direction: 'parent' | 'child') =>
    (link: ContinuityLink, seq: number): CopyValue[] => [
      record.applicationNumber,
      direction,
      seq,
      link.parentNumber,
      link.childNumber,
      link.relationship,
      link.relationshipDescription,
      link.filingDate,
      link.statusCode,
      link.statusDescription,
      link.patentNumber,
    ];
  return [...(record.parents ?? []).map(row('parent')), ...(record.children ?? []).map(row('child'))];
}
