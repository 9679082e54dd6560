import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContinuityLink, FileWrapperRecord } from '../src/products/file-wrapper/record.js';
import { loadFileWrapper } from '../src/products/file-wrapper/load.js';
import { ingestFile, productNamed, resolveEntities } from '../src/products/registry.js';
import { createTestApp, fundedKey, type TestContext } from './helpers/app.js';
import { fullRecord, itemsOf, tx } from './helpers/file-wrapper-records.js';
import { SAMPLES_DIR, samplesPresent } from './helpers/samples.js';

let ctx: TestContext;
let key: string;
const get = async (url: string) => {
  const response = await ctx.app.inject({ method: 'GET', url, headers: { 'x-api-key': key } });
  return { status: response.statusCode, body: response.json(), charged: response.headers['x-credits-charged'] };
};

interface Row {
  deadline_id: string;
  application_number: string;
  kind: string;
  due_date: string;
  last_date: string;
}
const brief = (rows: Row[]) => rows.map((d) => [d.application_number, d.kind, d.due_date, d.last_date]);

const pending = (
  number: string,
  statusCode: number,
  statusDescription: string,
  transactions: FileWrapperRecord['transactions'],
  rest = {},
) => fullRecord(number, { statusCode, statusDescription }, { transactions, ...rest });
const provisionalClaim = (parent: string, child: string, filingDate: string): ContinuityLink => ({
  parentNumber: parent,
  childNumber: child,
  relationship: 'PRO',
  relationshipDescription: 'Claims Priority from Provisional Application',
  filingDate,
  statusCode: 159,
  statusDescription: 'Provisional Application Expired',
  patentNumber: null,
});
const patented = (number: string, patentNumber: string, transactions: FileWrapperRecord['transactions']) =>
  fullRecord(
    number,
    { statusCode: 150, statusDescription: 'Patented Case', filingDate: '2018-05-01', patentNumber, grantDate: '2020-07-14' },
    { transactions },
  );

/** The portfolio of one applicant (Acme Widgets), every deadline worked by hand below. */
const PORTFOLIO = [
  // A non-final action mailed Thu 2024-02-29, unanswered; the application claims provisional 63000010.
  pending('17000001', 41, 'Non Final Action Mailed', [tx('2024-02-29', 'MCTNF', 'Mail Non-Final Rejection')], {
    parents: [provisionalClaim('63000010', '17000001', '2024-01-02')],
  }),
  // A final rejection mailed Fri 2024-01-12 and an amendment after it: the period still runs (MPEP 706.07(f)).
  pending('17000002', 61, 'Final Rejection Mailed', [
    tx('2024-01-12', 'MCTFR', 'Mail Final Rejection (PTOL - 326)'),
    tx('2024-02-20', 'A.NE', 'Response after Final Action'),
  ]),
  // A notice of allowance mailed Fri 2024-02-23, the issue fee unpaid.
  pending('17000003', 93, 'Notice of Allowance Mailed -- Application Received in Office of Publications', [
    tx('2024-02-23', 'MN/=.', 'Mail Notice of Allowance'),
  ]),
  // Answered: a non-final action and the reply to it.
  pending('17000004', 71, 'Response to Non-Final Office Action Entered and Forwarded to Examiner', [
    tx('2024-01-10', 'MCTNF', 'Mail Non-Final Rejection'),
    tx('2024-02-15', 'A...', 'Response after Non-Final Action'),
  ]),
  // A restriction answered, then a non-final action withdrawn: nothing runs.
  pending('17000005', 71, 'Response to Non-Final Office Action Entered and Forwarded to Examiner', [
    tx('2023-11-06', 'MCTRS', 'Mail Restriction Requirement'),
    tx('2023-12-01', 'ELC.', 'Response to Election / Restriction Filed'),
    tx('2024-01-22', 'MCTNF', 'Mail Non-Final Rejection'),
    tx('2024-02-05', 'W/AC', 'Withdrawing/Vacating Office Action Letter'),
  ]),
  // A notice of appeal filed Fri 2023-12-15 after a final rejection; no brief yet.
  pending('17000006', 120, 'Notice of Appeal Filed', [
    tx('2023-09-15', 'MCTFR', 'Mail Final Rejection (PTOL - 326)'),
    tx('2023-12-15', 'N/AP', 'Notice of Appeal Filed'),
  ]),
  // Patents granted Tue 2020-07-14: the first with its 3.5-year fee paid, the second without.
  patented('16000007', '10000007', [tx('2023-12-01', 'M1551', 'Payment of Maintenance Fee, 4th Year, Large Entity')]),
  patented('16000008', '10000008', []),
  // A provisional filed Thu 2024-02-29 that no application claims.
  fullRecord('63000009', {
    filingDate: '2024-02-29',
    applicationType: 'PROV',
    statusCode: 20,
    statusDescription: 'Provisional Application Filed',
  }),
  // Abandoned: its unanswered action is no deadline.
  pending('17000011', 161, 'Abandoned  --  Failure to Respond to an Office Action', [
    tx('2023-06-01', 'MCTNF', 'Mail Non-Final Rejection'),
  ]),
];

