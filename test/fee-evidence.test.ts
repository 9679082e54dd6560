/**
 * Fee evidence printed by two products (the fee file and the file wrapper's transactions): one
 * lapse is one event and one payment one fee event, whichever product shows it first; fee
 * deadlines roll past office closures. Records written in the products' real shapes.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadFileWrapper } from '../src/products/file-wrapper/load.js';
import { ingestFile, productNamed } from '../src/products/registry.js';
import { createTestApp, fundedKey } from './helpers/app.js';
import { fullRecord, itemsOf } from './helpers/file-wrapper-records.js';

describe('one lapse, one payment, whichever product shows it first', () => {
  // Patent 10600010 (application 16900010), granted Tuesday 2019-05-21: its 3.5-year fee was due
  // 2022-11-21 (a Monday), its grace ended 2023-05-22 (05-21 a Sunday), unpaid; the office recorded
  // EXP. on 2023-06-26. Patent 10600011 (16900011), granted the same day, paid M1551 on 2022-09-14.
  const granted = (application: string, patent: string, transactions: { date: string; code: string; description: string }[] = []) =>
    fullRecord(
      application,
      { patentNumber: patent, grantDate: '2019-05-21', filingDate: '2017-03-01', statusCode: 150, statusDescription: 'Patented Case' },
      { transactions },
    );
  const expired = { date: '2023-06-26', code: 'EXP.', description: 'Expire Patent' };
  const paid = { date: '2022-09-14', code: 'M1551', description: 'Payment of Maintenance Fee, 4th Year, Large Entity' };
  const feeFile = (name: string, lines: string[]) => {
    const path = join(mkdtempSync(join(tmpdir(), 'pss-facts-')), name);
    writeFileSync(path, lines.map((line) => `${line}\r\n`).join(''), 'latin1');
    return path;
  };
  const fees = productNamed('maintenance-fees')!;
  const FEE_LINES = [
    '0000010600010 16900010 N 20170301 20190521 20230626 EXP.',
    '0000010600011 16900011 N 20170301 20190521 20220914 M1551',
  ];

  async function scenario(feesFirst: boolean) {
    const ctx = await createTestApp();
    const fw = (records: ReturnType<typeof granted>[], product: 'PTFWPRE' | 'PTFWPRD', fileDate: string) =>
      loadFileWrapper(ctx.db, itemsOf(records), { product, fileName: `${product}.json`, fileDate });
    // The first file of a product is history, not news: each product starts with one.
    await fw([granted('16900010', '10600010'), granted('16900011', '10600011')], 'PTFWPRE', '2023-01-10');
    await ingestFile(ctx.db, fees, feeFile('MaintFeeEvents_20230110.txt', ['0000004292311 06219852 N 19801223 19810929 19850321 M170']));
    const fileWrapperNews = () =>
      fw([granted('16900010', '10600010', [expired]), granted('16900011', '10600011', [paid])], 'PTFWPRD', '2023-06-27');
    const feeNews = () => ingestFile(ctx.db, fees, feeFile('MaintFeeEvents_20230704.txt', FEE_LINES));
    const lapses = async () =>
      (
        await ctx.db.query<{ event_id: string; event_type: string; patent_number: string; occurred_on: string; detail: unknown }>(
          `SELECT event_id, event_type, patent_number, occurred_on, detail FROM events WHERE event_type LIKE 'maintenance%' ORDER BY seq`,
        )
      ).rows;
    await (feesFirst ? feeNews() : fileWrapperNews());
    // The product that showed the lapse first announced it.
    const first = await lapses();
    await (feesFirst ? fileWrapperNews() : feeNews());
    const rows = await lapses();
    const key = (await fundedKey(ctx, 'lapse@example.com', 100)).apiKey;
    const record = async (patent: string) =>
      (await ctx.app.inject({ method: 'GET', url: `/v1/patents/${patent}/maintenance`, headers: { 'x-api-key': key } })).json();
    const answers = { lapsed: await record('10600010'), paid: await record('10600011') };
    await ctx.close();
    return { first, events: rows, answers };
  }

  it('moves a fee deadline that falls on an office closure to the next business day', async () => {
    // Granted Tuesday 2007-06-05: the 11.5-year fee is due 2018-12-05, the national day of mourning
    // for President George H. W. Bush (the office was closed), so it may be paid on 2018-12-06.
    const ctx = await createTestApp();
    await ingestFile(ctx.db, fees, feeFile('MaintFeeEvents_20190108.txt', ['0000007225000 11100000 N 20050104 20070605 20101201 M1551']));
    const key = (await fundedKey(ctx, 'closure@example.com', 100)).apiKey;
    const body = (await ctx.app.inject({ method: 'GET', url: '/v1/patents/7225000/maintenance', headers: { 'x-api-key': key } })).json();
    await ctx.close();
    expect(body.deadlines['11.5y']).toEqual({ opens: '2018-06-05', due: '2018-12-06', surcharge_until: '2019-06-05' });
  });

  it('records the lapse once with the same id, and lists the payment once, from the fee file', async () => {
    const [fileWrapperFirst, feesFirst] = [await scenario(false), await scenario(true)];
    const lapse = {
      event_type: 'maintenance_lapse',
      patent_number: '10600010',
      occurred_on: '2023-06-26',
      detail: { window: '3.5y', due: '2022-11-21', surcharge_until: '2023-05-22' },
    };
    expect(fileWrapperFirst.first).toEqual([{ event_id: expect.stringMatching(/^evt_/), ...lapse }]);
    expect(feesFirst.first).toEqual(fileWrapperFirst.first);
    for (const run of [fileWrapperFirst, feesFirst]) expect(run.events).toEqual(fileWrapperFirst.first);
    for (const { answers } of [fileWrapperFirst, feesFirst]) {
      expect(answers.lapsed).toMatchObject({ expired: true, expiration_reason: 'maintenance fee not paid' });
      expect(answers.lapsed.events.map((e: { code: string }) => e.code)).toEqual(['EXP.']);
      // Both print M1551 on 2022-09-14: one event, the fee file's copy.
      expect(answers.paid.events).toEqual([
        expect.objectContaining({ code: 'M1551', date: '2022-09-14', source: { product: 'PTMNFEE2', file_date: '2023-07-04' } }),
      ]);
      expect(answers.paid.windows['3.5y']).toBe('paid');
    }
  });
});
