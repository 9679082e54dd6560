import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadFileWrapper } from '../src/products/file-wrapper/load.js';
import { createTestApp, fundedKey, type TestContext } from './helpers/app.js';
import { backfile, dailyUpdate, fullRecord, itemsOf, tx } from './helpers/file-wrapper-records.js';

let ctx: TestContext;
let key: string;
beforeAll(async () => {
  ctx = await createTestApp();
  const transactions = Array.from({ length: 250 }, (_, i) =>
    tx(`2022-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`, 'EML_NTR', `Email Notification ${i}`),
  );
  const design = fullRecord('29700001', {
    applicationType: 'DES',
    statusCode: 150,
    statusDescription: 'Patented Case',
    patentNumber: 'D701016',
    grantDate: '2014-03-25',
  });
  const busy = fullRecord('18400004', {}, { transactions });
  // The file wrapper holds international applications under their canonical PCT number.
  const pct = fullRecord('PCT/US2007/019317', {
    applicationType: 'PCT',
    statusCode: 218,
    statusDescription: 'PCT - Application Published',
    patentNumber: null,
    publicationNumber: null,
  });
  await loadFileWrapper(ctx.db, itemsOf([...backfile(), design, busy, pct]), {
    product: 'PTFWPRE',
    fileName: 'backfile.json',
    fileDate: '2026-11-18',
  });
  await loadFileWrapper(ctx.db, itemsOf(dailyUpdate()), { product: 'PTFWPRD', fileName: 'daily.json', fileDate: '2026-11-20' });
  key = (await fundedKey(ctx, 'reader@example.com', 1000)).apiKey;
});
afterAll(async () => ctx.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { 'x-api-key': key } });

describe('GET /v1/applications/{n}', () => {
  it('returns the complete Application object', async () => {
    // The day after the newest file (2026-11-20): fresh data (`stale` counts from the file date).
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-21T17:00:00Z') });
    const response = await get('/v1/applications/17248024').finally(() => vi.useRealTimers());
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-credits-charged']).toBe('1');
    const body = response.json();
    expect(body).toMatchObject({
      application_number: '17248024',
      status: { code: 150, description: 'Patented Case', category: 'granted', date: '2023-04-19' },
      patent_number: '11646472',
      grant_date: '2023-05-09',
      publication_number: 'US20210210819A1',
      publication_date: '2021-07-08',
      applicant_name: 'Acme Widgets, Inc.',
      applicant_entity_id: null,
      examiner_name: 'DOVE, TRACY MAE',
      art_unit: '1727',
      entity_status: 'undiscounted',
      pta_days: 304,
      counts: { transactions: 5, office_actions: 1, assignments: 0, ptab_proceedings: 0, parents: 2, children: 0 },
      source: { product: 'PTFWPRE', file_date: '2026-11-18' },
      stale: false,
    });
    expect(body.as_of).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body.continuity.parents).toEqual([
      {
        application_number: '16695054',
        relationship: 'CON',
        relationship_description: 'is a Continuation of',
        filing_date: '2019-11-25',
        patent_number: '10916753',
        status: { code: 250, description: 'Patent Expired Due to NonPayment of Maintenance Fees Under 37 CFR 1.362', category: 'expired' },
        child_application_number: '17248024',
      },
      {
        application_number: '15487364',
        relationship: 'CON',
        relationship_description: 'is a Continuation of',
        filing_date: '2017-04-13',
        patent_number: '10529971',
        status: { code: 150, description: 'Patented Case', category: 'granted' },
        child_application_number: '16695054',
      },
    ]);
  });

  it('lists children with the application they claim', async () => {
    const body = (await get('/v1/applications/16695054')).json();
    expect(
      body.continuity.children.map((c: { application_number: string; parent_application_number: string; relationship: string }) => [
        c.application_number,
        c.parent_application_number,
        c.relationship,
      ]),
    ).toEqual([
      ['17248024', '16695054', 'CON'],
      ['18200003', '16695054', 'DIV'],
    ]);
    expect(body.source).toEqual({ product: 'PTFWPRD', file_date: '2026-11-20' });
  });

  it.each(['17/248,024', '17%2F248%2C024', '17%20248%20024', '17,248,024', '17/248024/'])('ignores formatting: %s', async (spelling) => {
    const response = await get(`/v1/applications/${spelling}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().application_number).toBe('17248024');
  });

  it('answers 404 not_found for an unknown number, charged nothing', async () => {
    const response = await get('/v1/applications/99999999');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'not_found',
      message: 'No application 99999999 is on file.',
      request_id: response.headers['x-request-id'],
    });
    expect(response.headers['x-credits-charged']).toBe('0');
  });

  it('answers lookups asked at once, read together, each with its own application', async () => {
    const numbers = ['17248024', '29700001', '18400004', '99999998', '17248024'];
    const responses = await Promise.all(numbers.map((n) => get(`/v1/applications/${n}`)));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 404, 200]);
    expect(responses.map((r) => (r.statusCode === 200 ? r.json().application_number : r.json().message))).toEqual([
      '17248024',
      '29700001',
      '18400004',
      'No application 99999998 is on file.',
      '17248024',
    ]);
    expect(responses[1]!.json()).toMatchObject({ patent_number: 'D701016', application_type: 'DES' });
  });

  it.each(['1724802', 'abcdefgh', '172480245'])('answers 422 for the malformed %s', async (input) => {
    const response = await get(`/v1/applications/${input}`);
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toEqual([
      expect.objectContaining({ loc: ['path', 'application_number'], input, type: 'application_number_format' }),
    ]);
  });
});

describe('international (PCT) applications', () => {
  it.each(['PCT/US07/19317', 'PCT%2FUS07%2F19317', 'PCT/US2007/019317', 'pct/us07/19317', 'PCTUS0719317'])(
    'finds PCT/US2007/019317 as %s',
    async (spelling) => {
      const response = await get(`/v1/applications/${spelling}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ application_number: 'PCT/US2007/019317', application_type: 'PCT', status: { code: 218 } });
    },
  );

  it('lists its transactions and answers it in a batch', async () => {
    const timeline = await get('/v1/applications/PCT/US07/19317/transactions');
    expect(timeline.statusCode).toBe(200);
    expect(timeline.json().application_number).toBe('PCT/US2007/019317');
    const batch = await ctx.app.inject({
      method: 'POST',
      url: '/v1/applications/status',
      headers: { 'x-api-key': key },
      payload: { application_numbers: ['PCT/US07/19317', 'PCT/US07/19318'] },
    });
    expect(batch.json()).toMatchObject({ not_found: ['PCT/US07/19318'], invalid: [] });
    expect(batch.json().results.map((row: { application_number: string }) => row.application_number)).toEqual(['PCT/US2007/019317']);
  });

  it('422s a PCT number it cannot read', async () => {
    const response = await get('/v1/applications/PCT%2FUS%2F19317');
    expect(response.statusCode).toBe(422);
    expect(response.json().detail[0]).toMatchObject({ loc: ['path', 'application_number'], type: 'application_number_format' });
  });
});

