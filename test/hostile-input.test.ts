import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCursorSecret } from '../src/db/cursor-secret.sql.js';
import { openPostgres } from '../src/db/postgres-engine.js';
import { buildApp, type App } from '../src/http/app.js';
import { buildServices } from '../src/services.js';
import { createTestApp, fundedKey, type TestContext } from './helpers/app.js';
import { cursorMembers, rewrittenCursor, signCursor } from './helpers/cursors.js';
import { CITED_PATENTS, loadEdgeCorpus, PAGED_APPLICATIONS } from './helpers/edge-corpus.js';

/**
 * Input that reached the database or the engine as something it could not take: numbers too
 * large for JavaScript (`limit=1e309` became Infinity past the digits guard), digits of other
 * scripts folded to ASCII, runs of search operators PostgreSQL's parser cannot stack, JSON-RPC
 * params the MCP SDK refused as an internal error, and cursors rewritten by their holder.
 */
let ctx: TestContext;
let key: string;
type Injected = Awaited<ReturnType<App['inject']>>;
interface Operation {
  parameters?: { name: string; in: string }[];
}
interface McpTool {
  name: string;
  input_schema: { properties: Record<string, unknown> };
}
let listRoutes: string[];
let tools: McpTool[];

beforeAll(async () => {
  ctx = await createTestApp();
  await loadEdgeCorpus(ctx.db);
  key = (await fundedKey(ctx, 'hostile@example.com', 100_000)).apiKey;
  const doc = (await ctx.app.inject({ method: 'GET', url: '/openapi.json' })).json<{ paths: Record<string, Record<string, Operation>> }>();
  listRoutes = Object.entries(doc.paths)
    .filter(([, item]) => item.get?.parameters?.some((p) => p.in === 'query' && p.name === 'limit'))
    .map(([path]) => path);
  tools = (doc.paths['/mcp']!.post as { 'x-mcp-tools': McpTool[] })['x-mcp-tools'];
});
afterAll(async () => ctx?.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { 'x-api-key': key } });

/** A 422 in the spec's shape, free; returns its first item. */
function invalid(response: Injected, loc: (string | number)[], type: string) {
  expect(response.statusCode, response.body).toBe(422);
  expect(response.headers['x-credits-charged']).toBe('0');
  const body = response.json<{ error: string; detail: { loc: unknown[]; type: string; msg: string; input: unknown; ctx: unknown }[] }>();
  expect(body.error).toBe('validation_error');
  expect(body.detail[0]).toMatchObject({ loc, type });
  return body.detail[0]!;
}

/** A JSON-RPC message to /mcp, the endpoint's own path; the answer and the charge. */
async function mcp(method: string, params?: unknown) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/mcp',
    headers: { authorization: `Bearer ${key}`, accept: 'application/json, text/event-stream' },
    payload: { jsonrpc: '2.0', id: 7, method, ...(params === undefined ? {} : { params }) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { answer: response.json(), charged: response.headers['x-credits-charged'] };
}

/** An error result's REST body: its first text (error results carry no structuredContent, which would have to match the tool's outputSchema). */
const errorBodyOf = (result: { content: { text: string }[] }) => JSON.parse(result.content[0]!.text) as Record<string, unknown>;

/** A route of the document with its path parameters filled from the edge corpus. */
const filled = (path: string) =>
  path
    .replace('{application_number}', PAGED_APPLICATIONS[0])
    .replace('{patent_number}', CITED_PATENTS[0])
    .replace(/\{[a-z_]+\}/g, 'x');