/** What each lists, worked by hand (window 2024-03-01 to 2025-03-31, the file wrapper as of 2024-03-01), soonest first. */
const EXPECTED = [
  // 3.5y fee of 10000008: due Sun 2024-01-14 → Mon 01-15 is Martin Luther King Day → Tue 2024-01-16; grace Sun 2024-07-14 →
  // Mon 2024-07-15. As of 2024-03-01 it is in its grace.
  ['16000008', 'maintenance_fee', '2024-01-16', '2024-07-15'],
  // Brief: notice Fri 2023-12-15 + 2 months → Thu 2024-02-15; + 5 months of extension → Mon 2024-07-15.
  ['17000006', 'appeal_brief', '2024-02-15', '2024-07-15'],
  // Final Fri 2024-01-12 + 3 → Fri 2024-04-12 (no advisory action yet); 6 months → Fri 2024-07-12.
  ['17000002', 'office_action_reply', '2024-04-12', '2024-07-12'],
  // Notice Fri 2024-02-23 + 3 → Thu 2024-05-23, not extendable.
  ['17000003', 'issue_fee', '2024-05-23', '2024-05-23'],
  // Non-final Thu 2024-02-29 + 3 → Wed 2024-05-29; 6 months → Thu 2024-08-29.
  ['17000001', 'office_action_reply', '2024-05-29', '2024-08-29'],
  // Provisional filed Thu 2024-02-29 + 12 months → Fri 2025-02-28; 14 months (restoration) → Tue 2025-04-29.
  ['63000009', 'nonprovisional_filing', '2025-02-28', '2025-04-29'],
];
const WINDOW = 'from=2024-03-01&to=2025-03-31';
const ALL_NUMBERS = PORTFOLIO.map((record) => record.applicationNumber);

beforeAll(async () => {
  // A monitor's webhook host stands in as a public address; nothing is ever sent to it here.
  ctx = await createTestApp({ resolveHost: async () => [{ address: '93.184.215.14', family: 4 }] });
  key = (await fundedKey(ctx, 'docket@example.com', 1000)).apiKey;
  await loadFileWrapper(ctx.db, itemsOf(PORTFOLIO), { product: 'PTFWPRE', fileName: 'backfile.json', fileDate: '2024-03-01' });
});
afterAll(async () => ctx.close());

