import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, createTestApp, fundedKey, type TestContext } from './helpers/app.js';
import { CITED_PATENTS, loadEdgeCorpus, PAGED_APPLICATIONS } from './helpers/edge-corpus.js';

/**
 * A query parameter or body member a route does not take is a free 422 naming it (spec §7,
 * DESIGN.md D30), never ignored: `?limt=5` was once served as the default 100 rows and charged.
 */
let ctx: TestContext;
let key: string;
let orgId: string;
let listRoutes: string[];
type Injected = Awaited<ReturnType<TestContext['app']['inject']>>;
interface Issue {
  loc: (string | number)[];
  msg: string;
  type: string;
  input: unknown;
  ctx: Record<string, unknown>;
}

beforeAll(async () => {
  ctx = await createTestApp();
  await loadEdgeCorpus(ctx.db);
  ({ apiKey: key, orgId } = await fundedKey(ctx, 'unknown-parameters@example.com', 1_000));
  const doc = (await ctx.app.inject({ method: 'GET', url: '/openapi.json' })).json<{
    paths: Record<string, { get?: { parameters?: { in: string; name: string }[] } }>;
  }>();
  listRoutes = Object.entries(doc.paths)
    .filter(([, item]) => item.get?.parameters?.some((p) => p.in === 'query' && p.name === 'limit'))
    .map(([path]) => path);
});
afterAll(async () => ctx?.close());

const headers = () => ({ 'x-api-key': key });
const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: headers() });
const post = (url: string, payload: unknown) => ctx.app.inject({ method: 'POST', url, headers: headers(), payload: payload as object });
const transactions = `/v1/applications/${PAGED_APPLICATIONS[0]}/transactions`;

/** A free 422 `validation_error`; its items. */
function refused(response: Injected): Issue[] {
  expect(response.statusCode, response.body).toBe(422);
  expect(response.headers['x-credits-charged']).toBe('0');
  const body = response.json<{ error: string; detail: Issue[] }>();
  expect(body.error).toBe('validation_error');
  return body.detail;
}

describe('unknown query parameters', () => {
  it('?limt=5 on transactions: one item naming limt and the names taken, nothing charged; ?limit=5 serves 5 rows for 1 unit', async () => {
    const before = await balanceOf(ctx, orgId);
    expect(refused(await get(`${transactions}?limt=5`))).toEqual([
      {
        loc: ['query', 'limt'],
        msg: 'Unknown parameter: limt; allowed: since, limit, cursor',
        type: 'extra_forbidden',
        input: '5',
        ctx: { expected: ['since', 'limit', 'cursor'] },
      },
    ]);
    expect(await balanceOf(ctx, orgId)).toBe(before);

    const served = await get(`${transactions}?limit=5`);
    expect(served.statusCode, served.body).toBe(200);
    expect(served.json().transactions).toHaveLength(5);
    expect(served.headers['x-credits-charged']).toBe('1');
    expect(await balanceOf(ctx, orgId)).toBe(before - 1);
  });

  it('on each of the 14 list routes: 422 naming limt, the balance unchanged', async () => {
    expect(listRoutes).toHaveLength(14);
    const before = await balanceOf(ctx, orgId);
    for (const path of listRoutes) {
      const url = path
        .replace('{application_number}', PAGED_APPLICATIONS[0])
        .replace('{patent_number}', CITED_PATENTS[0])
        .replace(/\{[a-z_]+\}/g, 'x');
      const issues = refused(await get(`${url}?limt=5`));
      expect(issues.filter((issue) => issue.type === 'extra_forbidden')).toEqual([
        expect.objectContaining({ loc: ['query', 'limt'], msg: expect.stringMatching(/^Unknown parameter: limt; allowed: .*\blimit\b/) }),
      ]);
    }
    expect(await balanceOf(ctx, orgId)).toBe(before);
  });

  it('one item per unknown name, beside the other problems of the same request', async () => {
    const issues = refused(await get(`${transactions}?limt=5&curser=x&limit=5000&since=2022-01-01`));
    expect(issues.map((issue) => [issue.loc, issue.type])).toEqual(
      expect.arrayContaining([
        [['query', 'limt'], 'extra_forbidden'],
        [['query', 'curser'], 'extra_forbidden'],
        [['query', 'limit'], 'less_than_equal'],
      ]),
    );
    expect(issues).toHaveLength(3);
  });

  it('a route that takes no query parameters refuses any, data and account routes alike', async () => {
    const issues = refused(await get(`/v1/applications/${PAGED_APPLICATIONS[0]}?fields=status`));
    expect(issues).toEqual([
      {
        loc: ['query', 'fields'],
        msg: 'Unknown parameter: fields; this route takes no query parameters',
        type: 'extra_forbidden',
        input: 'status',
        ctx: { expected: [] },
      },
    ]);
    expect(refused(await get('/agent/me?verbose=1'))[0]).toMatchObject({ loc: ['query', 'verbose'], type: 'extra_forbidden' });
    expect((await get('/agent/me')).statusCode).toBe(200);
    // Public, but an API call, not an address other programs fetch.
    const signup = await ctx.app.inject({ method: 'POST', url: '/agent/signup?plan=pro', payload: { owner_email: 'new@example.com' } });
    expect(refused(signup)[0]).toMatchObject({ loc: ['query', 'plan'], type: 'extra_forbidden' });
  });

  it('public documents, the payer’s return page, the calendar feed and /mcp ignore their query string, as before', async () => {
    for (const url of [
      '/openapi.json?v=2',
      '/agents.md?nocache=1',
      '/health/ready?probe=lb',
      '/checkout/return?outcome=paid&utm_source=x',
    ]) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
    const calendar = await post('/v1/calendars', { name: 'docket', application_numbers: PAGED_APPLICATIONS[0] });
    expect(calendar.statusCode, calendar.body).toBe(201);
    const feed = await ctx.app.inject({ method: 'GET', url: `${new URL(calendar.json().url as string).pathname}?refresh=1` });
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.body).toMatch(/^BEGIN:VCALENDAR/);
    const mcp = await ctx.app.inject({
      method: 'POST',
      url: '/mcp?client=x',
      headers: { authorization: `Bearer ${key}`, accept: 'application/json, text/event-stream' },
      payload: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    });
    expect(mcp.statusCode, mcp.body).toBe(200);
    expect(mcp.json().result.tools.length).toBeGreaterThan(0);
  });
});