describe('numbers too large, too small or not in digits are a 422 on every route and tool', () => {
  it('limit=1e309 (Infinity once read) on each of the 14 list routes: 422 finite_number, nothing charged', async () => {
    expect(listRoutes).toHaveLength(14);
    for (const path of listRoutes) {
      const detail = invalid(await get(`${filled(path)}?limit=1e309`), ['query', 'limit'], 'finite_number');
      expect(detail.input).toBe('1e309');
    }
  });

  it('huge, tiny, negative zero, hex and other scripts in limit', async () => {
    const url = (limit: string) => `/v1/search?q=clip&limit=${encodeURIComponent(limit)}`;
    for (const limit of ['1e309', '-1e309', '9007199254740993']) invalid(await get(url(limit)), ['query', 'limit'], 'finite_number');
    for (const limit of ['-0', '1e-400']) invalid(await get(url(limit)), ['query', 'limit'], 'greater_than_equal');
    for (const limit of ['0x10', '\uff11\uff10', '\u{1d7cf}\u{1d7ce}', '\u0661\u0660'])
      invalid(await get(url(limit)), ['query', 'limit'], 'number_parsing');
    // Digits in any notation JavaScript reads exactly are still numbers.
    expect((await get(url('1e1'))).statusCode).toBe(200);
  });

  it('each MCP tool with a limit, given 1e309 (Infinity once parsed) or the text "1e309": an isError result with the 422 body, free', async () => {
    const required: Record<string, Record<string, unknown>> = {
      get_application_timeline: { application_number: PAGED_APPLICATIONS[0] },
      get_assignments: { application_number: PAGED_APPLICATIONS[0] },
      get_office_actions: { application_number: PAGED_APPLICATIONS[0] },
      search_patents: { q: 'clip' },
      search_entities: { q: 'acme' },
      list_entity_applications: { entity_id: 'ent_x' },
      get_deadlines: { application_numbers: PAGED_APPLICATIONS[0] },
      get_events: {},
    };
    const withLimit = tools.filter((tool) => 'limit' in tool.input_schema.properties).map((tool) => tool.name);
    expect(withLimit.sort()).toEqual(Object.keys(required).sort());
    for (const name of withLimit) {
      // The number: read as Infinity, past the schema's `maximum`.
      const call = JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name, arguments: required[name] } });
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/mcp',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        payload: call.replace(/}}}$/, `${Object.keys(required[name]!).length ? ',' : ''}"limit":1e309}}}`),
      });
      const result = response.json().result;
      expect(result.isError, name).toBe(true);
      expect(errorBodyOf(result), name).toMatchObject({
        error: 'validation_error',
        detail: [{ loc: ['body', 'limit'], type: 'less_than_equal', input: 'Infinity' }],
      });
      expect(response.headers['x-credits-charged']).toBe('0');
      // The text: arguments are JSON, never coerced, so a string is no integer.
      const { answer, charged } = await mcp('tools/call', { name, arguments: { ...required[name], limit: '1e309' } });
      expect(answer.result.isError, name).toBe(true);
      expect(errorBodyOf(answer.result), name).toMatchObject({
        error: 'validation_error',
        detail: [{ loc: ['body', 'limit'], type: 'integer_type', input: '1e309' }],
      });
      expect(charged).toBe('0');
    }
  });
});

describe('numbers in a JSON body: the text "1e309" is coerced to Infinity, the number 1e309 parses as Infinity', () => {
  const checkout = (payload: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/agent/checkout-link',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      payload,
    });

  it('in a REST body: a 422 on the member, after coercion or from the validator itself', async () => {
    expect(invalid(await checkout('{"amount_usd":"1e309"}'), ['body', 'amount_usd'], 'finite_number').input).toBe('Infinity');
    invalid(await checkout('{"amount_usd":1e309}'), ['body', 'amount_usd'], 'integer_type');
    invalid(await checkout('{"amount_usd":1e20}'), ['body', 'amount_usd'], 'less_than_equal');
  });

  it("in an MCP tool's arguments: the tool's error result (HTTP 200), not an HTTP 422, free", async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { authorization: `Bearer ${key}`, accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
      payload: '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"search_entities","arguments":{"q":"acme","limit":1e20}}}',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['x-credits-charged']).toBe('0');
    expect(response.json().result.isError).toBe(true);
    expect(errorBodyOf(response.json().result)).toMatchObject({
      error: 'validation_error',
      detail: [{ loc: ['body', 'limit'], type: 'less_than_equal' }],
    });
  });
});

