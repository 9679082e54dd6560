import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ECHO_BUDGET_CHARS, ECHO_STRING_CHARS } from '../src/domain/echo.js';
import { MAX_VALIDATION_ISSUES } from '../src/domain/errors.js';
import { balanceOf, createTestApp, fundedKey, type TestContext } from './helpers/app.js';
import { cursorMembers, rewrittenCursor, signedCursor } from './helpers/cursors.js';
import { CITED_PATENTS, loadEdgeCorpus, PAGED_APPLICATIONS } from './helpers/edge-corpus.js';
import { rawExchange } from './helpers/raw-http.js';

/**
 * Every case the fuzzer found (a 500, or an error outside the spec's shape)
 * has its own test here. The seeded fuzz test (fuzz.test.ts) keeps looking for new ones.
 */
let ctx: TestContext;
let key: string;
let orgId: string;
beforeAll(async () => {
  ctx = await createTestApp();
  await loadEdgeCorpus(ctx.db);
  ({ apiKey: key, orgId } = await fundedKey(ctx, 'edges@example.com', 1000));
});
afterAll(async () => ctx?.close());

type Injected = Awaited<ReturnType<TestContext['app']['inject']>>;
const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers: { 'x-api-key': key, ...headers } });
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as string, headers: { 'x-api-key': key, ...headers } });
const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
/** Text signed with the deployment's key, as only a forger holding the key could send it. */
const signed = (content: unknown) => signedCursor(ctx.db, content);
/** A cursor the service issued, with members replaced (its scope key stays valid) and signed again. */
const forge = (cursor: string, members: Record<string, unknown>) => signed({ ...cursorMembers(cursor), ...members });

/** An error in the spec's shape that costs nothing; returns its body. */
function expectError(response: Injected, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['x-credits-charged']).toBe('0');
  expect(response.headers['x-credits-remaining']).toBeUndefined();
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json<{ error: string; message: string; detail?: unknown; request_id: string }>();
  expect(body.error).toBe(code);
  expect(typeof body.message).toBe('string');
  expect(Object.keys(body).every((member) => ['error', 'message', 'detail', 'request_id'].includes(member))).toBe(true);
  expect(body.request_id).toBe(response.headers['x-request-id']);
  return body;
}

function expectInvalid(response: Injected, loc: (string | number)[], type: string) {
  const body = expectError(response, 422, 'validation_error');
  const detail = body.detail as { loc: unknown[]; msg: string; type: string; input: unknown; ctx: unknown }[];
  for (const item of detail) expect(Object.keys(item).sort()).toEqual(['ctx', 'input', 'loc', 'msg', 'type']);
  expect(detail[0]).toMatchObject({ loc, type });
  return detail;
}

async function nextCursor(url: string): Promise<string> {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  const cursor = body.next_cursor ?? body.forward?.next_cursor;
  expect(typeof cursor).toBe('string');
  return cursor as string;
}

