import { once } from 'node:events';
import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '../src/domain/errors.js';
import { buildMetricsServer } from '../src/http/metrics-server.js';
import { within } from '../src/http/time-limit.js';
import { balanceOf, createTestApp, fundedKey, type TestContext } from './helpers/app.js';
import { CITED_PATENTS, loadEdgeCorpus, PAGED_APPLICATIONS } from './helpers/edge-corpus.js';
import { type FuzzTool, mcpRequestsFor } from './helpers/fuzz-mcp.js';
import { type FuzzContext, type FuzzOperation, type FuzzRequest, type FuzzSchema, requestsFor } from './helpers/fuzz-requests.js';
import { rawExchange } from './helpers/raw-http.js';

/**
 * A seeded, bounded fuzz of every operation /openapi.json lists (a route added
 * later is fuzzed with no change here). Each operation gets RUNS invalid or edge-case requests;
 * none may answer 5xx (but a documented 503 billing_not_configured), every error is in the spec's
 * shape and costs nothing, and the balance drops by exactly the charges reported.
 */
const SEED = 20_261_122;
const RUNS = 200;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const CODES = new Set(Object.keys(ERROR_CATALOGUE));

interface Document {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: FuzzOperation['parameters'];
        requestBody?: { content?: Record<string, { schema?: FuzzSchema }> };
        security?: unknown[];
      }
    >
  >;
  components?: { schemas?: Record<string, FuzzSchema> };
}
type McpOperation = { 'x-mcp-tools'?: FuzzTool[] };

async function issuedCursor(ctx: TestContext, url: string, key: string): Promise<string> {
  const body = (await ctx.app.inject({ method: 'GET', url, headers: { 'x-api-key': key } })).json();
  const cursor = body.next_cursor ?? body.forward?.next_cursor;
  if (typeof cursor !== 'string') throw new Error(`no cursor from ${url}`);
  return cursor;
}

/**
 * The app, a funded key, the served document and a cursor of each paged list: built before
 * collection (one test per operation), where vitest's hook limit does not reach, so bounded here.
 */
async function prepare() {
  const ctx = await createTestApp();
  await loadEdgeCorpus(ctx.db);
  const funded = await fundedKey(ctx, 'fuzz@example.com', 1_000_000);
  const doc = (await ctx.app.inject({ method: 'GET', url: '/openapi.json' })).json<Document>();
  const cursors = await Promise.all([
    issuedCursor(ctx, `/v1/applications/${PAGED_APPLICATIONS[0]}/transactions?limit=1`, funded.apiKey),
    issuedCursor(ctx, `/v1/patents/${CITED_PATENTS[0]}/citations?direction=forward&limit=1`, funded.apiKey),
    issuedCursor(ctx, '/v1/search?q=clip&limit=1', funded.apiKey),
    issuedCursor(ctx, '/v1/search?cpc=H01M&limit=1', funded.apiKey),
  ]);
  return { ctx, funded, doc, cursors };
}

const { ctx, funded, doc, cursors } = await within(prepare(), 120_000);
const operations: FuzzOperation[] = Object.entries(doc.paths).flatMap(([path, item]) =>
  METHODS.filter((method) => item[method]).map((method) => ({
    method: method.toUpperCase(),
    path,
    parameters: item[method]!.parameters ?? [],
    body: item[method]!.requestBody?.content?.['application/json']?.schema ?? null,
  })),
);
const context: FuzzContext = {
  key: funded.apiKey,
  schemas: doc.components?.schemas ?? {},
  cursors,
};
const tools = ((doc.paths['/mcp']?.post ?? {}) as McpOperation)['x-mcp-tools'] ?? [];
afterAll(async () => ctx.close());

