import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadFileWrapper } from '../src/products/file-wrapper/load.js';
import { MAINTENANCE_WINDOWS } from '../src/products/maintenance-fees/detect-windows.js';
import { loadMaintenanceFees } from '../src/products/maintenance-fees/load.js';
import type { FeeItem } from '../src/products/maintenance-fees/parse.js';
import { type FeeLine, parseFeeLine } from '../src/products/maintenance-fees/parse-line.js';
import { ingestFile, productNamed } from '../src/products/registry.js';
import { detectScheduledEvents } from '../src/ingest/scheduled.js';
import { createTestApp, fundedKey, type TestContext } from './helpers/app.js';
import { fullRecord, itemsOf } from './helpers/file-wrapper-records.js';
import { SAMPLES_DIR, samplesPresent } from './helpers/samples.js';

const SAMPLE = join(SAMPLES_DIR, 'maintenance-fee', 'MaintFeeEvents.sample.txt');
const present = samplesPresent('maintenance-fee');
const fees = productNamed('maintenance-fees')!;

let ctx: TestContext;
let key: string;
const get = async (patent: string) =>
  (await ctx.app.inject({ method: 'GET', url: `/v1/patents/${patent}/maintenance`, headers: { 'x-api-key': key } })).json();

beforeAll(async () => {
  ctx = await createTestApp();
  key = (await fundedKey(ctx, 'fees@example.com', 1000)).apiKey;
});
afterAll(async () => ctx.close());

