import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import { loadFileWrapper } from '../src/products/file-wrapper/load.js';
import type { FileWrapperRecord, ParsedItem } from '../src/products/file-wrapper/record.js';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';
import { backfile, dailyUpdate, fullRecord, itemsOf, party, snapshot, tx } from './helpers/file-wrapper-records.js';

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

describe('applicants and inventors (application_parties)', () => {
  const number = '18400001';
  const applicant = party('applicant', 'PolyPlus Battery Company', { city: 'Berkeley', region: 'CA', country: 'US' });
  const visco = party('inventor', 'Steven J. Visco', {
    lastName: 'Visco',
    firstName: 'Steven',
    middleName: 'J.',
    city: 'Berkeley',
    region: 'CA',
    country: 'US',
  });
  const katz = party('inventor', 'Bruce D. Katz', {
    lastName: 'Katz',
    firstName: 'Bruce',
    middleName: 'D.',
    city: 'Moraga',
    region: 'CA',
    country: 'US',
  });
  const stored = async () =>
    (
      await db.query<{ role: string; seq: number; name: string; city: string | null }>(
        `SELECT role, seq, name, city FROM application_parties WHERE application_number = $1 ORDER BY role, seq`,
        [number],
      )
    ).rows.map(({ role, seq, name, city }) => `${role}#${seq} ${name} (${city})`);

  it('stores every applicant and inventor of a full record, seq counting within each role', async () => {
    const summary = await load([fullRecord(number, {}, { parties: [applicant, visco, katz] })], 'PTFWPRD', '2026-11-22');
    expect(summary).toMatchObject({ inserted: 1, rejected: 0 });
    expect(await stored()).toEqual([
      'applicant#0 PolyPlus Battery Company (Berkeley)',
      'inventor#0 Steven J. Visco (Berkeley)',
      'inventor#1 Bruce D. Katz (Moraga)',
    ]);
    const row = await db.query(`SELECT * FROM application_parties WHERE application_number = $1 AND role = 'inventor' AND seq = 1`, [
      number,
    ]);
    expect(row.rows).toEqual([
      {
        application_number: number,
        role: 'inventor',
        seq: 1,
        name: 'Bruce D. Katz',
        last_name: 'Katz',
        first_name: 'Bruce',
        middle_name: 'D.',
        city: 'Moraga',
        region: 'CA',
        country: 'US',
        // Entity resolution fills it after the load.
        entity_id: null,
      },
    ]);
  });

  it('replaces the whole list when it changes, and a reload of the same file changes nothing', async () => {
    const moved = fullRecord(number, {}, { parties: [applicant, { ...katz, city: 'Lafayette' }] });
    expect(await load([moved], 'PTFWPRD', '2026-11-23')).toMatchObject({ updated: 1 });
    expect(await stored()).toEqual(['applicant#0 PolyPlus Battery Company (Berkeley)', 'inventor#0 Bruce D. Katz (Lafayette)']);

    const before = await snapshot(db);
    expect(await load([moved], 'PTFWPRD', '2026-11-23')).toMatchObject({ inserted: 0, updated: 0, unchanged: 1 });
    expect(await snapshot(db)).toEqual(before);
  });

  it('keeps them when a partial record arrives, and clears them when a full record has none', async () => {
    const partial: FileWrapperRecord = {
      ...fullRecord(number),
      metadata: null,
      transactions: [tx('2026-11-20', 'CTNF', 'Non-Final Rejection')],
      parents: null,
      children: null,
      parties: null,
      ptaDays: null,
      lastIngestionAt: null,
    };
    expect(await load([partial], 'PTFWPRD', '2026-11-24')).toMatchObject({ updated: 1 });
    expect(await stored()).toEqual(['applicant#0 PolyPlus Battery Company (Berkeley)', 'inventor#0 Bruce D. Katz (Lafayette)']);
    const before = await snapshot(db);
    expect(await load([partial], 'PTFWPRD', '2026-11-24')).toMatchObject({ updated: 0, unchanged: 1 });
    expect(await snapshot(db)).toEqual(before);

    expect(await load([fullRecord(number, {}, { parties: [] })], 'PTFWPRD', '2026-11-25')).toMatchObject({ updated: 1 });
    expect(await stored()).toEqual([]);
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