describe('forged cursors are a 422 on query.cursor, never a 500', () => {
  const [appA, appB] = PAGED_APPLICATIONS;
  const transactions = (number: string, cursor: string) => `/v1/applications/${number}/transactions?limit=1&cursor=${cursor}`;

  it('transactions: base64 of {"v":1,"d":"not-a-date","s":1}', async () => {
    const response = await get(transactions(appA, b64({ v: 1, d: 'not-a-date', s: 1 })));
    expect(expectInvalid(response, ['query', 'cursor'], 'cursor_invalid')[0]!.ctx).toEqual({});
  });

  it('transactions: an issued cursor whose date is no date, or year 0', async () => {
    const real = await nextCursor(`/v1/applications/${appA}/transactions?limit=1`);
    for (const d of ['not-a-date', '2023-02-30', '0000-01-01', '2023-1-01', 20230101]) {
      expectInvalid(await get(transactions(appA, await forge(real, { d }))), ['query', 'cursor'], 'cursor_invalid');
    }
  });

  it('transactions: a float, 1e308, a negative beyond int, a string or null where the integer belongs', async () => {
    const real = await nextCursor(`/v1/applications/${appA}/transactions?limit=1`);
    for (const s of [1.5, 1e308, -1e12, '1', null, [1], { n: 1 }]) {
      expectInvalid(await get(transactions(appA, await forge(real, { s }))), ['query', 'cursor'], 'cursor_invalid');
    }
  });

  it('transactions: 1e308 spelled in the JSON text, a missing member, an extra member', async () => {
    const real = await nextCursor(`/v1/applications/${appA}/transactions?limit=1`);
    const text = JSON.stringify(cursorMembers(real)).replace(/"s":\d+/, '"s":1e308');
    expectInvalid(await get(transactions(appA, await signed(text))), ['query', 'cursor'], 'cursor_invalid');
    const { s: _dropped, ...missing } = cursorMembers(real);
    expectInvalid(await get(transactions(appA, await signed(missing))), ['query', 'cursor'], 'cursor_invalid');
    expectInvalid(await get(transactions(appA, await forge(real, { x: 1 }))), ['query', 'cursor'], 'cursor_invalid');
  });

  it('transactions: not JSON, JSON that is no object, a NUL', async () => {
    const nul = await signed('{"v":3,"d":"\\u0000","s":1}');
    for (const cursor of ['bm9wZQ', b64('[1,2]'), b64('null'), b64('"x"'), b64('{"v":1,"d":"\\u0000","s":1}'), nul, '%00']) {
      const response = await get(transactions(appA, cursor));
      expect(response.statusCode).toBe(422);
      expect(response.json().detail[0].loc).toEqual(['query', 'cursor']);
    }
  });

  it('transactions: an issued cursor whose keyset was rewritten (signature kept), or that was issued before cursors were signed', async () => {
    const real = await nextCursor(`/v1/applications/${appA}/transactions?limit=1`);
    const { s } = cursorMembers(real) as { s: number };
    for (const changes of [{ s: s + 1 }, { s: 0 }, { d: '2099-01-01' }]) {
      expectInvalid(await get(transactions(appA, rewrittenCursor(real, changes))), ['query', 'cursor'], 'cursor_invalid');
    }
    const unsigned = b64({ ...cursorMembers(real), v: 2 });
    const detail = expectInvalid(await get(transactions(appA, unsigned)), ['query', 'cursor'], 'cursor_invalid');
    expect(detail[0]!.msg).toMatch(/start the listing again/);
  });

  it('transactions: a cursor minted for one application is refused on another', async () => {
    const minted = await nextCursor(`/v1/applications/${appA}/transactions?limit=1`);
    expect((await get(transactions(appA, minted))).statusCode).toBe(200);
    const detail = expectInvalid(await get(transactions(appB, minted)), ['query', 'cursor'], 'cursor_mismatch');
    expect(detail[0]).toMatchObject({ input: minted, ctx: {} });
  });

  it('transactions: a cursor minted for one since is refused with another', async () => {
    const minted = await nextCursor(`/v1/applications/${appA}/transactions?limit=1&since=2022-01-01`);
    expect((await get(`${transactions(appA, minted)}&since=2022-01-01`)).statusCode).toBe(200);
    expectInvalid(await get(`${transactions(appA, minted)}&since=2022-02-01`), ['query', 'cursor'], 'cursor_mismatch');
  });

  it('citations: a NUL or a lower-case number in the cursor; a cursor minted for another patent', async () => {
    const [cited, other] = CITED_PATENTS;
    const real = await nextCursor(`/v1/patents/${cited}/citations?direction=forward&limit=1`);
    const url = (patent: string, cursor: string) => `/v1/patents/${patent}/citations?direction=forward&limit=1&cursor=${cursor}`;
    expect((await get(url(cited, real))).statusCode).toBe(200);
    for (const n of ['\u0000', '11000001\u0000', 'd701016', '', 'x'.repeat(40), 11000001]) {
      expectInvalid(await get(url(cited, await forge(real, { n }))), ['query', 'cursor'], 'cursor_invalid');
    }
    expectInvalid(await get(url(other, real)), ['query', 'cursor'], 'cursor_mismatch');
  });

  it('search: a rank of 1e308, NaN-like text or a negative; a cursor minted for another query', async () => {
    const real = await nextCursor('/v1/search?q=clip&limit=1');
    expect((await get(`/v1/search?q=clip&limit=1&cursor=${real}`)).statusCode).toBe(200);
    for (const r of [1e308, -1, 'NaN', null]) {
      expectInvalid(await get(`/v1/search?q=clip&limit=1&cursor=${await forge(real, { r })}`), ['query', 'cursor'], 'cursor_invalid');
    }
    expectInvalid(await get(`/v1/search?q=battery&limit=1&cursor=${real}`), ['query', 'cursor'], 'cursor_mismatch');
    expectInvalid(await get(`/v1/search?q=clip&doc_type=grant&limit=1&cursor=${real}`), ['query', 'cursor'], 'cursor_mismatch');
    // A ranked cursor does not page the unranked (CPC only) list, and the other way round.
    const byCpc = await nextCursor('/v1/search?cpc=H01M&limit=1');
    expectInvalid(await get(`/v1/search?q=clip&limit=1&cursor=${byCpc}`), ['query', 'cursor'], 'cursor_invalid');
    expectInvalid(await get(`/v1/search?cpc=H01M&limit=1&cursor=${real}`), ['query', 'cursor'], 'cursor_invalid');
  });

  it('charges nothing for any of them', async () => {
    const before = await balanceOf(ctx, orgId);
    const responses = await Promise.all([
      get(transactions(appA, b64({ v: 1, d: 'not-a-date', s: 1 }))),
      get(`/v1/search?q=clip&cursor=${b64({ v: 2, k: 'x', r: 1e308, d: '2020-01-01', n: 'X' })}`),
    ]);
    for (const response of responses) expect(response.headers['x-credits-charged']).toBe('0');
    expect(await balanceOf(ctx, orgId)).toBe(before);
  });
});