describe.skipIf(!present)('the real MaintFeeEvents sample lines through HTTP', () => {
  beforeAll(async () => {
    const summary = await ingestFile(ctx.db, fees, SAMPLE, { fileDate: '2008-04-22' });
    expect(summary).toMatchObject({ read: 107, rejected: 0, events: 0 });
    // 4294839 carries its EXP. line twice: stored once, counted.
    expect(summary.skipped).toEqual({ 'line repeats a patent, entry date and code already in the file': 1 });
    expect(summary.inserted).toBe(106);
  });

  it('a 1981 patent paid with the legacy M170 and M171 that lapsed at its 12th anniversary (REM., then EXP.)', async () => {
    const record = await get('4297619');
    expect(record).toMatchObject({
      patent_number: '4297619',
      application_number: '06222205',
      grant_date: '1981-10-27',
      entity_status: 'undiscounted',
      windows: { '3.5y': 'paid', '7.5y': 'paid', '11.5y': 'expired' },
      deadlines: {
        // 1985-04-27 is a Saturday and 1985-10-27 a Sunday: the last days move to Monday.
        '3.5y': { opens: '1984-10-27', due: '1985-04-29', surcharge_until: '1985-10-28' },
        '7.5y': { opens: '1988-10-27', due: '1989-04-27', surcharge_until: '1989-10-27' },
        '11.5y': { opens: '1992-10-27', due: '1993-04-27', surcharge_until: '1993-10-27' },
      },
      next_fee: null,
      expired: true,
      expiration_reason: 'maintenance fee not paid',
      source: { product: 'PTMNFEE2', file_date: '2008-04-22' },
    });
    expect(record.events.map((e: { code: string; kind: string; window: string | null }) => [e.code, e.kind, e.window])).toEqual([
      ['M170', 'paid', '3.5y'],
      ['M171', 'paid', '7.5y'],
      ['ASPN', 'other', null],
      ['REM.', 'reminder', null],
      ['EXP.', 'expired', null],
    ]);
    expect(record.events[0]).toMatchObject({ date: '1985-03-04', description: 'Payment of Maintenance Fee, 4th Year, PL 96-517.' });
    const lapse = record.expiration_estimate.calculation.find((step: { step: string }) => /lapse/i.test(step.step));
    expect(lapse).toMatchObject({ value: '1993-10-27' });
  });

  it('a patent that lapsed at its 8th anniversary, its EXP. line given twice', async () => {
    const record = await get('4294839');
    expect(record.windows).toEqual({ '3.5y': 'paid', '7.5y': 'expired', '11.5y': 'expired' });
    expect(record.events.filter((e: { code: string }) => e.code === 'EXP.')).toHaveLength(1);
    expect(record).toMatchObject({ expired: true, expiration_reason: 'maintenance fee not paid', next_fee: null });
  });

  it('a refund (R2551) that matches no payment leaves the 4th-year payment standing', async () => {
    const record = await get('6788977');
    expect(record.events.map((e: { code: string; kind: string }) => `${e.code}:${e.kind}`)).toEqual([
      'M1551:paid',
      'R2551:refund',
      'STOL:other',
      'ASPN:other',
    ]);
    expect(record.windows['3.5y']).toBe('paid');
    // The file is dated 2008-04-22: as of then the 7.5-year window (2011-09-07 … 2012-09-07) had not
    // opened, so no lapse can be read from it; the term has ended since (filed 2002-09-20 + 20 years
    // = 2022-09-20), which makes the window moot.
    expect(record.deadlines['7.5y']).toEqual({ opens: '2011-09-07', due: '2012-03-07', surcharge_until: '2012-09-07' });
    expect(record).toMatchObject({ judged_as_of: '2008-04-22', expired: true, expiration_reason: 'term ended' });
    expect(record.windows['7.5y']).toBe('n/a');
  });

  it('a late 12th-year payment with its surcharge (M185 + M186), and the term of a pre-1995 filing', async () => {
    const record = await get('4292311');
    expect(record.windows).toEqual({ '3.5y': 'paid', '7.5y': 'paid', '11.5y': 'paid' });
    expect(record.deadlines['11.5y']).toEqual({ opens: '1992-09-29', due: '1993-03-29', surcharge_until: '1993-09-29' });
    expect(
      record.events
        .filter((e: { date: string }) => e.date === '1993-04-05')
        .map((e: { kind: string }) => e.kind)
        .sort(),
    ).toEqual(['paid', 'surcharge']);
    // Filed 1980-12-23, granted 1981-09-29: 20 years from filing (2000-12-23) beats 17 from grant (1998-09-29).
    expect(record.expiration_estimate).toMatchObject({ date: '2000-12-23', estimate: true, possibly_shorter: false });
    expect(record).toMatchObject({ expired: true, expiration_reason: 'term ended' });
  });

  it('a 2004 patent paid at 3.5 years, its surcharge period ending on a Sunday', async () => {
    const record = await get('6788800');
    expect(record.deadlines['3.5y']).toEqual({ opens: '2007-09-07', due: '2008-03-07', surcharge_until: '2008-09-08' });
    expect(record.windows['3.5y']).toBe('paid');
    // Filed 2000-07-25 (after 2000-05-29, so PTA would count; no file wrapper record gives any).
    expect(record.expiration_estimate.date).toBe('2020-07-25');
    expect(record.entity_status).toBe('undiscounted');
  });

  it('re-ingesting the same file changes nothing and records no event', async () => {
    const summary = await ingestFile(ctx.db, fees, SAMPLE, { fileDate: '2008-04-29' });
    expect(summary).toMatchObject({ read: 107, rejected: 0, inserted: 0, updated: 0, events: 0 });
  });

  it('a later file records exactly its new events, and a lapse event for a new EXP.', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pss-fees-'));
    const added: string[] = [];
    for (let i = 0; i < 999; i += 1) {
      const patent = String(7_000_000 + i).padStart(13, '0');
      added.push(`${patent} ${String(10_000_000 + i)} Y 20050103 20080101 20110615 M2551`);
    }
    // 6788804 had its reminder (REM.) in March 2008 and paid nothing: the office records the lapse.
    added.push('0000006788804 09580412 N 20000526 20040907 20081020 EXP. ');
    const file = join(dir, 'MaintFeeEvents_20081021.txt');
    writeFileSync(file, readFileSync(SAMPLE, 'latin1') + added.map((line) => `${line}\r\n`).join(''), 'latin1');
    const summary = await ingestFile(ctx.db, fees, file);
    expect(summary).toMatchObject({ fileDate: '2008-10-21', read: 1107, rejected: 0, inserted: 1000, events: 1 });
    const feed = await ctx.db.query<{ event_type: string; patent_number: string; occurred_on: string; detail: unknown }>(
      `SELECT event_type, patent_number, occurred_on, detail FROM events WHERE event_type = 'maintenance_lapse'`,
    );
    expect(feed.rows).toEqual([
      {
        event_type: 'maintenance_lapse',
        patent_number: '6788804',
        occurred_on: '2008-10-20',
        detail: { window: '3.5y', due: '2008-03-07', surcharge_until: '2008-09-08' },
      },
    ]);
    expect((await get('6788804')).windows['3.5y']).toBe('expired');
  });

  it('the Application takes the fee file’s entity status when it is newer than the file wrapper’s', async () => {
    await loadFileWrapper(
      ctx.db,
      itemsOf([
        fullRecord('09940373', {
          patentNumber: '6788974',
          grantDate: '2004-09-07',
          filingDate: '2001-08-27',
          entityStatus: 'undiscounted',
        }),
      ]),
      { product: 'PTFWPRE', fileName: 'backfile.json', fileDate: '2008-01-02' },
    );
    const application = await ctx.app.inject({ method: 'GET', url: '/v1/patents/6788974', headers: { 'x-api-key': key } });
    // The fee file (first seen 2008-04-22, status Y) is newer than the file wrapper's 2008-01-02.
    expect(application.json().entity_status).toBe('small');
  });
});