describe('digits of other scripts are no digits in numbers', () => {
  const scripts = { fullwidth: 0xff10, 'mathematical bold': 0x1d7ce, 'Arabic-Indic': 0x0660 };
  const write = (text: string, zero: number) => text.replace(/[0-9]/g, (digit) => String.fromCodePoint(zero + Number(digit)));

  it.each(Object.entries(scripts))('%s: a 422 on the number in every path, in a batch and in an MCP tool', async (_script, zero) => {
    const paths = [
      { url: '/v1/applications/{n}', name: 'application_number', value: PAGED_APPLICATIONS[0] },
      { url: '/v1/applications/{n}/transactions', name: 'application_number', value: PAGED_APPLICATIONS[0] },
      { url: '/v1/patents/{n}', name: 'patent_number', value: CITED_PATENTS[0] },
      { url: '/v1/patents/D{n}/claims', name: 'patent_number', value: '701016' },
      { url: '/v1/publications/{n}', name: 'publication_number', value: 'US20210000042A1' },
      { url: '/v1/ptab/{n}', name: 'trial_number', value: 'IPR2022-00037' },
    ];
    for (const { url, name, value } of paths) {
      invalid(await get(url.replace('{n}', encodeURIComponent(write(value, zero)))), ['path', name], `${name}_format`);
    }
    const batch = await ctx.app.inject({
      method: 'POST',
      url: '/v1/applications/status',
      headers: { 'x-api-key': key },
      payload: { application_numbers: [PAGED_APPLICATIONS[0], write(PAGED_APPLICATIONS[0], zero)] },
    });
    expect(batch.json().invalid).toEqual([write(PAGED_APPLICATIONS[0], zero)]);
    const { answer } = await mcp('tools/call', {
      name: 'get_application_status',
      arguments: { application_number: write(PAGED_APPLICATIONS[0], zero) },
    });
    expect(errorBodyOf(answer.result)).toMatchObject({ error: 'validation_error' });
  });
});

describe('search input the engine cannot parse', () => {
  it('33 dashes, or dashes with spaces, quotes or brackets between them: 422 too_many_exclusions with the reason', async () => {
    for (const q of ['-'.repeat(33), '- '.repeat(40), '-"'.repeat(40), '-('.repeat(40), `clip ${'-x '.repeat(17)}`]) {
      const detail = invalid(await get(`/v1/search?q=${encodeURIComponent(q)}`), ['query', 'q'], 'too_many_exclusions');
      expect(detail.msg).toMatch(/at most 16/);
    }
    expect((await get(`/v1/search?q=${encodeURIComponent(`clip ${'-x '.repeat(16)}`)}`)).statusCode).toBe(200);
  });

  it('any mix of operators, quotes, brackets and words is a page or a 422, never a 500', async () => {
    const piece = fc.constantFrom(
      '-',
      ' ',
      '"',
      "'",
      '(',
      ')',
      '!',
      '&',
      '|',
      '<->',
      '<2>',
      ':*',
      'or',
      'and',
      'clip',
      'battery',
      'the',
      ',',
      '\\',
      'é',
      '😀',
      '-"',
      '- ',
    );
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { minLength: 1, maxLength: 200 }), async (pieces) => {
        const q = pieces.join('').slice(0, 500);
        const response = await get(`/v1/search?q=${encodeURIComponent(q)}&limit=3`);
        expect([200, 400, 422], `${q} → ${response.body.slice(0, 200)}`).toContain(response.statusCode);
      }),
      { seed: 33, numRuns: 150 },
    );
  });
});