describe('GET /v1/deadlines over a hand-worked portfolio', () => {
  it('lists every open deadline of the applications, soonest first, with its basis', async () => {
    const { status, body, charged } = await get(`/v1/deadlines?application_numbers=${ALL_NUMBERS.join(',')}&${WINDOW}`);
    expect(status).toBe(200);
    expect(charged).toBe('1');
    expect(brief(body.deadlines)).toEqual(EXPECTED);
    expect(body.window).toEqual({ from: '2024-03-01', to: '2025-03-31' });
    expect(body.not_found).toEqual([]);
    expect(body.deadlines[2]).toEqual({
      deadline_id: '17000002:office_action_reply:2024-01-12:final',
      application_number: '17000002',
      patent_number: null,
      kind: 'office_action_reply',
      action_type: 'final',
      window: null,
      due_date: '2024-04-12',
      last_date: '2024-07-12',
      opens: null,
      extendable: true,
      if_missed: 'abandonment',
      basis: {
        rule: '35 USC 133; 37 CFR 1.134; MPEP 706.07(f)',
        counts_from: '2024-01-12',
        transaction: { code: 'MCTFR', date: '2024-01-12' },
        note: 'first reply within 2 months, no advisory action yet: 3 months until one is mailed (MPEP 706.07(f))',
      },
      source: { product: 'PTFWPRE', file_date: '2024-03-01' },
    });
    expect(body.deadlines[0]).toMatchObject({
      deadline_id: '16000008:maintenance_fee:10000008:3.5y',
      patent_number: '10000008',
      window: '3.5y',
      opens: '2023-07-14',
      if_missed: 'lapse',
      basis: { counts_from: '2020-07-14', transaction: null },
    });
  });

  it('lists a patent’s later fee windows and end of term over a longer window', async () => {
    const { body } = await get('/v1/deadlines?patent_numbers=10000007,10000008,99999999&from=2024-03-01&to=2040-12-31');
    expect(body.not_found).toEqual(['99999999']);
    // 7.5y: opens 2027-07-14, due Fri 2028-01-14, grace Fri 2028-07-14; 11.5y: due Wed 2032-01-14, grace Wed 2032-07-14.
    // End of term: 20 years from the filing date 2018-05-01, no adjustment in the data.
    expect(brief(body.deadlines)).toEqual([
      ['16000008', 'maintenance_fee', '2024-01-16', '2024-07-15'],
      ['16000007', 'maintenance_fee', '2028-01-14', '2028-07-14'],
      ['16000008', 'maintenance_fee', '2028-01-14', '2028-07-14'],
      ['16000007', 'maintenance_fee', '2032-01-14', '2032-07-14'],
      ['16000008', 'maintenance_fee', '2032-01-14', '2032-07-14'],
      ['16000007', 'end_of_term', '2038-05-01', '2038-05-01'],
      ['16000008', 'end_of_term', '2038-05-01', '2038-05-01'],
    ]);
    const record = (await get('/v1/patents/10000007/maintenance')).body;
    expect(body.deadlines[1]).toMatchObject({ opens: record.deadlines['7.5y'].opens, due_date: record.deadlines['7.5y'].due });
    expect(body.deadlines[5].due_date).toBe(record.expiration_estimate.date);
  });

  it('filters by kind and pages with a cursor bound to the query', async () => {
    const kinds = await get(`/v1/deadlines?application_numbers=${ALL_NUMBERS.join(',')}&${WINDOW}&kinds=issue_fee,appeal_brief`);
    expect(brief(kinds.body.deadlines)).toEqual([EXPECTED[1], EXPECTED[3]]);
    const seen: Row[] = [];
    let url = `/v1/deadlines?application_numbers=${ALL_NUMBERS.join(',')}&${WINDOW}&limit=4`;
    for (let pages = 0; pages < 5; pages++) {
      const { status, body } = await get(url);
      expect(status, url).toBe(200);
      seen.push(...body.deadlines);
      if (body.next_cursor === null) break;
      url = `/v1/deadlines?application_numbers=${ALL_NUMBERS.join(',')}&${WINDOW}&limit=4&cursor=${body.next_cursor}`;
    }
    expect(brief(seen)).toEqual(EXPECTED);
    const first = (await get(`/v1/deadlines?application_numbers=${ALL_NUMBERS.join(',')}&${WINDOW}&limit=1`)).body;
    const other = await get(`/v1/deadlines?application_numbers=17000001&${WINDOW}&cursor=${first.next_cursor}`);
    expect(other.status).toBe(422);
    expect(other.body.detail[0]).toMatchObject({ loc: ['query', 'cursor'], type: 'cursor_mismatch' });
  });

  it('answers an entity with the union of its applications’ dockets', async () => {
    await resolveEntities(ctx.db);
    const { rows } = await ctx.db.query<{ entity_id: string; n: number }>(
      `SELECT entity_id, count(DISTINCT application_number)::int AS n FROM entity_links WHERE application_number = ANY($1::text[])
       GROUP BY entity_id ORDER BY n DESC LIMIT 1`,
      [ALL_NUMBERS],
    );
    const entity = rows[0]!;
    expect(entity.n).toBe(ALL_NUMBERS.length);
    const whole = (await get(`/v1/deadlines?entity_id=${entity.entity_id}&from=2024-03-01&to=2040-12-31&limit=1000`)).body;
    const each: Row[] = [];
    for (const number of ALL_NUMBERS)
      each.push(...(await get(`/v1/deadlines?application_numbers=${number}&from=2024-03-01&to=2040-12-31`)).body.deadlines);
    const order = (a: Row, b: Row) => (a.due_date + a.deadline_id < b.due_date + b.deadline_id ? -1 : 1);
    expect(whole.deadlines).toEqual(each.sort(order));
    expect(whole.deadlines).toHaveLength(EXPECTED.length + 6);
  });

  it('answers a monitor with the deadlines of its targets: applications, patents and portfolios', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/v1/monitors',
      headers: { 'x-api-key': key },
      payload: {
        targets: { application_numbers: ['17000006'], patent_numbers: ['10000008'] },
        webhook_url: 'https://hooks.example.test/docket',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { body } = await get(`/v1/deadlines?monitor_id=${created.json().monitor_id}&${WINDOW}`);
    expect(brief(body.deadlines)).toEqual([EXPECTED[0], EXPECTED[1]]);
    const other = (await fundedKey(ctx, 'another@example.com', 10)).apiKey;
    const foreign = await ctx.app.inject({
      method: 'GET',
      url: `/v1/deadlines?monitor_id=${created.json().monitor_id}`,
      headers: { 'x-api-key': other },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('asks for exactly one selector, readable numbers and kinds, and a window in order', async () => {
    const problems = [
      ['/v1/deadlines', 'missing'],
      ['/v1/deadlines?application_numbers=17000001&patent_numbers=10000007', 'too_many_alternatives'],
      ['/v1/deadlines?application_numbers=17000001,banana', 'application_numbers_format'],
      ['/v1/deadlines?application_numbers=17000001&kinds=renewal', 'kinds_format'],
      ['/v1/deadlines?application_numbers=17000001&from=2025-01-01&to=2024-01-01', 'date_order'],
      ['/v1/deadlines?entity_id=acme', 'entity_id_format'],
    ];
    for (const [url, type] of problems) {
      const { status, body } = await get(url!);
      expect(status, url).toBe(422);
      expect(body.detail[0].type, url).toBe(type);
    }
    expect((await get('/v1/deadlines?entity_id=ent_0000000000000000')).status).toBe(404);
    expect((await get('/v1/deadlines?monitor_id=mon_nothing')).status).toBe(404);
  });

  describe('as later files arrive', () => {
    beforeAll(async () => {
      // A reply to 17000001's action, the issue fee of 17000003 paid; and the file wrapper now covers 2024-08-01.
      await loadFileWrapper(
        ctx.db,
        itemsOf([
          {
            ...PORTFOLIO[0]!,
            transactions: [...(PORTFOLIO[0]!.transactions ?? []), tx('2024-05-01', 'A...', 'Response after Non-Final Action')],
          },
          {
            ...PORTFOLIO[2]!,
            metadata: { ...PORTFOLIO[2]!.metadata!, statusCode: 94, statusDescription: 'Publications -- Issue Fee Payment Received' },
            transactions: [...(PORTFOLIO[2]!.transactions ?? []), tx('2024-05-15', 'N084', 'Issue Fee Payment Verified')],
          },
        ]),
        { product: 'PTFWPRD', fileName: 'daily.json', fileDate: '2024-08-01' },
      );
      // The provisional 17000001 claims arrives after its claimant.
      await loadFileWrapper(
        ctx.db,
        itemsOf([
          fullRecord('63000010', {
            filingDate: '2024-01-02',
            applicationType: 'PROV',
            statusCode: 20,
            statusDescription: 'Provisional Application Filed',
          }),
        ]),
        { product: 'PTFWPRD', fileName: 'daily2.json', fileDate: '2024-08-02' },
      );
    });

    it('drops a deadline a reply or a payment answered, from the applicant’s docket too', async () => {
      const { body } = await get(`/v1/deadlines?application_numbers=${ALL_NUMBERS.join(',')}&${WINDOW}`);
      expect(brief(body.deadlines)).toEqual(EXPECTED.filter((row) => row[0] !== '17000001' && row[0] !== '17000003'));
      // The reloaded applications' links were made anew by entity resolution: the entity's rows follow them.
      await resolveEntities(ctx.db);
      const { rows } = await ctx.db.query<{ entity_id: string }>(
        `SELECT entity_id FROM entity_links WHERE application_number = '17000006'`,
      );
      const entity = rows.find((row) => row.entity_id.startsWith('ent_'))!.entity_id;
      const whole = (await get(`/v1/deadlines?entity_id=${entity}&${WINDOW}`)).body;
      expect(brief(whole.deadlines)).toEqual(brief(body.deadlines));
    });

    it('judges an unpaid fee window against the newer data: the patent lapsed, its later deadlines go', async () => {
      // As of 2024-08-01 the 3.5y grace of 10000008 (to 2024-07-15) has ended unpaid.
      const { body } = await get('/v1/deadlines?patent_numbers=10000007,10000008&from=2024-03-01&to=2040-12-31');
      expect(brief(body.deadlines)).toEqual([
        ['16000008', 'maintenance_fee', '2024-01-16', '2024-07-15'],
        ['16000007', 'maintenance_fee', '2028-01-14', '2028-07-14'],
        ['16000007', 'maintenance_fee', '2032-01-14', '2032-07-14'],
        ['16000007', 'end_of_term', '2038-05-01', '2038-05-01'],
      ]);
    });

    it('lists no filing for a provisional claimed before it loaded', async () => {
      const { body } = await get(`/v1/deadlines?application_numbers=63000010&${WINDOW}`);
      expect(body).toMatchObject({ deadlines: [], not_found: [] });
    });
  });
});

describe.skipIf(!samplesPresent('grant-xml', 'file-wrapper-json'))('GET /v1/deadlines over the real samples', () => {
  beforeAll(async () => {
    for (const name of ['US10000000B2-v45.xml', 'USD0701016S1-v44.xml', 'US11646472B2-v47.xml'])
      await ingestFile(ctx.db, productNamed('grants')!, join(SAMPLES_DIR, 'grant-xml', name));
  });

  it('gives a grant its fee windows and its term with the adjustment it prints, as the maintenance record does', async () => {
    const { body } = await get('/v1/deadlines?patent_numbers=10000000,D701016,11646472&from=2018-01-01&to=2045-12-31');
    // 10000000, granted Tue 2018-06-19, no fee evidence (judged as of its grant): 3.5y due Sun 2021-12-19 → Mon 12-20, grace
    // Sun 2022-06-19 → Mon 06-20 is Juneteenth observed → Tue 06-21; 7.5y due Fri 2025-12-19, grace Fri 2026-06-19 (Juneteenth)
    // → Mon 06-22; 11.5y due Wed 2029-12-19, grace Wed 2030-06-19 (Juneteenth) → Thu 06-20. Term: filed 2015-03-10 + 20 years
    // + the 430 days the grant prints = 2036-05-13.
    // D701016, a design granted 2014-03-18 and filed before 2015-05-13: no fees, 14 years → 2028-03-18.
    // 11646472: its own grant prints the chain back to 10/824,944 (filed 2004-04-14): the term ended 2025-02-12, nothing is due.
    expect(brief(body.deadlines)).toEqual([
      ['14643719', 'maintenance_fee', '2021-12-20', '2022-06-21'],
      ['14643719', 'maintenance_fee', '2025-12-19', '2026-06-22'],
      ['29414573', 'end_of_term', '2028-03-18', '2028-03-18'],
      ['14643719', 'maintenance_fee', '2029-12-19', '2030-06-20'],
      ['14643719', 'end_of_term', '2036-05-13', '2036-05-13'],
    ]);
    expect(body.not_found).toEqual([]);
    const record = (await get('/v1/patents/10000000/maintenance')).body;
    expect(body.deadlines[1]).toMatchObject({ opens: record.deadlines['7.5y'].opens, due_date: record.deadlines['7.5y'].due });
    expect(body.deadlines[4]).toMatchObject({
      due_date: record.expiration_estimate.date,
      basis: { rule: '35 U.S.C. 154(a)(2); 35 U.S.C. 154(b)' },
    });
  });

  it('answers the same for 11646472 once its file wrapper record arrives: issue fee paid, term ended', async () => {
    await ingestFile(ctx.db, productNamed('file-wrapper')!, join(SAMPLES_DIR, 'file-wrapper-json/odp-v1/17248024.application.json'), {
      fileDate: '2025-07-01',
    });
    // 2004-04-14 + 20 years = 2024-04-14, + 304 days of adjustment (the file wrapper's) = 2025-02-12.
    expect((await get('/v1/patents/11646472/maintenance')).body).toMatchObject({
      expired: true,
      expiration_estimate: { date: '2025-02-12' },
    });
    const { body } = await get('/v1/deadlines?application_numbers=17248024&from=2020-01-01&to=2045-12-31');
    expect(body).toMatchObject({ deadlines: [], not_found: [] });
  });
});
