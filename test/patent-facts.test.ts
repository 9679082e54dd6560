/**
 * One answer from every product: the real samples of the file wrapper, the grant full text and the
 * fee file, loaded in two orders into two databases, must give the same maintenance answers, each
 * checked by hand against the raw files (DOMAIN-RULES §2, §3; the statute named with each case).
 * "Today" is 2026-11-27 (Eastern) for every request.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resolveEntities } from '../src/products/registry.js';
import { refreshStatistics } from '../src/resources/statistics/compute.js';
import { ingestFile, productNamed } from '../src/products/registry.js';
import { createTestApp, fundedKey, type TestContext } from './helpers/app.js';
import { SAMPLES_DIR, samplesPresent } from './helpers/samples.js';

const present = samplesPresent('file-wrapper-json', 'grant-xml', 'maintenance-fee');
const TODAY = new Date('2026-11-27T17:00:00Z');

/** Every file with the product family and file date it loads under (the fee file's date set as the "2025-04"). */
function sampleFiles(): { family: string; path: string; fileDate: string; product?: 'PTFWPRE' | 'PTFWPRD' }[] {
  const fw = join(SAMPLES_DIR, 'file-wrapper-json');
  const v1 = readdirSync(join(fw, 'odp-v1')).filter((name) => /application|search/.test(name));
  const beta = readdirSync(join(fw, 'odp-beta-2025-v1shape'));
  const grants = join(SAMPLES_DIR, 'grant-xml');
  const grant = (name: string, fileDate: string) => ({ family: 'grants', path: join(grants, name), fileDate });
  return [
    ...v1.map((name) => ({ family: 'file-wrapper', path: join(fw, 'odp-v1', name), fileDate: '2026-01-14', product: 'PTFWPRE' as const })),
    ...beta.map((name) => ({
      family: 'file-wrapper',
      path: join(fw, 'odp-beta-2025-v1shape', name),
      fileDate: '2026-01-14',
      product: 'PTFWPRE' as const,
    })),
    { family: 'maintenance-fees', path: join(SAMPLES_DIR, 'maintenance-fee', 'MaintFeeEvents.sample.txt'), fileDate: '2025-04-08' },
    grant('US08672134B2-v44.xml', '2014-03-18'),
    grant('US09358892B1-v45.xml', '2016-06-07'),
    grant('US10000000B2-v45.xml', '2018-06-19'),
    grant('US11646472B2-v47.xml', '2023-05-09'),
    grant('USD0701016S1-v44.xml', '2014-03-18'),
    grant('ipg050104.excerpt.xml', '2005-01-04'),
    grant('ipg060103.excerpt.xml', '2006-01-03'),
    grant('ipg080101.excerpt.xml', '2008-01-01'),
    grant('ipg130416.excerpt.xml', '2013-04-16'),
    grant('ipgb20221025.excerpt.xml', '2022-10-25'),
  ];
}

async function loadAll(ctx: TestContext, order: readonly string[]) {
  const files = sampleFiles();
  for (const family of order) {
    for (const file of files.filter((f) => f.family === family)) {
      const summary = await ingestFile(ctx.db, productNamed(family)!, file.path, {
        fileDate: file.fileDate,
        ...(file.product ? { product: file.product } : {}),
      });
      expect({ file: file.path, rejected: summary.rejected }).toEqual({ file: file.path, rejected: 0 });
    }
  }
  ctx.services.provenance.invalidate();
}

/** Every patent the samples name, for the order test. */
const PATENTS = [
  '10902286',
  '11646472',
  '10000000',
  '11617522',
  '8672134',
  '9358892',
  '6837520',
  '6837536',
  '6981431',
  '8419845',
  '7314120',
  '8418361',
  'PP34694',
  'RE49257',
  '11477944',
  'D701016',
  'H2140',
  '12037804',
  '11876263',
  '11831020',
  '4297619',
  '6788977',
  '4292311',
];

