import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMINER_DEFINITIONS } from '../src/domain/statistics.js';
import { resolveEntities } from '../src/products/registry.js';
import { loadFileWrapper } from '../src/products/file-wrapper/load.js';
import { refreshStatistics } from '../src/resources/statistics/compute.js';
import { createTestApp, fundedKey, type TestContext } from './helpers/app.js';
import { fullRecord, itemsOf, tx } from './helpers/file-wrapper-records.js';

/**
 * Examiner and art-unit statistics on a hand-built corpus whose every number is known: one
 * examiner printed three ways, granted, abandoned, pending and never-examined applications, an
 * RCE, an appeal, a docket placeholder, and a second examiner with nothing disposed (null rates).
 */
let ctx: TestContext;
let key: string;
const get = async (url: string) => {
  const response = await ctx.app.inject({ method: 'GET', url, headers: { 'x-api-key': key } });
  return { status: response.statusCode, body: response.json(), charged: response.headers['x-credits-charged'] };
};

const granted = fullRecord(
  '18000001',
  {
    filingDate: '2020-01-01',
    examinerName: 'KIM, JOHN A',
    artUnit: '2455',
    statusCode: 150,
    statusDescription: 'Patented Case',
    statusDate: '2021-09-01',
    patentNumber: '11000001',
    grantDate: '2021-09-01',
  },
  {
    transactions: [
      tx('2021-09-01', 'PGM/', 'Recordation of Patent Grant Mailed'),
      tx('2021-06-01', 'MN/=.', 'Mail Notice of Allowance'),
      tx('2021-03-01', 'MCTFR', 'Mail Final Rejection (PTOL - 326)'),
      tx('2021-01-01', 'RCEX', 'Request for Continued Examination (RCE)'),
      tx('2020-07-01', 'MCTNF', 'Mail Non-Final Rejection'),
    ],
  },
);
const abandoned = fullRecord(
  '18000002',
  {
    filingDate: '2020-03-01',
    examinerName: 'KIM, JOHN A.',
    artUnit: '2455',
    statusCode: 161,
    statusDescription: 'Abandoned -- Failure to Respond to an Office Action',
    statusDate: '2021-08-15',
  },
  {
    transactions: [
      tx('2021-08-01', 'MABN2', 'Mail Abandonment for Failure to Respond to Office Action'),
      tx('2021-02-01', 'N/AP', 'Notice of Appeal Filed'),
      tx('2020-09-01', 'MCTNF', 'Mail Non-Final Rejection'),
    ],
  },
);
const pending = fullRecord(
  '18000003',
  { filingDate: '2021-01-01', examinerName: 'kim,  john a', artUnit: '2456', statusCode: 41, statusDescription: 'Non Final Action Mailed' },
  { transactions: [tx('2021-05-01', 'MCTNF', 'Mail Non-Final Rejection')] },
);
const waiting = fullRecord('18000004', { filingDate: '2022-01-01', examinerName: 'KIM, JOHN A', artUnit: '2455' });
const placeholder = fullRecord('18000005', {
  filingDate: '2022-02-01',
  examinerName: 'CENTRAL, DOCKET',
  artUnit: 'OPAP',
  statusCode: 19,
  statusDescription: 'Application Undergoing Preexam Processing',
});
const otherExaminer = fullRecord('18000006', { filingDate: '2022-03-01', examinerName: 'LEE, MARY', artUnit: '2455' });

beforeAll(async () => {
  ctx = await createTestApp();
  key = (await fundedKey(ctx, 'stats@example.com', 1000)).apiKey;
  await loadFileWrapper(ctx.db, itemsOf([granted, abandoned, pending, waiting, placeholder, otherExaminer]), {
    product: 'PTFWPRE',
    fileName: 'backfile.json',
    fileDate: '2026-11-01',
  });
  await resolveEntities(ctx.db);
});
afterAll(async () => ctx.close());