describe('MCP params no method takes: JSON-RPC −32602 with a short message, on /mcp', () => {
  it.each([
    ['tools/call', { name: 'get_application_status', arguments: 'x' }, /params\.arguments/],
    ['tools/call', { name: 'get_application_status', arguments: [1] }, /params\.arguments/],
    ['tools/call', { name: 5 }, /params\.name/],
    ['tools/call', undefined, /params/],
    ['tools/list', { cursor: 5 }, /params\.cursor/],
    ['initialize', { x: 1 }, /params\.protocolVersion/],
  ])('%s with %j', async (method, params, names) => {
    const { answer, charged } = await mcp(method, params);
    expect(answer).toEqual({ jsonrpc: '2.0', id: 7, error: { code: -32602, message: expect.stringMatching(names) } });
    expect(answer.error.message.length).toBeLessThan(200);
    expect(answer.error.message).not.toMatch(/[[{\n]/);
    expect(charged).toBe('0');
  });

  it('a method the server does not have is still −32601, and a well-formed call still works', async () => {
    expect((await mcp('resources/list', {})).answer.error.code).toBe(-32601);
    const { answer } = await mcp('tools/call', {
      name: 'get_application_status',
      arguments: { application_number: PAGED_APPLICATIONS[0] },
    });
    expect(answer.result.isError ?? false).toBe(false);
  });
});

describe('cursors are signed with the deployment key', () => {
  const transactions = (cursor: string) => `/v1/applications/${PAGED_APPLICATIONS[0]}/transactions?limit=1&cursor=${cursor}`;
  const issued = async (url: string) => {
    const body = (await get(url)).json();
    return (body.next_cursor ?? body.forward?.next_cursor) as string;
  };

  it('a rewritten keyset is a 422 on query.cursor on every kind of list', async () => {
    const lists = [
      { url: `/v1/applications/${PAGED_APPLICATIONS[0]}/transactions?limit=1`, change: { s: 0 } },
      { url: `/v1/patents/${CITED_PATENTS[0]}/citations?direction=forward&limit=1`, change: { d: '2099-01-01' } },
      { url: '/v1/search?q=clip&limit=1', change: { r: 0.5 } },
      { url: '/v1/search?cpc=H01M&limit=1', change: { n: '11000001' } },
    ];
    for (const { url, change } of lists) {
      const cursor = await issued(url);
      expect((await get(`${url}&cursor=${cursor}`)).statusCode).toBe(200);
      invalid(await get(`${url}&cursor=${rewrittenCursor(cursor, change)}`), ['query', 'cursor'], 'cursor_invalid');
    }
  });

  it("another deployment's cursor, and one signed before cursors were (version 2), ask to start the listing again", async () => {
    const real = await issued(`/v1/applications/${PAGED_APPLICATIONS[0]}/transactions?limit=1`);
    const elsewhere = signCursor('another deployment, another key', cursorMembers(real));
    expect(invalid(await get(transactions(elsewhere)), ['query', 'cursor'], 'cursor_invalid').msg).toMatch(/start the listing again/);
    const unsigned = Buffer.from(JSON.stringify({ ...cursorMembers(real), v: 2 })).toString('base64url');
    invalid(await get(transactions(unsigned)), ['query', 'cursor'], 'cursor_invalid');
  });

  it('a second server on the same database, with its own connections, accepts the first one’s cursors', async () => {
    // On the server engine the second app opens its own pool, as a second process would; PGlite has one process only.
    const db = ctx.url === null ? ctx.db : openPostgres({ connectionString: ctx.url });
    const other = await buildApp(buildServices({ config: ctx.config, db, notifier: { send: async () => undefined } }));
    try {
      const cursor = await issued(`/v1/applications/${PAGED_APPLICATIONS[0]}/transactions?limit=1`);
      const there = await other.inject({ method: 'GET', url: transactions(cursor), headers: { 'x-api-key': key } });
      expect(there.statusCode, there.body).toBe(200);
      expect(there.json().transactions).toHaveLength(1);
    } finally {
      await other.close();
      if (db !== ctx.db) await db.close();
    }
  });

  it('the key is the database’s: 64 hex digits made by the migration, and the server signs with it', async () => {
    const secret = await readCursorSecret(ctx.db);
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    const real = await issued(`/v1/applications/${PAGED_APPLICATIONS[0]}/transactions?limit=1`);
    expect(signCursor(secret, cursorMembers(real))).toBe(real);
  });
});