describe('GET /v1/patents/{n} and /v1/publications/{n}', () => {
  it.each(['11646472', '11,646,472', 'US11646472B2'])('finds the application behind patent %s', async (spelling) => {
    const response = await get(`/v1/patents/${encodeURIComponent(spelling)}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().application_number).toBe('17248024');
  });

  it.each(['D701016', 'D0701016', 'd701016'])('accepts the design prefix: %s', async (spelling) => {
    const body = (await get(`/v1/patents/${spelling}`)).json();
    expect(body).toMatchObject({ application_number: '29700001', patent_number: 'D701016', application_type: 'DES' });
  });

  it('404s an unknown patent and 422s a malformed one', async () => {
    expect((await get('/v1/patents/9999999')).statusCode).toBe(404);
    const bad = await get('/v1/patents/XYZ');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].loc).toEqual(['path', 'patent_number']);
  });

  it.each(['US20210210819A1', '2021/0210819', '2021%2F0210819', 'US 2021-0210819 A1', '20210210819'])(
    'finds publication %s',
    async (spelling) => {
      const response = await get(`/v1/publications/${spelling.replace(/ /g, '%20')}`);
      expect(response.statusCode).toBe(200);
      expect(response.json().application_number).toBe('17248024');
    },
  );

  it('404s a kind that is not on file and 422s a malformed number', async () => {
    expect((await get('/v1/publications/US20210210819A9')).statusCode).toBe(404);
    const bad = await get('/v1/publications/hello');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].loc).toEqual(['path', 'publication_number']);
  });
});

describe('POST /v1/applications/status', () => {
  const batch = (numbers: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: '/v1/applications/status',
      headers: { 'x-api-key': key },
      payload: { application_numbers: numbers },
    });

  it('answers rows in request order with not_found and invalid as written', async () => {
    const response = await batch(['18/000,001', '99999999', '17248024', 'nonsense', '16695054', '17/248,024']);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.results.map((r: { application_number: string }) => r.application_number)).toEqual([
      '18000001',
      '17248024',
      '16695054',
      '17248024',
    ]);
    expect(body.results[0]).toEqual({
      application_number: '18000001',
      status: { code: 41, description: 'Non Final Action Mailed', category: 'pending', date: '2024-05-10' },
      patent_number: null,
      publication_number: 'US20230080435A1',
      applicant_name: 'Acme Widgets, Inc.',
    });
    expect(body.not_found).toEqual(['99999999']);
    expect(body.invalid).toEqual(['nonsense']);
    expect(response.headers['x-credits-charged']).toBe('1');
  });

  it('reports null and other non-strings in invalid exactly as sent', async () => {
    const response = await batch([null, 17248024, '17248024', { n: 1 }, true, '', 'nonsense']);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.results.map((r: { application_number: string }) => r.application_number)).toEqual(['17248024']);
    expect(body.not_found).toEqual([]);
    expect(body.invalid).toStrictEqual([null, 17248024, { n: 1 }, true, '', 'nonsense']);
  });

  it.each([['17248024'], [null], [17248024], [{ '0': '17248024' }]])(
    'refuses %j where the list belongs with 422, charged nothing',
    async (value) => {
      const response = await batch(value);
      expect(response.statusCode).toBe(422);
      expect(response.headers['x-credits-charged']).toBe('0');
      expect(response.json()).toStrictEqual({
        error: 'validation_error',
        message: 'The request is invalid.',
        detail: [
          {
            loc: ['body', 'application_numbers'],
            msg: 'Input should be of type array',
            type: 'array_type',
            input: value,
            ctx: { expected: 'array' },
          },
        ],
        request_id: response.headers['x-request-id'],
      });
    },
  );

  it('still bounds the length of each string', async () => {
    const response = await batch(['17248024', 'x'.repeat(101)]);
    expect(response.statusCode).toBe(422);
    expect(response.json().detail[0]).toMatchObject({ loc: ['body', 'application_numbers', 1], type: 'string_too_long' });
  });

  it('validates the list size', async () => {
    expect((await batch([])).json().detail[0]).toMatchObject({ loc: ['body', 'application_numbers'], type: 'too_short' });
    const tooMany = await batch(Array.from({ length: 1001 }, () => '17248024'));
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().detail[0]).toMatchObject({ loc: ['body', 'application_numbers'], type: 'too_long', ctx: { max_length: 1000 } });
  });

  it('charges one unit per 100 rows returned', async () => {
    const response = await batch(Array.from({ length: 250 }, () => '17248024'));
    expect(response.json().results).toHaveLength(250);
    expect(response.headers['x-credits-charged']).toBe('3');
  });
});

describe('GET /v1/applications/{n}/transactions', () => {
  it('lists newest first with the office text verbatim and a normalized event_type', async () => {
    const body = (await get('/v1/applications/17248024/transactions')).json();
    expect(body.transactions).toEqual([
      { date: '2023-05-09', code: 'PGM/', description: 'Recordation of Patent Grant Mailed', event_type: 'grant' },
      { date: '2023-01-20', code: 'MN/=.', description: 'Mail Notice of Allowance', event_type: 'allowance' },
      { date: '2023-01-20', code: 'EML_NTR', description: 'Email Notification', event_type: null },
      { date: '2023-01-20', code: 'EML_NTR', description: 'Email Notification', event_type: null },
      { date: '2021-07-08', code: 'PG-ISSUE', description: 'PG-Pub Issue Notification', event_type: 'publication' },
    ]);
    expect(body.next_cursor).toBeNull();
    expect(body.source).toEqual({ product: 'PTFWPRE', file_date: '2026-11-18' });
  });

  it('filters on or after since', async () => {
    const body = (await get('/v1/applications/17/248,024/transactions?since=2023-01-20')).json();
    expect(body.transactions.map((t: { code: string }) => t.code)).toEqual(['PGM/', 'MN/=.', 'EML_NTR', 'EML_NTR']);
  });

  it('pages with a cursor without gaps or repeats, charging per 100 rows', async () => {
    const seen: string[] = [];
    let url = '/v1/applications/18400004/transactions?limit=120';
    const charges: string[] = [];
    for (;;) {
      const response = await get(url);
      charges.push(String(response.headers['x-credits-charged']));
      const body = response.json();
      seen.push(...body.transactions.map((t: { description: string }) => t.description));
      if (!body.next_cursor) break;
      url = `/v1/applications/18400004/transactions?limit=120&cursor=${body.next_cursor}`;
    }
    expect(seen).toHaveLength(250);
    expect(new Set(seen).size).toBe(250);
    expect(charges).toEqual(['2', '2', '1']);
  });

  it('rejects a forged cursor with 422 on query.cursor and an unknown application with 404', async () => {
    const forged = await get('/v1/applications/17248024/transactions?cursor=bm9wZQ');
    expect(forged.statusCode).toBe(422);
    expect(forged.json().detail[0].loc).toEqual(['query', 'cursor']);
    expect((await get('/v1/applications/99999999/transactions')).statusCode).toBe(404);
    expect((await get('/v1/applications/17248024/transactions?since=yesterday')).json().detail[0].loc).toEqual(['query', 'since']);
  });
});