describe.skipIf(!present)('a patent’s facts from every product, whichever loads first', () => {
  let forward: TestContext;
  let backward: TestContext;
  let keys: Map<TestContext, string>;

  beforeAll(async () => {
    [forward, backward] = await Promise.all([createTestApp(), createTestApp()]);
    await loadAll(forward, ['file-wrapper', 'maintenance-fees', 'grants']);
    await loadAll(backward, ['grants', 'maintenance-fees', 'file-wrapper']);
    await Promise.all([resolveEntities(forward.db), resolveEntities(backward.db)]);
    keys = new Map([
      [forward, (await fundedKey(forward, 'facts@example.com', 1000)).apiKey],
      [backward, (await fundedKey(backward, 'facts@example.com', 1000)).apiKey],
    ]);
  });
  afterAll(async () => Promise.all([forward?.close(), backward?.close()]));

  async function maintenance(ctx: TestContext, patent: string) {
    vi.useFakeTimers({ toFake: ['Date'], now: TODAY });
    try {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/v1/patents/${patent}/maintenance`,
        headers: { 'x-api-key': keys.get(ctx)! },
      });
      expect(response.statusCode, `${patent}: ${response.body}`).toBe(200);
      return response.json();
    } finally {
      vi.useRealTimers();
    }
  }
  const record = (patent: string) => maintenance(forward, patent);
  const step = (body: { expiration_estimate: { calculation: { step: string }[] } }, text: RegExp) =>
    body.expiration_estimate.calculation.find((s) => text.test(s.step));

  it('gives the same answer for every patent in both load orders', async () => {
    for (const patent of PATENTS) expect(await maintenance(backward, patent), patent).toEqual(await maintenance(forward, patent));
  });

  it('16123456: the recordation of its file wrapper’s assignment bag names the owner and is counted, in both orders', async () => {
    const get = async (ctx: TestContext, url: string) =>
      (await ctx.app.inject({ method: 'GET', url, headers: { 'x-api-key': keys.get(ctx)! } })).json();
    for (const url of ['/v1/patents/10902286/assignments', '/v1/applications/16123456']) {
      expect(await get(backward, url), url).toEqual(await get(forward, url));
    }
    // assignmentBag: 046816/0108, KANADA, SHOJI to FUJIFILM CORPORATION, recorded 2018-09-07.
    expect((await get(forward, '/v1/patents/10902286/assignments')).current_owner).toMatchObject({
      names: ['FUJIFILM CORPORATION'],
      reel_frame: '046816/0108',
      recorded_date: '2018-09-07',
      source: { product: 'PTFWPRE', file_date: '2026-01-14' },
    });
    expect((await get(forward, '/v1/applications/16123456')).counts.assignments).toBe(1);
  });

  it('serves the same expiry to the entity’s patents, its statistics and check_patent_alive', async () => {
    const asOfToday = async <T>(call: () => Promise<T>) => {
      vi.useFakeTimers({ toFake: ['Date'], now: TODAY });
      return call().finally(() => vi.useRealTimers());
    };
    const get = (ctx: TestContext, url: string) =>
      asOfToday(async () => (await ctx.app.inject({ method: 'GET', url, headers: { 'x-api-key': keys.get(ctx)! } })).json());
    const fees = await record('10902286');
    const entity = (await get(forward, '/v1/applications/16123456')).applicant_entity_id;
    expect(entity).toMatch(/^ent_/);
    const patents = await get(forward, `/v1/entities/${entity}/patents`);
    expect(patents.patents).toContainEqual(
      expect.objectContaining({ patent_number: '10902286', expired: false, expiration_estimate: fees.expiration_estimate }),
    );
    expect(await get(backward, `/v1/entities/${entity}/patents`)).toEqual(patents);
    // The entity holds one patent on file, 10902286, in force and not ending within 12 months (2039-01-11).
    await asOfToday(() => refreshStatistics(forward.db));
    expect((await get(forward, `/v1/entities/${entity}/stats`)).portfolio).toMatchObject({
      alive_patents: 1,
      expiring_within_12_months: 0,
    });
    const tool = await asOfToday(async () =>
      (
        await forward.app.inject({
          method: 'POST',
          url: '/mcp',
          headers: { authorization: `Bearer ${keys.get(forward)!}`, accept: 'application/json, text/event-stream' },
          payload: {
            jsonrpc: '2.0',
            id: 1,
            method: 'tools/call',
            params: { name: 'check_patent_alive', arguments: { patent_number: '10902286' } },
          },
        })
      ).json(),
    );
    expect(tool.result.structuredContent).toEqual(fees);
  });

  it('10902286: the 3.5-year fee paid in the file wrapper’s transactions keeps it in force (35 U.S.C. 41(b))', async () => {
    const body = await record('10902286');
    // 16123456.application.record.json: eventDataBag M1551 "Payment of Maintenance Fee, 4th Year, Large Entity" 2024-07-10.
    expect(body.events).toEqual([
      {
        code: 'M1551',
        description: 'Payment of Maintenance Fee, 4th Year, Large Entity',
        date: '2024-07-10',
        kind: 'paid',
        window: '3.5y',
        source: { product: 'PTFWPRE', file_date: '2026-01-14' },
      },
    ]);
    // Granted 2021-01-26: 7.5y opens 2028-01-26, due 2028-07-26 (Wed), grace to 2029-01-26 (Fri).
    expect(body).toMatchObject({
      windows: { '3.5y': 'paid', '7.5y': 'upcoming', '11.5y': 'upcoming' },
      next_fee: { window: '7.5y', status: 'upcoming', opens: '2028-01-26', due: '2028-07-26', surcharge_until: '2029-01-26' },
      expired: false,
      expiration_reason: null,
      // The file wrapper (2026-01-14) covers later than the fee file (2025-04-08).
      judged_as_of: '2026-01-14',
    });
    // Filed 2018-09-06 + 20 years = 2038-09-06; PTA A 142 − applicant delay 15 = 127 days → 2039-01-11.
    expect(body.expiration_estimate.date).toBe('2039-01-11');
  });

  it('11646472: no fee is owed after the term ended 2025-02-12; next_fee null', async () => {
    const body = await record('11646472');
    // 10824944 filed 2004-04-14 (DIV … CON chain of 17248024) + 20 years = 2024-04-14, + 304 days PTA = 2025-02-12.
    expect(body.expiration_estimate.date).toBe('2025-02-12');
    expect(body).toMatchObject({
      expired: true,
      expiration_reason: 'term ended',
      // Granted 2023-05-09: the 3.5y window only opens 2026-05-09, after the term ended.
      windows: { '3.5y': 'n/a', '7.5y': 'n/a', '11.5y': 'n/a' },
      next_fee: null,
    });
    expect(step(body, /^term start/)).toMatchObject({ value: '2004-04-14' });
  });

  it.each([
    // [patent, filing (term start), printed us-term-extension days, end: start + 20 years + days]
    ['10000000', '2015-03-10', 430, '2036-05-13'], // 2035-03-10 + 366 (to 2036-03-10, 2036-02-29 in it) − 1 … = 2036-05-13
    ['11617522', '2019-08-06', 765, '2041-09-09'], // 2039-08-06 + 366 → 2040-08-06, + 365 → 2041-08-06, + 34 → 2041-09-09
    ['8672134', '2009-03-31', 476, '2030-07-20'], // national stage of PCT/IB2009/005131 filed 2009-03-31; 2029-03-31 + 476
    ['9358892', '2014-12-02', 28, '2034-12-30'],
    ['6837520', '2001-03-31', 33, '2021-05-03'], // PCTEP01/03690 filed 2001-03-31; 2021-03-31 + 33
    ['6837536', '2003-06-20', 5, '2023-06-25'],
    ['6981431', '2003-10-07', 97, '2024-01-12'], // Oct 24 + Nov 30 + Dec 31 = 85, + 12 = 97
    ['8419845', '2011-07-29', 11, '2031-08-09'],
  ])('%s: the PTA printed on the grant counts (35 U.S.C. 154(b)): %s + 20 y + %i d = %s', async (patent, start, days, end) => {
    const body = await record(patent);
    expect(step(body, /^term start/)).toMatchObject({ value: start });
    expect(step(body, /^patent term adjustment \(days\)/)).toMatchObject({ value: days, source: 'grant full text: us-term-extension' });
    expect(body.expiration_estimate.date).toBe(end);
  });

  it('7314120: a continuation of a PCT (365(c)) starts the term at the international filing date', async () => {
    const body = await record('7314120');
    // us-related-documents: continuation of PCT/FI2004/000279 filed 2004-05-11 → 2024-05-11 (35 U.S.C. 154(a)(2)).
    expect(step(body, /^term start/)).toEqual({
      step: 'term start: filing date of PCT/FI2004/000279, the earliest in the chain',
      value: '2004-05-11',
      source: 'continuity (grant full text): 11355099 is a CON of PCT/FI2004/000279',
    });
    expect(body.expiration_estimate.date).toBe('2024-05-11');
    // The fee file (2025-04-08) holds no payment of its 3.5y fee (grace to 2012-01-03): it lapsed first.
    expect(body).toMatchObject({ expired: true, expiration_reason: 'maintenance fee not paid' });
  });

  it('8418361: a division starts the term at its parent’s filing date (35 U.S.C. 121)', async () => {
    const body = await record('8418361');
    // Division of 12/213,975 filed 2008-06-26 → 2028-06-26.
    expect(step(body, /^term start/)).toMatchObject({ value: '2008-06-26' });
    expect(body.expiration_estimate.date).toBe('2028-06-26');
  });

  it('PP34694: a continuation and a printed terminal disclaimer (35 U.S.C. 161, 253)', async () => {
    const body = await record('PP34694');
    // Continuation of 17/319,954 filed 2021-05-13 → 2041-05-13; "This patent is subject to a terminal disclaimer."
    expect(body.expiration_estimate).toMatchObject({ date: '2041-05-13', possibly_shorter: true });
    expect(step(body, /^terminal disclaimer/)).toMatchObject({
      source: 'grant full text: "This patent is subject to a terminal disclaimer."',
    });
    // A plant patent owes no maintenance fees (35 U.S.C. 41(b)(3)).
    expect(body.windows).toEqual({ '3.5y': 'n/a', '7.5y': 'n/a', '11.5y': 'n/a' });
  });

  it('RE49257: fees on the original patent’s schedule and the original’s term (35 U.S.C. 251; DOMAIN-RULES §2.2)', async () => {
    const body = await record('RE49257');
    // Original 10124207 granted 2018-11-13: 3.5y opens 2021-11-13, due 2022-05-13 (Fri), grace to 2022-11-14
    // (11-13 a Sunday); 7.5y opens 2025-11-13, due 2026-05-13, grace to 2026-11-13.
    expect(body.deadlines).toEqual({
      '3.5y': { opens: '2021-11-13', due: '2022-05-13', surcharge_until: '2022-11-14' },
      '7.5y': { opens: '2025-11-13', due: '2026-05-13', surcharge_until: '2026-11-13' },
      '11.5y': { opens: '2029-11-13', due: '2030-05-13', surcharge_until: '2030-11-13' },
    });
    // The original's application 15577437, national stage of PCT/CA2016/050609 filed 2016-05-30 → 2036-05-30.
    expect(body.expiration_estimate.date).toBe('2036-05-30');
    expect(step(body, /^reissue:/)).toEqual({
      step: 'reissue: the unexpired term of original patent 10124207 (no adjustment of its own)',
      value: '2036-05-30',
      source: '35 U.S.C. 251(a); term estimate of patent 10124207',
    });
    expect(step(body, /^original patent 10124207: term start/)).toMatchObject({ value: '2016-05-30' });
  });

  it('11477944: nothing asserted beyond the fee file’s date; stale', async () => {
    const body = await record('11477944');
    // Granted 2022-10-25, no fee event. As of the fee file (2025-04-08) its 3.5y window had not opened
    // (opens 2025-10-25); by the calendar its grace ended 2026-10-26, but no data covers that day.
    expect(body).toMatchObject({
      judged_as_of: '2025-04-08',
      windows: { '3.5y': 'upcoming', '7.5y': 'upcoming', '11.5y': 'upcoming' },
      next_fee: { window: '3.5y', status: 'upcoming' },
      expired: false,
      expiration_reason: null,
      source: { product: 'PTMNFEE2', file_date: '2025-04-08' },
      // 2025-04-08 + 8 days < 2026-11-27: older than the weekly product's cadence.
      stale: true,
    });
    expect(body.note).toMatch(/judged as of 2025-04-08/);
  });
});