describe('a first load', () => {
  it('stores a line repeated far apart in the file once (the in-place first load gives way to staging, counting each line once)', async () => {
    const fresh = await createTestApp();
    try {
      const dir = mkdtempSync(join(tmpdir(), 'pss-fees-'));
      const file = join(dir, 'MaintFeeEvents_20260519.txt');
      const line = '0000010600003 15300003 Y 20170110 20190521 20221101 M2551';
      writeFileSync(
        file,
        [line, '0000010600004 15300004 N 20170110 20190521 20221101 M1551', line].map((l) => `${l}\r\n`).join(''),
        'latin1',
      );
      expect(await ingestFile(fresh.db, fees, file)).toMatchObject({ read: 3, rejected: 0, inserted: 2, unchanged: 1 });
      expect(await ingestFile(fresh.db, fees, file, { fileDate: '2026-05-26' })).toMatchObject({ inserted: 0, updated: 0, unchanged: 3 });
    } finally {
      await fresh.close();
    }
  });
  it('takes a code only the Desc file knows, and refuses one that neither it nor the built-in table knows', async () => {
    const fresh = await createTestApp();
    try {
      const dir = mkdtempSync(join(tmpdir(), 'pss-fees-'));
      writeFileSync(
        join(dir, 'MaintFeeEventsDesc_20260519.txt'),
        'M2551 Payment of Maintenance Fee, 4th Yr, Small Entity.\r\nZZZ1  A code the office added this week.\r\n',
        'latin1',
      );
      const file = join(dir, 'MaintFeeEvents_20260519.txt');
      const lines = [
        '0000010600003 15300003 Y 20170110 20190521 20221101 M2551',
        '0000010600003 15300003 Y 20170110 20190521 20230105 ZZZ1 ',
        '0000010600004 15300004 N 20170110 20190521 20221101 QQQ9 ',
      ];
      writeFileSync(file, lines.map((l) => `${l}\r\n`).join(''), 'latin1');
      const summary = await ingestFile(fresh.db, fees, file);
      expect(summary).toMatchObject({ read: 3, rejected: 1, inserted: 2 });
      expect(summary.rejects.examples).toEqual([
        expect.objectContaining({ reason: 'event code "QQQ9" is in neither the Desc file nor the built-in code table' }),
      ]);
      const key = (await fundedKey(fresh, 'desc@example.com', 10)).apiKey;
      const record = (
        await fresh.app.inject({ method: 'GET', url: '/v1/patents/10600003/maintenance', headers: { 'x-api-key': key } })
      ).json();
      expect(record.events.map((e: { code: string; description: string }) => [e.code, e.description])).toEqual([
        ['M2551', 'Payment of Maintenance Fee, 4th Yr, Small Entity.'],
        ['ZZZ1', 'A code the office added this week.'],
      ]);
      // The same file again: the Desc-only line is part of the patent's digest, so nothing changed.
      expect(await ingestFile(fresh.db, fees, file, { fileDate: '2026-05-26' })).toMatchObject({ inserted: 0, updated: 0, unchanged: 2 });
    } finally {
      await fresh.close();
    }
  });

  it('leaves the stored week as it was when a load fails halfway, in place or by difference', async () => {
    const fresh = await createTestApp();
    try {
      const line = (patent: number, code: string) =>
        parseFeeLine(`${String(patent).padStart(13, '0')} 15300003 Y 20170110 20190521 20221101 ${code}`) as FeeLine;
      // The read breaks after its first batch, as a dying disk or a truncated zip would.
      const breaking = (patents: number[]) =>
        async function* (): AsyncGenerator<FeeItem[]> {
          yield patents.map((patent, index) => ({ kind: 'line' as const, line: line(patent, 'M2551'), position: { member: null, index } }));
          throw new Error('read failed halfway');
        };
      const options = { product: 'PTMNFEE2' as const, fileName: 'MaintFeeEvents_20260519.txt', fileDate: '2026-05-19' };
      const stored = async () =>
        (
          await fresh.db.query<{ n: number }>(
            `SELECT (SELECT count(*) FROM maintenance_fee_events)::int + (SELECT count(*) FROM maintenance_fee_patents)::int AS n`,
          )
        ).rows[0]!.n;
      await expect(loadMaintenanceFees(fresh.db, breaking([10600001, 10600002]), options)).rejects.toThrow('read failed halfway');
      expect(await stored()).toBe(0);
      const dir = mkdtempSync(join(tmpdir(), 'pss-fees-'));
      const file = join(dir, 'MaintFeeEvents_20260519.txt');
      writeFileSync(file, '0000010600001 15300003 Y 20170110 20190521 20221101 M2551\r\n', 'latin1');
      expect(await ingestFile(fresh.db, fees, file)).toMatchObject({ inserted: 1 });
      await expect(
        loadMaintenanceFees(fresh.db, breaking([10600001, 10600002, 10600003]), { ...options, fileDate: '2026-05-26' }),
      ).rejects.toThrow('read failed halfway');
      expect(await stored()).toBe(2);
      const runs = await fresh.db.query<{ outcome: string }>(`SELECT outcome FROM ingest_runs WHERE product = 'PTMNFEE2' ORDER BY run_id`);
      expect(runs.rows.map((run) => run.outcome)).toEqual(['failed', 'succeeded', 'failed']);
    } finally {
      await fresh.close();
    }
  });
});

