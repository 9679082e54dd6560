import type { FileWrapperRecord, ParsedItem, Transaction } from '../../src/ingest/file-wrapper/record.js';

/** A full record with realistic defaults; tests override what they assert on. */
export function fullRecord(
  applicationNumber: string,
  overrides: Partial<NonNullable<FileWrapperRecord['metadata']>> = {},
  rest: Partial<FileWrapperRecord> = {},
): FileWrapperRecord {
  return {
    applicationNumber,
    metadata: {
      filingDate: '2021-01-05',
      effectiveFilingDate: '2021-01-05',
      applicationType: 'UTL',
      statusCode: 30,
      statusDescription: 'Docketed New Case - Ready for Examination',
      statusDate: '2021-03-01',
      patentNumber: null,
      grantDate: null,
      publicationNumber: null,
      publicationDate: null,
      title: 'Battery separator with protective layer',
      applicantName: 'Acme Widgets, Inc.',
      examinerName: 'DOVE, TRACY MAE',
      artUnit: '1727',
      entityStatus: 'undiscounted',
      customerNumber: '12345',
      docketNumber: 'ACME-001',
      firstInventorToFile: true,
      cpc: ['H01M 50/46', 'H01M 4/13'],
      ...overrides,
    },
    transactions: [],
    parents: [],
    children: [],
    ptaDays: null,
    lastIngestionAt: '2026-11-19T08:00:00',
    ...rest,
  };
}

export const tx = (date: string, code: string, description: string): Transaction => ({ date, code, description });

export async function* itemsOf(
  records: FileWrapperRecord[],
  rejects: { reason: string; index: number }[] = [],
): AsyncGenerator<ParsedItem> {
  let index = 0;
  for (const record of records) yield { kind: 'record', record, position: { member: null, index: index++ } };
  for (const reject of rejects)
    yield { kind: 'reject', reason: reject.reason, position: { member: null, index: reject.index }, excerpt: '{}' };
}