describe('NUL characters and unpaired surrogates are a 422 and never reach SQL', () => {
  it('a NUL in q', async () => {
    const detail = expectInvalid(await get('/v1/search?q=clip%00battery'), ['query', 'q'], 'string_nul');
    expect(detail[0]).toEqual({
      loc: ['query', 'q'],
      msg: 'Text must not contain the NUL character (U+0000)',
      type: 'string_nul',
      input: 'clip\u0000battery',
      ctx: {},
    });
  });

  it('a NUL in agent_name: no organization is created', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/agent/signup',
      payload: { owner_email: 'nul@example.com', agent_name: 'agent\u0000007' },
    });
    expectInvalid(response, ['body', 'agent_name'], 'string_nul');
    const count = await ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM orgs WHERE owner_email = 'nul@example.com'");
    expect(count.rows[0]!.n).toBe(0);
  });

  it('a NUL in a key name', async () => {
    expectInvalid(await post('/keys', { name: 'build\u0000server' }), ['body', 'name'], 'string_nul');
  });

  it('an unpaired surrogate in a body string, a key of the body, an array item', async () => {
    const json = { 'content-type': 'application/json' };
    expectInvalid(await post('/keys', '{"name":"a\\ud800b"}', json), ['body', 'name'], 'string_unpaired_surrogate');
    expectInvalid(await post('/keys', '{"na\\udc00me":"a"}', json), ['body', 'na\udc00me'], 'string_unpaired_surrogate');
    const batch = await post('/v1/applications/status', '{"application_numbers":["17248024","\\udfff"]}', json);
    expectInvalid(batch, ['body', 'application_numbers', 1], 'string_unpaired_surrogate');
    // A well-formed pair (an emoji) is text like any other: the key is created.
    expect((await post('/keys', '{"name":"\\ud83d\\ude00"}', json)).statusCode).toBe(201);
    // ... and a well-formed pair in a key does not end the search before a bad member after it.
    expectInvalid(await post('/keys', '{"\\ud83d\\ude00":"a","name":"b\\ud800"}', json), ['body', 'name'], 'string_unpaired_surrogate');
  });

  it('a NUL in a path parameter and in a batch number', async () => {
    expectInvalid(await get('/v1/applications/17%0048024'), ['path', 'application_number'], 'string_nul');
    expectInvalid(await get('/v1/patents/1164%006472/claims'), ['path', 'patent_number'], 'string_nul');
    expectInvalid(
      await post('/v1/applications/status', { application_numbers: ['1724\u00008024'] }),
      ['body', 'application_numbers', 0],
      'string_nul',
    );
  });

  it('a NUL in the key header is a 422 on header.x-api-key', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/v1/applications/17248024', headers: { 'x-api-key': `${key}\u0000` } });
    expectInvalid(response, ['header', 'x-api-key'], 'string_nul');
  });
});