describe('patents without fee events', () => {
  it('answers 404 not_found for a patent the service knows nothing of', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/v1/patents/9999999/maintenance', headers: { 'x-api-key': key } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'not_found' });
  });

  it('computes windows from the grant date of a file-wrapper patent, and walks its continuity chain to a PCT', async () => {
    const link = (parentNumber: string, childNumber: string, relationship: string, filingDate: string) => ({
      parentNumber,
      childNumber,
      relationship,
      relationshipDescription: null,
      filingDate,
      statusCode: 150,
      statusDescription: 'Patented Case',
      patentNumber: null,
    });
    await loadFileWrapper(
      ctx.db,
      itemsOf([
        fullRecord(
          '16900001',
          { patentNumber: '11000001', grantDate: '2024-05-14', filingDate: '2020-03-02', applicationType: 'UTL' },
          {
            parents: [
              link('15500001', '16900001', 'CON', '2017-06-01'),
              link('PCT/US2016/012345', '15500001', 'NST', '2016-01-08'),
              link('62100001', '15500001', 'PRO', '2015-01-09'),
            ],
            ptaDays: 0,
            ptaParts: { total: 0, a: 142, b: 0, c: 0, overlap: 0, applicantDelay: 15, nonOverlapping: 127 },
          },
        ),
      ]),
      { product: 'PTFWPRE', fileName: 'backfile.json', fileDate: '2026-11-18' },
    );
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T15:00:00Z') });
    const record = await get('11000001').finally(() => vi.useRealTimers());
    expect(record).toMatchObject({
      application_number: '16900001',
      windows: { '3.5y': 'upcoming', '7.5y': 'upcoming', '11.5y': 'upcoming' },
      // 2027-11-14 and 2028-05-14 are Sundays.
      deadlines: { '3.5y': { opens: '2027-05-14', due: '2027-11-15', surcharge_until: '2028-05-15' } },
      next_fee: { window: '3.5y', status: 'upcoming', opens: '2027-05-14' },
      events: [],
    });
    expect(record.note).toMatch(/No maintenance fee events are on file/);
    // The PCT's international filing date starts the term (the provisional never does); PTA 127 from its parts.
    expect(record.expiration_estimate.date).toBe('2036-05-14');
  });
});

