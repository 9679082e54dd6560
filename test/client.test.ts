import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import {
  createPatentStatusClient,
  ERROR_CODES,
  PatentStatusError,
  type AnswerMeta,
  type components,
  type ListPath,
  type PatentStatusClient,
} from '../packages/client/src/index.js';
import { SCHEMA_FILE, schemaSource } from '../packages/client/scripts/schema-source.js';
import { ERROR_CATALOGUE } from '../src/domain/errors.js';
import { loadFileWrapper } from '../src/products/file-wrapper/load.js';
import { balanceOf, createTestApp, fundedKey, type TestContext } from './helpers/app.js';
import { backfile, fullRecord, itemsOf, tx } from './helpers/file-wrapper-records.js';
import { startFlakyGateway, type FlakyGateway } from './helpers/flaky-gateway.js';

/**
 * @patent-status/client against the real app listening on a port, over a real database: its
 * types are what the served document generates, its answers and errors are the service's, and its
 * retries are seen from a gateway in front of the app that fails the requests it is told to.
 */
let ctx: TestContext;
let baseUrl: string;
let key: string;
let client: PatentStatusClient;
let gateway: FlakyGateway;
beforeAll(async () => {
  ctx = await createTestApp();
  // 250 transactions on distinct days: three pages of at most 100.
  const transactions = Array.from({ length: 250 }, (_, i) =>
    tx(new Date(Date.UTC(2022, 0, 1 + i)).toISOString().slice(0, 10), 'EML_NTR', `Notice ${i}`),
  );
  await loadFileWrapper(ctx.db, itemsOf([...backfile(), fullRecord('18400004', {}, { transactions })]), {
    product: 'PTFWPRE',
    fileName: 'backfile.json',
    fileDate: '2026-11-18',
  });
  key = (await fundedKey(ctx, 'client@example.com', 1000)).apiKey;
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  client = createPatentStatusClient({ baseUrl, apiKey: key });
  gateway = await startFlakyGateway(baseUrl);
});
afterAll(async () => {
  await gateway?.close();
  await ctx?.close();
});

const lookup = (through: PatentStatusClient, applicationNumber: string) =>
  through.GET('/v1/applications/{application_number}', { params: { path: { application_number: applicationNumber } } });

/** The rejection of `promise`, which must reject. */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('expected a rejection'),
    (error: unknown) => error,
  );
}

