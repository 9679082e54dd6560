import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import { loadFileWrapper } from '../src/ingest/file-wrapper/load.js';
import type { FileWrapperRecord, ParsedItem } from '../src/ingest/file-wrapper/record.js';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';
import { fullRecord, itemsOf, tx } from './helpers/file-wrapper-records.js';

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
  const events = await db.query(
    `SELECT event_id, event_type, occurred_on, application_number, patent_number, detail FROM events ORDER BY event_id`,
  );
  return {
    applications: apps.rows.map(({ first_seen_at: _f, updated_at: _u, ...row }) => row),
    transactions: transactions.rows,
    continuity: continuity.rows,
    events: events.rows,
  };
}

let database: TestDatabase;
let db: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(async () => database.drop());

const load = (records: FileWrapperRecord[], product: 'PTFWPRE' | 'PTFWPRD', fileDate: string, batchSize = 2) =>
  loadFileWrapper(db, itemsOf(records), { product, fileName: `${product}-${fileDate}.json`, fileDate, batchSize });

describe('loading the file wrapper', () => {
  it('records state but no events on the first load, with one ingest_runs row', async () => {
    const summary = await load(backfile(), 'PTFWPRE', '2026-11-18');
    expect(summary).toMatchObject({ read: 3, inserted: 3, updated: 0, unchanged: 0, rejected: 0, events: 0 });
    const run = await db.query(`SELECT product, file_name, file_date, outcome, records_read, inserted FROM ingest_runs WHERE run_id = $1`, [
      summary.runId,
    ]);
    expect(run.rows[0]).toEqual({
      product: 'PTFWPRE',
      file_name: 'PTFWPRE-2026-11-18.json',
      file_date: '2026-11-18',
      outcome: 'succeeded',
      records_read: 3,
      inserted: 3,
    });
    expect((await db.query(`SELECT count(*)::int AS n FROM events`)).rows[0]).toEqual({ n: 0 });
    const state = await db.query(`SELECT product, file_date FROM product_state`);
    expect(state.rows).toEqual([{ product: 'PTFWPRE', file_date: '2026-11-18' }]);
  });

  it('stores transactions oldest-first by seq, keeping same-day duplicates', async () => {
    const rows = await db.query(`SELECT seq, date, code, event_type FROM transactions WHERE application_number = '17248024' ORDER BY seq`);
    expect(rows.rows).toEqual([
      { seq: 0, date: '2021-07-08', code: 'PG-ISSUE', event_type: 'publication' },
      { seq: 1, date: '2023-01-20', code: 'EML_NTR', event_type: null },
      { seq: 2, date: '2023-01-20', code: 'EML_NTR', event_type: null },
      { seq: 3, date: '2023-01-20', code: 'MN/=.', event_type: 'allowance' },
      { seq: 4, date: '2023-05-09', code: 'PGM/', event_type: 'grant' },
    ]);
  });

  it('re-ingesting the same file changes nothing', async () => {
    const before = await snapshot(db);
    const summary = await load(backfile(), 'PTFWPRE', '2026-11-18');
    expect(summary).toMatchObject({ read: 3, inserted: 0, updated: 0, unchanged: 3, events: 0 });
    expect(await snapshot(db)).toEqual(before);
  });

  it('detects events on a later load: office action, status change, new child, publication of a new application', async () => {
    const summary = await load(dailyUpdate(), 'PTFWPRD', '2026-11-20');
    // The patented case only changed lastIngestionAt, which is not content.
    expect(summary).toMatchObject({ read: 4, inserted: 1, updated: 2, unchanged: 1, events: 4 });
    const events = await db.query<{ event_type: string; application_number: string; occurred_on: string; detail: unknown }>(
      `SELECT event_type, application_number, occurred_on, detail FROM events ORDER BY application_number, event_type`,
    );
    expect(events.rows).toEqual([
      {
        event_type: 'continuation_filed',
        application_number: '16695054',
        occurred_on: '2024-02-01',
        detail: { child_application_number: '18200003', relationship: 'DIV' },
      },
      {
        event_type: 'office_action',
        application_number: '18000001',
        occurred_on: '2024-05-10',
        detail: { code: 'MCTNF', description: 'Mail Non-Final Rejection' },
      },
      {
        event_type: 'status_change',
        application_number: '18000001',
        occurred_on: '2024-05-10',
        detail: {
          from: { code: 30, description: 'Docketed New Case - Ready for Examination' },
          to: { code: 41, description: 'Non Final Action Mailed' },
        },
      },
      {
        event_type: 'publication',
        application_number: '18100002',
        occurred_on: '2024-01-11',
        detail: { publication_number: 'US20240012345A1' },
      },
    ]);
    const ids = await db.query<{ event_id: string }>(`SELECT event_id FROM events`);
    for (const { event_id } of ids.rows) expect(event_id).toMatch(/^evt_[0-9a-f]{24}$/);
  });

  it('re-ingesting the daily file yields no new events', async () => {
    const before = await snapshot(db);
    const summary = await load(dailyUpdate(), 'PTFWPRD', '2026-11-20');
    expect(summary).toMatchObject({ read: 4, inserted: 0, updated: 0, unchanged: 4, events: 0 });
    expect(await snapshot(db)).toEqual(before);
  });

  it('counts rejects by reason and still loads the rest', async () => {
    const summary = await loadFileWrapper(
      db,
      itemsOf([fullRecord('18300001')], [{ reason: 'unreadable applicationNumberText: "17/2"', index: 1 }]),
      {
        product: 'PTFWPRD',
        fileName: 'mixed.json',
        fileDate: '2026-11-21',
      },
    );
    expect(summary).toMatchObject({ read: 1, inserted: 1, rejected: 1 });
    expect(summary.rejects.reasons).toEqual({ 'unreadable applicationNumberText:': 1 });
    const run = await db.query<{ rejected: number; rejects: { reasons: Record<string, number> } }>(
      `SELECT rejected, rejects FROM ingest_runs WHERE run_id = $1`,
      [summary.runId],
    );
    expect(run.rows[0]!.rejected).toBe(1);
    expect(run.rows[0]!.rejects.reasons).toEqual({ 'unreadable applicationNumberText:': 1 });
  });
});

