import type { Database } from '../../src/db/database.js';
import type { ApplicationParty, FileWrapperRecord, ParsedItem, Transaction } from '../../src/products/file-wrapper/record.js';

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
    parties: [
      party('applicant', 'Acme Widgets, Inc.', { city: 'Wilmington', region: 'DE', country: 'US' }),
      party('inventor', 'Jane Q. Doe', {
        firstName: 'Jane',
        middleName: 'Q.',
        lastName: 'Doe',
        city: 'Newark',
        region: 'DE',
        country: 'US',
      }),
    ],
    recordations: [],
    ptaDays: null,
    ptaParts: null,
    lastIngestionAt: '2026-11-19T08:00:00',
    ...rest,
  };
}

/** A party with every part not given null. */
export function party(
  role: ApplicationParty['role'],
  name: string,
  parts: Partial<Omit<ApplicationParty, 'role' | 'name'>> = {},
): ApplicationParty {
  return { role, name, lastName: null, firstName: null, middleName: null, city: null, region: null, country: null, ...parts };
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

/** Day 1 (the backfile): a parent, its patented continuation with a whole chain, a pending case. */
export function backfile(): FileWrapperRecord[] {
  return [
    fullRecord(
      '16695054',
      {
        statusCode: 250,
        statusDescription: 'Patent Expired Due to NonPayment of Maintenance Fees Under 37 CFR 1.362',
        patentNumber: '10916753',
        grantDate: '2021-02-09',
      },
      {
        children: [
          {
            parentNumber: '16695054',
            childNumber: '17248024',
            relationship: 'CON',
            relationshipDescription: 'is a Continuation of',
            filingDate: '2021-01-05',
            statusCode: 150,
            statusDescription: 'Patented Case',
            patentNumber: '11646472',
          },
        ],
      },
    ),
    fullRecord(
      '17248024',
      {
        statusCode: 150,
        statusDescription: 'Patented Case',
        statusDate: '2023-04-19',
        patentNumber: '11646472',
        grantDate: '2023-05-09',
        publicationNumber: 'US20210210819A1',
        publicationDate: '2021-07-08',
      },
      {
        transactions: [
          tx('2023-05-09', 'PGM/', 'Recordation of Patent Grant Mailed'),
          tx('2023-01-20', 'MN/=.', 'Mail Notice of Allowance'),
          tx('2023-01-20', 'EML_NTR', 'Email Notification'),
          tx('2023-01-20', 'EML_NTR', 'Email Notification'),
          tx('2021-07-08', 'PG-ISSUE', 'PG-Pub Issue Notification'),
        ],
        parents: [
          {
            parentNumber: '16695054',
            childNumber: '17248024',
            relationship: 'CON',
            relationshipDescription: 'is a Continuation of',
            filingDate: '2019-11-25',
            statusCode: 250,
            statusDescription: 'Patent Expired Due to NonPayment of Maintenance Fees Under 37 CFR 1.362',
            patentNumber: '10916753',
          },
          {
            parentNumber: '15487364',
            childNumber: '16695054',
            relationship: 'CON',
            relationshipDescription: 'is a Continuation of',
            filingDate: '2017-04-13',
            statusCode: 150,
            statusDescription: 'Patented Case',
            patentNumber: '10529971',
          },
        ],
        ptaDays: 304,
        ptaParts: null,
      },
    ),
    fullRecord(
      '18000001',
      { publicationNumber: 'US20230080435A1', publicationDate: '2023-03-16' },
      { transactions: [tx('2022-09-01', 'COMP', 'Application Is Now Complete')] },
    ),
  ];
}

/** Day 2 (a daily file): an office action on the pending case, a new publication, a new child. */
export function dailyUpdate(): FileWrapperRecord[] {
  const [parent, patented, pending] = backfile();
  return [
    {
      ...parent!,
      children: [
        ...parent!.children!,
        {
          parentNumber: '16695054',
          childNumber: '18200003',
          relationship: 'DIV',
          relationshipDescription: 'is a Division of',
          filingDate: '2024-02-01',
          statusCode: 19,
          statusDescription: 'Application Undergoing Preexam Processing',
          patentNumber: null,
        },
      ],
    },
    { ...patented!, lastIngestionAt: '2026-11-20T08:00:00' },
    {
      ...pending!,
      metadata: { ...pending!.metadata!, statusCode: 41, statusDescription: 'Non Final Action Mailed', statusDate: '2024-05-10' },
      transactions: [
        tx('2024-05-10', 'MCTNF', 'Mail Non-Final Rejection'),
        tx('2024-05-06', 'CTNF', 'Non-Final Rejection'),
        ...pending!.transactions!,
      ],
    },
    fullRecord('18100002', { publicationNumber: 'US20240012345A1', publicationDate: '2024-01-11' }),
  ];
}

/** Everything the load writes, minus wall-clock columns: two equal snapshots mean equal data. */
export async function snapshot(db: Database): Promise<unknown> {
  const apps = await db.query(`SELECT * FROM applications ORDER BY application_number`);
  const transactions = await db.query(`SELECT * FROM transactions ORDER BY application_number, seq`);
  const continuity = await db.query(`SELECT * FROM continuity ORDER BY application_number, direction, seq`);
  const parties = await db.query(`SELECT * FROM application_parties ORDER BY application_number, role, seq`);
  const events = await db.query(
    `SELECT event_id, event_type, occurred_on, application_number, patent_number, detail FROM events ORDER BY event_id`,
  );
  return {
    applications: apps.rows.map(({ first_seen_at: _f, updated_at: _u, ...row }) => row),
    transactions: transactions.rows,
    continuity: continuity.rows,
    parties: parties.rows,
    events: events.rows,
  };
}