describe('unknown members of a JSON body', () => {
  it('POST /keys with a mistyped member: 422 naming it, no key minted', async () => {
    const issues = refused(await post('/keys', { nmae: 'ci' }));
    expect(issues).toEqual([
      {
        loc: ['body', 'nmae'],
        msg: 'Unknown member: nmae; allowed: name',
        type: 'extra_forbidden',
        input: 'ci',
        ctx: { expected: ['name'] },
      },
    ]);
    expect((await get('/keys')).json().keys).toHaveLength(1);
  });

  it('a batch with an unknown member and a monitor with one in a nested object: 422 at its place, nothing charged', async () => {
    const before = await balanceOf(ctx, orgId);
    expect(refused(await post('/v1/applications/status', { application_numbers: [PAGED_APPLICATIONS[0]], full: true }))).toEqual([
      {
        loc: ['body', 'full'],
        msg: 'Unknown member: full; allowed: application_numbers',
        type: 'extra_forbidden',
        input: true,
        ctx: { expected: ['application_numbers'] },
      },
    ]);
    const monitor = { targets: { patent_numbrs: [CITED_PATENTS[0]] }, webhook_url: 'https://hooks.example.com/x' };
    expect(refused(await post('/v1/monitors', monitor))[0]).toMatchObject({
      loc: ['body', 'targets', 'patent_numbrs'],
      msg: 'Unknown member: patent_numbrs; allowed: application_numbers, patent_numbers, entity_ids',
      type: 'extra_forbidden',
    });
    expect(await balanceOf(ctx, orgId)).toBe(before);
    const served = await post('/v1/applications/status', { application_numbers: [PAGED_APPLICATIONS[0]] });
    expect(served.statusCode, served.body).toBe(200);
  });

  it("an MCP tool's unknown argument: the tool's error result naming it, free", async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { authorization: `Bearer ${key}`, accept: 'application/json, text/event-stream' },
      payload: {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'get_application_timeline', arguments: { application_number: PAGED_APPLICATIONS[0], limt: 5 } },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['x-credits-charged']).toBe('0');
    const result = response.json<{ result: { isError: boolean; content: { text: string }[] } }>().result;
    expect(result.isError).toBe(true);
    expect(JSON.parse(result.content[0]!.text)).toMatchObject({
      error: 'validation_error',
      detail: [{ loc: ['body', 'limt'], msg: expect.stringMatching(/^Unknown member: limt\b/), type: 'extra_forbidden', input: 5 }],
    });
  });
});