/** Everything a response must satisfy, whatever was sent; returns the units it charged. */
function check(request: FuzzRequest, response: Awaited<ReturnType<TestContext['app']['inject']>>): number {
  const where = `${request.method} ${request.url.slice(0, 300)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
  const charged = response.headers['x-credits-charged'];
  expect(charged, where).toMatch(/^\d+$/);
  if (response.statusCode < 400) {
    if (Number(charged) > 0) expect(response.headers['x-credits-remaining'], where).toMatch(/^\d+$/);
    return Number(charged);
  }
  const body = response.json<Record<string, unknown>>();
  const documented503 = response.statusCode === 503 && body.error === 'billing_not_configured';
  expect(response.statusCode < 500 || documented503, where).toBe(true);
  expect(charged, where).toBe('0');
  expect(response.headers['x-credits-remaining'], where).toBeUndefined();
  expect(response.headers['content-type'], where).toMatch(/^application\/json/);
  expect(CODES.has(String(body.error)), where).toBe(true);
  expect(ERROR_CATALOGUE[body.error as keyof typeof ERROR_CATALOGUE].status, where).toBe(response.statusCode);
  expect(typeof body.message, where).toBe('string');
  const allowed =
    body.error === 'payment_required'
      ? ['error', 'message', 'checkout', 'minimum_usd', 'request_id']
      : ['error', 'message', 'detail', 'request_id'];
  expect(body.request_id, where).toBe(response.headers['x-request-id']);
  expect(
    Object.keys(body).filter((member) => !allowed.includes(member)),
    where,
  ).toEqual([]);
  if (body.error === 'validation_error') {
    const detail = body.detail as Record<string, unknown>[];
    expect(Array.isArray(detail) && detail.length > 0, where).toBe(true);
    for (const item of detail) {
      expect(Object.keys(item).sort(), where).toEqual(['ctx', 'input', 'loc', 'msg', 'type']);
      expect(['path', 'query', 'body', 'header']).toContain((item.loc as unknown[])[0]);
      expect(typeof item.ctx === 'object' && item.ctx !== null && !Array.isArray(item.ctx), where).toBe(true);
      expect(JSON.stringify(item.input).length, where).toBeLessThan(1_300);
    }
  }
  return 0;
}

describe('fuzzing every operation of /openapi.json', () => {
  it('covers every operation the document lists', () => {
    expect(operations.length).toBeGreaterThanOrEqual(17);
  });

  it.each(operations.map((operation, index) => ({ name: `${operation.method} ${operation.path}`, operation, index })))(
    `$name: ${RUNS} invalid or edge-case requests, no 5xx, errors in shape and free, charges add up`,
    async ({ operation, index }) => {
      const before = await balanceOf(ctx, funded.orgId);
      let sent = 0;
      let charged = 0;
      await fc.assert(
        fc.asyncProperty(requestsFor(operation, context), async (request) => {
          const response = await ctx.app.inject(request);
          sent += 1;
          charged += checkAnswer(request, response);
        }),
        { seed: SEED + index, numRuns: RUNS, endOnFailure: true },
      );
      expect(sent).toBe(RUNS);
      expect(before - (await balanceOf(ctx, funded.orgId))).toBe(charged);
    },
  );
});

/** A JSON-RPC answer of /mcp: never an internal error, neither as the protocol's −32603 nor as a tool's internal_error result. */
function checkMcp(request: FuzzRequest, response: Awaited<ReturnType<TestContext['app']['inject']>>): void {
  if (response.statusCode !== 200) return;
  const where = `${request.payload?.slice(0, 300)} → ${response.body.slice(0, 300)}`;
  const answer = response.json<{
    error?: { code: number; message: string };
    result?: { isError?: boolean; content?: { text: string }[] };
  }>();
  if (answer.error) {
    expect(answer.error.code, where).not.toBe(-32603);
    expect(answer.error.message.length, where).toBeLessThan(300);
  }
  // An error result's first text is the REST error body.
  if (answer.result?.isError) expect(JSON.parse(answer.result.content![0]!.text).error, where).not.toBe('internal_error');
}

/** /mcp refuses an exchange it cannot read in JSON-RPC's terms; every other answer is REST's. */
const checkAnswer = (request: FuzzRequest, response: Awaited<ReturnType<TestContext['app']['inject']>>) =>
  request.url.startsWith('/mcp') && [400, 403, 413, 415].includes(response.statusCode)
    ? checkJsonRpcRefusal(response)
    : check(request, response);

/** A message /mcp refuses before any method sees it: a 4xx with JSON-RPC's −32700 or −32600, free. */
function checkJsonRpcRefusal(response: Awaited<ReturnType<TestContext['app']['inject']>>): number {
  expect(response.headers['x-credits-charged'], response.body).toBe('0');
  const answer = response.json<{ jsonrpc: string; error: { code: number; message: string } }>();
  expect(answer.jsonrpc, response.body).toBe('2.0');
  expect([-32700, -32600], response.body).toContain(answer.error.code);
  expect(answer.error.message.length, response.body).toBeLessThan(300);
  return 0;
}

describe('fuzzing every MCP tool of x-mcp-tools', () => {
  it('lists the tools', () => {
    expect(tools.length).toBeGreaterThanOrEqual(8);
  });

  it(`${RUNS * 2} tools/call messages with edge-case arguments or params no method takes: no 5xx, no internal error, charges add up`, async () => {
    const before = await balanceOf(ctx, funded.orgId);
    let charged = 0;
    await fc.assert(
      fc.asyncProperty(mcpRequestsFor(tools, context), async (request) => {
        const response = await ctx.app.inject(request);
        charged += checkAnswer(request, response);
        checkMcp(request, response);
      }),
      { seed: SEED - 1, numRuns: RUNS * 2, endOnFailure: true },
    );
    expect(before - (await balanceOf(ctx, funded.orgId))).toBe(charged);
  });
});

describe('methods Fastify never sees', () => {
  /** Three CONNECTs over real connections: each a 405 in the error shape, then the connection closed by the server. */
  async function refusesConnect(port: number): Promise<void> {
    for (const target of ['example.com:443', '/v1/search', '127.0.0.1:5432']) {
      const answer = await rawExchange(port, `CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\nX-Request-Id: fuzz-connect\r\n\r\n`);
      expect(answer.status).toBe(405);
      expect(answer.headers['x-credits-charged']).toBe('0');
      expect(answer.headers.allow).toBe('GET, HEAD, POST, DELETE');
      expect(JSON.parse(answer.body)).toEqual({
        error: 'method_not_allowed',
        message: expect.stringContaining('CONNECT'),
        request_id: 'fuzz-connect',
      });
    }
  }

  let port: number;
  beforeAll(async () => {
    port = Number(new URL(await ctx.app.listen({ port: 0, host: '127.0.0.1' })).port);
  });

  it('CONNECT on serve', async () => {
    await refusesConnect(port);
  });

  it("CONNECT on a worker's metrics listener", async () => {
    const server = await buildMetricsServer({ config: ctx.config, db: ctx.db, notifier: { send: async () => undefined } });
    try {
      const address = await server.listen({ port: 0, host: '127.0.0.1' });
      await refusesConnect(Number(new URL(address).port));
    } finally {
      await server.close();
    }
  });

  it('a CONNECT client that never closes its side holds a graceful shutdown 5 s at the most', async () => {
    const server = await buildMetricsServer({ config: ctx.config, db: ctx.db, notifier: { send: async () => undefined } });
    const address = await server.listen({ port: 0, host: '127.0.0.1' });
    const socket = connect({ port: Number(new URL(address).port), host: '127.0.0.1', allowHalfOpen: true });
    try {
      socket.on('error', () => undefined);
      socket.write('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com\r\n\r\n');
      socket.resume();
      await once(socket, 'end');
      const started = Date.now();
      await server.close();
      expect(Date.now() - started).toBeLessThan(7_000);
    } finally {
      socket.destroy();
    }
  }, 20_000);
});