describe('maintenance_due, when a window opens (the nightly detector)', () => {
  const dueEvents = async () =>
    (
      await ctx.db.query<{ patent_number: string; occurred_on: string; detail: unknown }>(
        `SELECT patent_number, occurred_on, detail FROM events WHERE event_type = 'maintenance_due' ORDER BY seq`,
      )
    ).rows;

  it('announces each window that opened since the previous run once, and none on a lapsed or unpaid patent', async () => {
    await loadFileWrapper(
      ctx.db,
      itemsOf([
        fullRecord('17900001', { patentNumber: '11600001', grantDate: '2023-05-16', filingDate: '2021-02-01' }),
        // Never paid at 3.5 years: lapsed by law in 2023, so its 7.5-year window opening means nothing.
        fullRecord('16900002', { patentNumber: '10600002', grantDate: '2019-05-20', filingDate: '2017-03-01' }),
      ]),
      { product: 'PTFWPRE', fileName: 'backfile.json', fileDate: '2026-05-15' },
    );
    const dir = mkdtempSync(join(tmpdir(), 'pss-fees-'));
    const file = join(dir, 'MaintFeeEvents_20260519.txt');
    // Known only to the fee file, paid at 3.5 years: its 7.5-year window opens 2026-05-21.
    writeFileSync(file, '0000010600003 15300003 Y 20170110 20190521 20221101 M2551\r\n', 'latin1');
    expect(await ingestFile(ctx.db, fees, file)).toMatchObject({ rejected: 0, inserted: 1 });

    const first = new Date('2026-05-16T06:00:00Z');
    expect(await detectScheduledEvents(ctx.db, [MAINTENANCE_WINDOWS], first)).toEqual([
      { name: 'maintenance-windows', detected: 1, inserted: 1 },
    ]);
    expect(await detectScheduledEvents(ctx.db, [MAINTENANCE_WINDOWS], first)).toEqual([
      { name: 'maintenance-windows', detected: 0, inserted: 0 },
    ]);
    // A week later the run covers the days it missed (2026-05-17 … 2026-05-23).
    await detectScheduledEvents(ctx.db, [MAINTENANCE_WINDOWS], new Date('2026-05-23T06:00:00Z'));
    expect(await dueEvents()).toEqual([
      {
        patent_number: '11600001',
        occurred_on: '2026-05-16',
        // 2027-05-16 is a Sunday.
        detail: { window: '3.5y', due: '2026-11-16', surcharge_until: '2027-05-17' },
      },
      {
        patent_number: '10600003',
        occurred_on: '2026-05-21',
        detail: { window: '7.5y', due: '2026-11-23', surcharge_until: '2027-05-21' },
      },
    ]);
  });
});