describe('examiner and art-unit statistics', () => {
  it('are a 404 until the nightly run has computed them', async () => {
    expect(await get('/v1/examiners/KIM,%20JOHN%20A/stats')).toMatchObject({ status: 404, body: { error: 'not_found' }, charged: '0' });
    expect((await get('/v1/art-units/2455/stats')).status).toBe(404);
  });

  it("an examiner's numbers, with every spelling of the name counted as one examiner", async () => {
    const night = await refreshStatistics(ctx.db);
    expect(night).toMatchObject({ applications: 6, examiners: 2, artUnits: 2 });
    const answer = await get('/v1/examiners/kim,%20%20John%20A./stats');
    expect(answer.status).toBe(200);
    expect(answer.charged).toBe('1');
    expect(answer.body).toEqual({
      examiner_name: 'KIM, JOHN A',
      counts: { pending: 1, granted: 1, abandoned: 1, other: 1 },
      // 1 granted of 2 disposed.
      allowance_rate: 0.5,
      // 182, 184 and 120 days: the median 182 days is 6.0 months.
      median_months_to_first_action: 6,
      // 609 days (to the grant) and 518 (to the abandonment notice, not the later status date): 563.5 days.
      median_months_to_disposal: 18.5,
      // 2 office actions (non-final, final) and 1, over 2 disposed.
      avg_office_actions_per_disposed: 1.5,
      // Of the 3 with a first action, 1 has an RCE and 1 an appeal.
      rce_rate: 0.333,
      appeal_rate: 0.333,
      art_units: [
        { art_unit: '2455', n: 3 },
        { art_unit: '2456', n: 1 },
      ],
      sample_size: 4,
      computed_over: { filing_date_from: '2020-01-01', filing_date_to: '2022-01-01', applications: 4 },
      definitions: expect.objectContaining({ allowance_rate: EXAMINER_DEFINITIONS.allowance_rate }),
      computed_at: night.computedAt.toISOString(),
    });
    expect(Object.keys(answer.body.definitions).sort()).toEqual(
      Object.keys(EXAMINER_DEFINITIONS)
        .filter((metric) => metric !== 'examiners')
        .sort(),
    );
  });

  it('rates are null, never 0 or NaN, when nothing is disposed or examined', async () => {
    expect((await get('/v1/examiners/LEE,%20MARY/stats')).body).toMatchObject({
      counts: { pending: 0, granted: 0, abandoned: 0, other: 1 },
      allowance_rate: null,
      median_months_to_first_action: null,
      median_months_to_disposal: null,
      avg_office_actions_per_disposed: null,
      rce_rate: null,
      appeal_rate: null,
      sample_size: 1,
    });
  });

  it('docket placeholders and unknown examiners are a 404', async () => {
    expect((await get('/v1/examiners/CENTRAL,%20DOCKET/stats')).status).toBe(404);
    expect((await get('/v1/examiners/NOBODY,%20AT%20ALL/stats')).status).toBe(404);
  });

  it("an art unit's numbers over all its examiners, with the distinct examiners; an unknown or placeholder unit is a 404", async () => {
    const answer = await get('/v1/art-units/2455/stats');
    expect(answer.body).toMatchObject({
      art_unit: '2455',
      counts: { pending: 0, granted: 1, abandoned: 1, other: 2 },
      allowance_rate: 0.5,
      median_months_to_first_action: 6,
      rce_rate: 0.5,
      appeal_rate: 0.5,
      examiners: 2,
      art_units: [{ art_unit: '2455', n: 4 }],
      sample_size: 4,
      computed_over: { filing_date_from: '2020-01-01', filing_date_to: '2022-03-01', applications: 4 },
      definitions: EXAMINER_DEFINITIONS,
    });
    expect((await get('/v1/art-units/2456/stats')).body).toMatchObject({ counts: { pending: 1 }, examiners: 1 });
    expect((await get('/v1/art-units/OPAP/stats')).status).toBe(404);
    expect((await get('/v1/art-units/9999/stats')).status).toBe(404);
  });

  it("an entity's numbers over the same applications (its applicant on all six)", async () => {
    const acme = (await get('/v1/applications/18000001')).body.applicant_entity_id as string;
    const answer = await get(`/v1/entities/${acme}/stats`);
    expect(answer.status).toBe(200);
    const patent = (await get('/v1/patents/11000001/maintenance')).body;
    expect(answer.body).toMatchObject({
      entity_id: acme,
      portfolio: {
        applications: 6,
        patents: 1,
        pending: 1,
        granted: 1,
        abandoned: 1,
        alive_patents: patent.expired === false ? 1 : 0,
        computed_over: { filing_date_from: '2020-01-01', filing_date_to: '2022-03-01', applications: 6 },
      },
      velocity: {
        filings_per_year: [
          { year: 2020, n: 2 },
          { year: 2021, n: 1 },
          { year: 2022, n: 3 },
        ],
        grants_per_year: [{ year: 2021, n: 1 }],
      },
      // The examiner's numbers above, over the same applications; to grant: 609 days.
      prosecution: {
        allowance_rate: 0.5,
        median_months_to_first_action: 6,
        median_months_to_grant: 20,
        avg_office_actions_per_disposed: 1.5,
        rce_rate: 0.333,
        appeal_rate: 0.333,
      },
      where: {
        cpc_subclasses: [{ subclass: 'H01M', n: 6, share: 1 }],
        cpc_coverage: 1,
        art_units: [
          { art_unit: '2455', n: 4 },
          { art_unit: '2456', n: 1 },
        ],
      },
      who: {
        examiners: [
          { name: 'KIM, JOHN A', key: 'KIM, JOHN A', n: 4 },
          { name: 'LEE, MARY', key: 'LEE, MARY', n: 1 },
        ],
        prosecuted_by: { customer_numbers: [{ customer_number: '12345', n: 6 }] },
      },
      ptab: {
        as_patent_owner: { proceedings: 0, instituted: 0, claims_lost: 0 },
        as_petitioner: {
          proceedings: 0,
          instituted: 0,
          claims_outcomes: { all_unpatentable: 0, some_unpatentable: 0, none_unpatentable: 0 },
        },
      },
      ownership: { acquired: 0, sold: 0, since: null },
    });
  });

  it('a second night replaces the first: a new disposal changes the numbers', async () => {
    const allowed = { ...pending, transactions: [tx('2021-11-01', 'MN/=.', 'Mail Notice of Allowance'), ...(pending.transactions ?? [])] };
    const grantedNow = {
      ...allowed,
      metadata: {
        ...allowed.metadata!,
        statusCode: 150,
        statusDescription: 'Patented Case',
        patentNumber: '11000003',
        grantDate: '2022-01-04',
      },
    };
    await loadFileWrapper(ctx.db, itemsOf([grantedNow]), { product: 'PTFWPRD', fileName: 'daily.json', fileDate: '2026-11-02' });
    // As the worker does after an ingest: the portfolio links take the new status.
    await resolveEntities(ctx.db);
    expect((await get('/v1/examiners/KIM,%20JOHN%20A/stats')).body.counts).toEqual({ pending: 1, granted: 1, abandoned: 1, other: 1 });
    await refreshStatistics(ctx.db);
    const after = (await get('/v1/examiners/KIM,%20JOHN%20A/stats')).body;
    expect(after.counts).toEqual({ pending: 0, granted: 2, abandoned: 1, other: 1 });
    expect(after.allowance_rate).toBe(0.667);
    // An entity's answer kept from the first night gives way to the new night's (the night is looked at once a second).
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const acme = (await get('/v1/applications/18000001')).body.applicant_entity_id as string;
    expect((await get(`/v1/entities/${acme}/stats`)).body.portfolio).toMatchObject({ pending: 0, granted: 2, abandoned: 1 });
  });
});