describe('the generated types', () => {
  it('are what the served document generates now (no drift)', async () => {
    const document: unknown = (await ctx.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(await schemaSource(document)).toBe(await readFile(SCHEMA_FILE, 'utf8'));
  });

  it("name every code of the service's error catalogue", () => {
    expect([...ERROR_CODES].sort()).toEqual(Object.keys(ERROR_CATALOGUE).sort());
  });

  it('walk every list that takes a cursor', () => {
    expectTypeOf<ListPath>().toEqualTypeOf<
      | '/v1/applications/{application_number}/transactions'
      | '/v1/patents/{patent_number}/citations'
      | '/v1/search'
      | '/v1/applications/{application_number}/assignments'
      | '/v1/patents/{patent_number}/assignments'
      | '/v1/assignments'
      | '/v1/applications/{application_number}/office-actions'
      | '/v1/ptab'
      | '/v1/entities/{entity_id}/applications'
      | '/v1/entities/{entity_id}/patents'
      | '/v1/events'
      | '/v1/deadlines'
    >();
    // A misspelt parameter does not compile (never called: the compiler is the check).
    // @ts-expect-error application_numbr is no parameter of the lookup
    const _misspelt = () => client.GET('/v1/applications/{application_number}', { params: { path: { application_numbr: '1' } } });
  });
});

describe('a lookup', () => {
  it('answers the typed Application of a loaded record with its credits and request id', async () => {
    const answer = await lookup(client, '17/248,024');
    expectTypeOf(answer.data).toExtend<components['schemas']['Application']>();
    expectTypeOf(answer.data.status.category).toEqualTypeOf<
      'pending' | 'allowed' | 'granted' | 'abandoned' | 'expired' | 'provisional' | 'pct' | 'other'
    >();
    expect(answer.data).toMatchObject({
      application_number: '17248024',
      status: { code: 150, description: 'Patented Case', category: 'granted', date: '2023-04-19' },
      patent_number: '11646472',
      grant_date: '2023-05-09',
      art_unit: '1727',
      pta_days: 304,
      counts: { transactions: 5, parents: 2, children: 0 },
      source: { product: 'PTFWPRE', file_date: '2026-11-18' },
    });
    expect(answer.credits.charged).toBe(1);
    expect(answer.credits.remaining).toEqual(expect.any(Number));
    expect(answer.requestId).toBe(answer.response.headers.get('x-request-id'));
  });
});

describe('errors', () => {
  it('rejects an unknown application with a 404 not_found carrying the request id, charged nothing', async () => {
    const error = await rejectionOf(lookup(client, '99999999'));
    expect(error).toBeInstanceOf(PatentStatusError);
    expect(error).toMatchObject({
      status: 404,
      code: 'not_found',
      message: 'not_found: No application 99999999 is on file.',
      credits: { charged: 0, remaining: null },
      issues: [],
    });
    const { requestId, body } = error as PatentStatusError;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body).toEqual({ error: 'not_found', message: 'No application 99999999 is on file.', request_id: requestId });
  });

  it('rejects a limit beyond 1000 with a 422 validation_error listing the issue', async () => {
    const error = (await rejectionOf(
      client.GET('/v1/applications/{application_number}/transactions', {
        params: { path: { application_number: '17248024' }, query: { limit: 5000 } },
      }),
    )) as PatentStatusError;
    expect([error.status, error.code]).toEqual([422, 'validation_error']);
    expect(error.issues).toEqual([
      {
        loc: ['query', 'limit'],
        msg: 'Input should be less than or equal to 1000',
        type: 'less_than_equal',
        input: 5000,
        ctx: { le: 1000 },
      },
    ]);
  });

  it('rejects a wrong key with 401 invalid_api_key', async () => {
    const stranger = createPatentStatusClient({ baseUrl, apiKey: 'pss_not_a_key' });
    expect(await rejectionOf(lookup(stranger, '17248024'))).toMatchObject({ status: 401, code: 'invalid_api_key' });
  });
});

describe('paginate', () => {
  const transactions = { params: { path: { application_number: '18400004' }, query: { limit: 100 } } };

  it('yields every row of a list across its pages, typed by the operation', async () => {
    const rows: components['schemas']['Transaction'][] = [];
    for await (const row of client.paginate('/v1/applications/{application_number}/transactions', transactions)) {
      expectTypeOf(row).toEqualTypeOf<components['schemas']['Transaction']>();
      rows.push(row);
    }
    expect(rows).toHaveLength(250);
    expect(new Set(rows.map((row) => row.description)).size).toBe(250);
    // Newest first: the last of 250 days from 2022-01-01 (2022-09-07), then back to the first.
    expect([rows[0]!.date, rows[249]!.date]).toEqual(['2022-09-07', '2022-01-01']);
  });

  it('walks the pages: 100, 100 and 50 rows, one unit each, the last without a cursor', async () => {
    const pages = [];
    for await (const page of client.pages('/v1/applications/{application_number}/transactions', transactions)) pages.push(page);
    expect(pages.map((page) => [page.data.transactions.length, page.credits.charged, page.data.next_cursor === null])).toEqual([
      [100, 1, false],
      [100, 1, false],
      [50, 1, true],
    ]);
  });
});

