import { createHash } from 'node:crypto';
import { normalizeExaminerName, parsePublicationNumber } from '../../domain/numbers.js';
import { transactionEventType } from '../../domain/transaction-codes.js';
import type { ContinuityLink, FileWrapperRecord } from './record.js';
import { arrayLiteral, type CopyValue } from '../../db/copy-text.js';
import { normalizeName } from '../../domain/names.js';
import { CONTINUITY_COLUMNS, TRANSACTION_COLUMNS } from './load.sql.js';

/**
 * Hash of everything stored from a record; `lastIngestionAt` is left out because the office
 * bumps it without any change to the application. Partial records hash apart from full ones.
 */
export function contentHash(record: FileWrapperRecord): string {
  const { lastIngestionAt: _ignored, ...content } = record;
  const digest = createHash('sha256').update(JSON.stringify(content)).digest('base64url');
  return record.metadata ? digest : `partial:${digest}`;
}

/** A record with its COPY rows, each computed once per load (the row mappers run per record). */
export interface PreparedRecord {
  record: FileWrapperRecord;
  hash: string;
  transactions: CopyValue[][];
  links: CopyValue[][];
  parties: CopyValue[][];
  /** The bag's recordations and their parties; a recordation row lacks the file's product and date, added when written. */
  recordations: CopyValue[][];
  recordationParties: CopyValue[][];
}

export function prepareRecord(record: FileWrapperRecord, hash: string): PreparedRecord {
  return {
    record,
    hash,
    transactions: transactionRows(record),
    links: continuityRows(record),
    parties: partyRows(record),
    recordations: recordationRows(record),
    recordationParties: recordationPartyRows(record),
  };
}

const EVENT_TYPE_AT = TRANSACTION_COLUMNS.indexOf('event_type');
/** A served link is its continuity row without the reporting application and position. */
const LINK_FIELDS = CONTINUITY_COLUMNS.map((column, at) => [column, at] as const).filter(
  ([column]) => column !== 'application_number' && column !== 'seq',
);

/**
 * The `applications` row of a full record, in the column names of `upsertApplications`, with
 * the tallies and link list an Application shows, so a lookup needs no aggregation.
 */
export function applicationRow({ record, hash, transactions, links }: PreparedRecord): Record<string, unknown> {
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
    pta_parts: record.ptaParts,
    transaction_count: transactions.length,
    office_action_count: transactions.filter((row) => row[EVENT_TYPE_AT] === 'office_action').length,
    links: links.map((row) => Object.fromEntries(LINK_FIELDS.map(([column, at]) => [column, row[at]]))),
    content_hash: hash,
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

/** Party rows in `PARTY_COLUMNS` order; `seq` counts within each role, in the bag's order. */
export function partyRows(record: FileWrapperRecord): CopyValue[][] {
  const next = { applicant: 0, inventor: 0 };
  return (record.parties ?? []).map((party) => [
    record.applicationNumber,
    party.role,
    next[party.role]++,
    party.name,
    party.lastName,
    party.firstName,
    party.middleName,
    party.city,
    party.region,
    party.country,
  ]);
}

/** Recordation rows in `RECORDATION_COLUMNS` order, up to the provenance columns. */
export function recordationRows(record: FileWrapperRecord): CopyValue[][] {
  return (record.recordations ?? []).map((r) => [
    record.applicationNumber,
    r.reelFrame,
    r.recordedDate,
    r.pageCount,
    r.conveyanceText,
    r.conveyanceType,
  ]);
}

/** Recordation party rows in `RECORDATION_PARTY_COLUMNS` order; `seq` counts within the application's bag and role. */
export function recordationPartyRows(record: FileWrapperRecord): CopyValue[][] {
  const rows: CopyValue[][] = [];
  const next = { assignor: 0, assignee: 0 };
  for (const r of record.recordations ?? []) {
    const head = (role: 'assignor' | 'assignee', name: string) => [
      record.applicationNumber,
      role,
      next[role]++,
      r.reelFrame,
      name,
      normalizeName(name),
    ];
    for (const a of r.assignors) rows.push([...head('assignor', a.name), a.executionDate, null, null, null, null, null]);
    for (const { name, address } of r.assignees)
      rows.push([
        ...head('assignee', name),
        null,
        arrayLiteral(address.lines),
        address.city,
        address.state,
        address.postcode,
        address.country,
      ]);
  }
  return rows;
}