describe('dates PostgreSQL cannot store are a 422, never a 500', () => {
  it('a date in year 0000 (the date format lets it through, PostgreSQL refuses it) is a 422', async () => {
    const url = `/v1/applications/${PAGED_APPLICATIONS[0]}/transactions?since=0000-01-01`;
    expectInvalid(await get(url), ['query', 'since'], 'date_format');
    expectInvalid(await get('/v1/search?q=clip&filed_after=0000-12-31'), ['query', 'filed_after'], 'date_format');
    expect((await get(`/v1/applications/${PAGED_APPLICATIONS[0]}/transactions?since=0001-01-01`)).statusCode).toBe(200);
  });
});

describe('numbers not written in digits are a 422, never a 500', () => {
  it('limit=Infinity (Ajv coerces it to a number that passes integer and maximum) and limit=abc', async () => {
    expectInvalid(await get('/v1/search?q=clip&limit=Infinity'), ['query', 'limit'], 'number_parsing');
    expectInvalid(
      await get(`/v1/applications/${PAGED_APPLICATIONS[0]}/transactions?limit=-Infinity`),
      ['query', 'limit'],
      'number_parsing',
    );
    expectInvalid(await get('/v1/assignments?assignee=acme&limit=abc'), ['query', 'limit'], 'number_parsing');
    // A word in a text parameter is text, and digits in any notation are numbers.
    expect((await get('/v1/search?q=Infinity&limit=1e1')).statusCode).toBe(200);
  });
});