describe('credits', () => {
  it('match the change of the balance: the units charged add up, the last remaining is the balance', async () => {
    const { apiKey, orgId } = await fundedKey(ctx, 'credits@example.com', 1000);
    const own = createPatentStatusClient({ baseUrl, apiKey });
    const answers: AnswerMeta[] = [await lookup(own, '17248024')];
    for await (const page of own.pages('/v1/applications/{application_number}/transactions', {
      params: { path: { application_number: '18400004' }, query: { limit: 120 } },
    }))
      answers.push(page);
    await rejectionOf(lookup(own, '99999999'));
    answers.push(await lookup(own, '16695054'));
    // 1 + (2 + 2 + 1 for 120, 120 and 10 rows) + 0 for the 404 + 1.
    expect(answers.map((answer) => answer.credits.charged)).toEqual([1, 2, 2, 1, 1]);
    expect(answers.map((answer) => answer.credits.remaining)).toEqual([999, 997, 995, 994, 993]);
    expect(await balanceOf(ctx, orgId)).toBe(993);
  });
});

describe('retries (through a gateway that fails requests)', () => {
  const through = (retries?: Parameters<typeof createPatentStatusClient>[0]['retries']) =>
    createPatentStatusClient({ baseUrl: gateway.baseUrl, apiKey: key, ...(retries === undefined ? {} : { retries }) });
  const sentSince = (start: number) => gateway.requests.slice(start);

  it('waits what a 503 Retry-After asks, then answers from the service', async () => {
    const start = gateway.requests.length;
    gateway.fail([{ status: 503, retryAfter: '1' }]);
    const answer = await lookup(through(), '17248024');
    expect(answer.data.application_number).toBe('17248024');
    const sent = sentSince(start);
    expect(sent.map((request) => [request.method, request.path, request.headers['x-api-key']])).toEqual([
      ['GET', '/v1/applications/17248024', key],
      ['GET', '/v1/applications/17248024', key],
    ]);
    // One second apart, give or take the few milliseconds a timer and the wall clock may disagree by.
    expect(sent[1]!.at - sent[0]!.at).toBeGreaterThanOrEqual(990);
  });

  it('retries a 504 and a dropped connection of a GET', async () => {
    const start = gateway.requests.length;
    gateway.fail([{ status: 504, error: 'gateway_timeout' }, 'drop']);
    expect((await lookup(through({ limit: 3, baseDelayMs: 10 }), '17248024')).data.patent_number).toBe('11646472');
    expect(sentSince(start)).toHaveLength(3);
  });

  it('gives up after the bound with the last 503, and the next call goes through', async () => {
    const start = gateway.requests.length;
    const bounded = through({ limit: 2, baseDelayMs: 10 });
    gateway.fail([{ status: 503 }, { status: 503 }, { status: 503 }]);
    expect(await rejectionOf(lookup(bounded, '17248024'))).toMatchObject({
      status: 503,
      code: 'service_unavailable',
      requestId: 'gateway',
    });
    expect(sentSince(start)).toHaveLength(3);
    expect((await lookup(bounded, '17248024')).data.application_number).toBe('17248024');
    expect(sentSince(start)).toHaveLength(4);
  });

  it('does not wait a Retry-After longer than its longest delay', async () => {
    const start = gateway.requests.length;
    gateway.fail([{ status: 503, retryAfter: '120' }]);
    expect(await rejectionOf(lookup(through(), '17248024'))).toMatchObject({ status: 503, code: 'service_unavailable' });
    expect(sentSince(start)).toHaveLength(1);
  });

  it('does not resend a POST whose connection dropped: it may have been carried out', async () => {
    const start = gateway.requests.length;
    gateway.fail(['drop']);
    const error = await rejectionOf(
      through({ limit: 3, baseDelayMs: 10 }).POST('/v1/applications/status', { body: { application_numbers: ['17248024'] } }),
    );
    expect(error).toBeInstanceOf(TypeError);
    expect(sentSince(start)).toHaveLength(1);
  });

  it("does not retry the service's lasting 503: a deployment without payments", async () => {
    const start = gateway.requests.length;
    const error = await rejectionOf(through({ limit: 3, baseDelayMs: 10 }).POST('/agent/checkout-link', { body: { amount_usd: 20 } }));
    expect(error).toMatchObject({ status: 503, code: 'billing_not_configured' });
    expect(sentSince(start)).toHaveLength(1);
  });
});