describe('a crash midway', () => {
  it('keeps committed batches, and a re-run ends in the state of one clean run', async () => {
    const clean = await createTestDatabase();
    const crashed = await createTestDatabase();
    try {
      const options = { product: 'PTFWPRE' as const, fileName: 'backfile.json', fileDate: '2026-11-18', batchSize: 1 };
      await loadFileWrapper(clean.db, itemsOf(backfile()), options);
      await loadFileWrapper(clean.db, itemsOf(dailyUpdate()), {
        ...options,
        product: 'PTFWPRD',
        fileName: 'daily.json',
        fileDate: '2026-11-20',
      });

      async function* dies(records: FileWrapperRecord[], after: number): AsyncGenerator<ParsedItem> {
        let n = 0;
        for await (const item of itemsOf(records)) {
          if (n++ === after) throw new Error('killed');
          yield item;
        }
      }
      await expect(loadFileWrapper(crashed.db, dies(backfile(), 2), options)).rejects.toThrow('killed');
      const partial = await crashed.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM applications`);
      // Batches of one: the first record was committed; the second was read but its batch never flushed.
      expect(partial.rows[0]!.n).toBe(1);
      const failedRun = await crashed.db.query(`SELECT outcome, records_read, error FROM ingest_runs`);
      expect(failedRun.rows).toEqual([{ outcome: 'failed', records_read: 2, error: 'killed' }]);
      expect((await crashed.db.query(`SELECT count(*)::int AS n FROM product_state`)).rows[0]).toEqual({ n: 0 });

      await loadFileWrapper(crashed.db, itemsOf(backfile()), options);
      await expect(
        loadFileWrapper(crashed.db, dies(dailyUpdate(), 3), {
          ...options,
          product: 'PTFWPRD',
          fileName: 'daily.json',
          fileDate: '2026-11-20',
        }),
      ).rejects.toThrow('killed');
      await loadFileWrapper(crashed.db, itemsOf(dailyUpdate()), {
        ...options,
        product: 'PTFWPRD',
        fileName: 'daily.json',
        fileDate: '2026-11-20',
      });

      expect(await snapshot(crashed.db)).toEqual(await snapshot(clean.db));
    } finally {
      await clean.drop();
      await crashed.drop();
    }
  });
});
