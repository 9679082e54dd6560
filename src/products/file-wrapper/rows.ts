import { createHash } from 'node:crypto';
import { normalizeExaminerName, parsePublicationNumber } from '../../domain/numbers.js';
import { transactionEventType } from '../../domain/transaction-codes.js';
import type { ContinuityLink, FileWrapperRecord } from './record.js';
import { arrayLiteral } from '../../db/copy-text.js';
import { normalizeName } from '../../domain/names.js';
import { printedPartyColumns } from '../../ingest/printed-party.js';
import type { ContinuityRow, PartyRow, RecordationPartyRow, RecordationRow, TransactionRow } from './load.sql.js';

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
  transactions: TransactionRow[];
  links: ContinuityRow[];
  parties: PartyRow[];
  /** The bag's recordations and their parties; a recordation row lacks the file's product and date, added when written. */
  recordations: RecordationRow[];
  recordationParties: RecordationPartyRow[];
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

/** A served link is its continuity row without the reporting application and position. */
function servedLink({ application_number: _application, seq: _seq, ...link }: ContinuityRow) {
  return link;
}

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
    office_action_count: transactions.filter((row) => row.event_type === 'office_action').length,
    links: links.map(servedLink),
    content_hash: hash,
  };
}

/**
 * Transaction rows. `seq` counts from the oldest so that newest-first is (date DESC, seq DESC);
 * the office lists newest first, so among same-day entries a later position in the file is older.
 */
function transactionRows(record: FileWrapperRecord): TransactionRow[] {
  const ordered = (record.transactions ?? [])
    .map((transaction, position) => ({ transaction, position }))
    .sort((a, b) =>
      a.transaction.date === b.transaction.date ? b.position - a.position : a.transaction.date < b.transaction.date ? -1 : 1,
    );
  return ordered.map(({ transaction }, seq) => ({
    application_number: record.applicationNumber,
    seq,
    date: transaction.date,
    code: transaction.code,
    description: transaction.description,
    event_type: transactionEventType(transaction.code),
  }));
}

function continuityRows(record: FileWrapperRecord): ContinuityRow[] {
  const row =
    (direction: 'parent' | 'child') =>
    (link: ContinuityLink, seq: number): ContinuityRow => ({
      application_number: record.applicationNumber,
      direction,
      seq,
      parent_number: link.parentNumber,
      child_number: link.childNumber,
      relationship: link.relationship,
      relationship_description: link.relationshipDescription,
      filing_date: link.filingDate,
      status_code: link.statusCode,
      status_description: link.statusDescription,
      patent_number: link.patentNumber,
    });
  return [...(record.parents ?? []).map(row('parent')), ...(record.children ?? []).map(row('child'))];
}

/** `seq` counts within each role, in the bag's order. */
function partyRows(record: FileWrapperRecord): PartyRow[] {
  const next = { applicant: 0, inventor: 0 };
  return (record.parties ?? []).map((party) => ({
    application_number: record.applicationNumber,
    role: party.role,
    ...printedPartyColumns(party, next[party.role]++),
  }));
}

function recordationRows(record: FileWrapperRecord): RecordationRow[] {
  return (record.recordations ?? []).map((r) => ({
    application_number: record.applicationNumber,
    reel_frame: r.reelFrame,
    recorded_date: r.recordedDate,
    page_count: r.pageCount,
    conveyance_text: r.conveyanceText,
    conveyance_type: r.conveyanceType,
  }));
}

const NO_ADDRESS = { address_lines: null, city: null, state: null, postcode: null, country: null } as const;

/** `seq` counts within the application's bag and role. */
function recordationPartyRows(record: FileWrapperRecord): RecordationPartyRow[] {
  const rows: RecordationPartyRow[] = [];
  const next = { assignor: 0, assignee: 0 };
  for (const r of record.recordations ?? []) {
    const party = (role: 'assignor' | 'assignee', name: string) => ({
      application_number: record.applicationNumber,
      role,
      seq: next[role]++,
      reel_frame: r.reelFrame,
      name,
      normalized_name: normalizeName(name),
    });
    // The bag prints no address for an assignor.
    for (const a of r.assignors) rows.push({ ...party('assignor', a.name), execution_date: a.executionDate, ...NO_ADDRESS });
    for (const { name, address } of r.assignees)
      rows.push({
        ...party('assignee', name),
        execution_date: null,
        address_lines: arrayLiteral(address.lines),
        city: address.city,
        state: address.state,
        postcode: address.postcode,
        country: address.country,
      });
  }
  return rows;
}