describe("the framework's own errors come out in the spec's shape with X-Credits-Charged: 0", () => {
  it('bad percent-encoding (%FF) in a path: 400 bad_request', async () => {
    for (const url of ['/v1/applications/%FF', '/v1/applications/17248024/transactions%FF', '/agent/%FF', '/%E0%A4%A']) {
      const body = expectError(await get(url), 400, 'bad_request');
      expect(body).toEqual({ error: 'bad_request', message: expect.stringContaining('percent-encoding'), request_id: expect.any(String) });
    }
  });

  it('a path parameter over 200 characters: 414 uri_too_long', async () => {
    expectError(await get(`/v1/applications/${'1'.repeat(201)}`), 414, 'uri_too_long');
    expectError(await get(`/v1/patents/${'1'.repeat(5000)}/claims`), 414, 'uri_too_long');
    // 200 characters are read, and refused as no number.
    expectInvalid(await get(`/v1/applications/${'1'.repeat(200)}`), ['path', 'application_number'], 'string_too_long');
  });

  it('a 5,000-deep JSON array is a 422 too_deep, not a stack overflow', async () => {
    const json = { 'content-type': 'application/json' };
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const detail = expectInvalid(await post('/v1/applications/status', deep, json), ['body'], 'too_deep');
    expect(detail[0]!.ctx).toEqual({ max_depth: 32 });
    expect(String(detail[0]!.input).length).toBeLessThanOrEqual(ECHO_STRING_CHARS + 1);
    const nested = `{"application_numbers":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    expectInvalid(await post('/v1/applications/status', nested, json), ['body'], 'too_deep');
    // Brackets inside strings do not count.
    const inString = await post('/agent/signup', `{"owner_email":"deep@example.com","agent_name":"${'['.repeat(150)}"}`, json);
    expect(inString.statusCode).toBe(201);
  });

  describe('over a real connection', () => {
    let port: number;
    beforeAll(async () => {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      port = (ctx.app.server.address() as { port: number }).port;
    });

    const raw = (request: string) => rawExchange(port, request);

    it('headers over the limit: 431 headers_too_large', async () => {
      const answer = await raw(`GET /health HTTP/1.1\r\nHost: x\r\nX-Filler: ${'a'.repeat(20_000)}\r\n\r\n`);
      expect(answer.status).toBe(431);
      expect(answer.headers['x-credits-charged']).toBe('0');
      // No request was read: the id is made up for the answer, and the body carries the same one.
      expect(JSON.parse(answer.body)).toEqual({
        error: 'headers_too_large',
        message: 'The request headers are too large.',
        request_id: answer.headers['x-request-id'],
      });
      expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('broken HTTP (a NUL in a header): 400 bad_request', async () => {
      const answer = await raw(`GET /v1/applications/17248024 HTTP/1.1\r\nHost: x\r\nX-API-KEY: ${key}\u0000\r\n\r\n`);
      expect(answer.status).toBe(400);
      expect(answer.headers['x-credits-charged']).toBe('0');
      expect(JSON.parse(answer.body)).toMatchObject({ error: 'bad_request' });
    });

    it('%FF over the wire, too', async () => {
      const answer = await raw(`GET /v1/applications/%FF HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect(answer.status).toBe(400);
      expect(answer.headers['x-credits-charged']).toBe('0');
      expect(JSON.parse(answer.body)).toMatchObject({ error: 'bad_request' });
    });
  });
});

describe('422 items', () => {
  it('echo a long input cut to a bounded size', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/agent/signup', payload: { owner_email: 'x'.repeat(100_000) } });
    const detail = expectInvalid(response, ['body', 'owner_email'], 'string_too_long');
    expect(detail[0]!.input).toBe(`${'x'.repeat(ECHO_STRING_CHARS)}…`);
    expect(response.body.length).toBeLessThan(2_000);
  });

  it('echo a large list cut, and list at most 50 problems', async () => {
    const numbers = Array.from({ length: 1000 }, () => 'y'.repeat(500));
    const response = await post('/v1/applications/status', { application_numbers: numbers });
    const detail = expectInvalid(response, ['body', 'application_numbers', 0], 'string_too_long');
    expect(detail).toHaveLength(MAX_VALIDATION_ISSUES);
    expect(response.body.length).toBeLessThan(MAX_VALIDATION_ISSUES * 600);
    const whole = await post('/v1/applications/status', { application_numbers: 'z'.repeat(300), extra: numbers });
    expect(JSON.stringify(whole.json().detail[0].input).length).toBeLessThanOrEqual(ECHO_BUDGET_CHARS + 50);
  });

  it('always carry {loc, msg, type, input, ctx}, ctx {} when there is no limit', async () => {
    const missing = expectInvalid(
      await ctx.app.inject({ method: 'POST', url: '/agent/signup', payload: {} }),
      ['body', 'owner_email'],
      'missing',
    );
    expect(missing[0]).toEqual({ loc: ['body', 'owner_email'], msg: 'Field required', type: 'missing', input: {}, ctx: {} });
    const number = expectInvalid(await get('/v1/applications/12-AB'), ['path', 'application_number'], 'application_number_format');
    expect(number[0]!.ctx).toEqual({});
  });
});
