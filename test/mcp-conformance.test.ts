import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNTH_DEFAULTS } from '@patent-status/synth';
import { loadFileWrapper } from '../src/products/file-wrapper/load.js';
import { balanceOf, createTestApp, fundedKey, signUp, type TestContext } from './helpers/app.js';
import { ROOT } from './helpers/cli.js';
import { fullRecord, itemsOf } from './helpers/file-wrapper-records.js';

/**
 * MCP's streamable HTTP transport as the specification (2025-06-18 and later) has it, through the
 * SDK's client and the MCP Inspector's CLI on a real port: JSON-RPC errors for what is not one
 * message, Origin checked, 401 for a key, and every tool failure (no credit, a wrong type) a free
 * isError result.
 */
const APPLICATION = '17555001';
let ctx: TestContext;
let base: string;
let funded: { apiKey: string; orgId: string };

async function connect(apiKey: string): Promise<Client> {
  const mcp = new Client({ name: 'patent-status-conformance', version: '1.0.0' });
  await mcp.connect(
    new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${apiKey}` } } }),
  );
  return mcp;
}

/** What /mcp answers: a JSON-RPC response, or REST's error body for a key. */
interface Answer {
  jsonrpc?: string;
  id?: unknown;
  result?: { tools: unknown[]; isError?: boolean };
  error?: { code: number; message: string; data?: unknown };
}

/** One POST of a raw body, as a client that is not the SDK would send it. */
async function post(body: string, headers: Record<string, string> = {}, apiKey = funded.apiKey) {
  const response = await fetch(`${base}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}`, ...headers },
    body,
  });
  return {
    status: response.status,
    charged: response.headers.get('x-credits-charged'),
    body: (await response.json()) as Answer,
  };
}

const toolsList = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });

beforeAll(async () => {
  ctx = await createTestApp();
  funded = await fundedKey(ctx, 'conformance@example.com', 1_000);
  await loadFileWrapper(ctx.db, itemsOf([fullRecord(APPLICATION)]), {
    product: 'PTFWPRD',
    fileName: 'one.json',
    fileDate: SYNTH_DEFAULTS.asOf,
  });
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(async () => ctx?.close());

describe('MCP transport conformance', () => {
  it('answers a body that is no JSON with a JSON-RPC parse error (−32700, id null, HTTP 400)', async () => {
    const answer = await post('{"jsonrpc": "2.0", "id": 1, "method": ');
    expect(answer.status).toBe(400);
    expect(answer.charged).toBe('0');
    expect(answer.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700, data: { error: 'invalid_json' } } });
  });

  it('answers a batch and what is no JSON-RPC message with −32600 Invalid Request (HTTP 400), the id echoed where one was read', async () => {
    const batch = await post(`[${toolsList},${toolsList}]`);
    expect(batch.status).toBe(400);
    expect(batch.body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringMatching(/batch/) } });
    for (const [body, id] of [
      ['{"hello": "world"}', null],
      ['"tools/list"', null],
      ['{"jsonrpc": "1.0", "id": 7, "method": "tools/list"}', 7],
      ['{"jsonrpc": "2.0", "id": "a", "method": 5}', 'a'],
    ] as const) {
      const answer = await post(body);
      expect(answer.status, body).toBe(400);
      expect(answer.body, body).toEqual({
        jsonrpc: '2.0',
        id,
        error: { code: -32600, message: expect.stringMatching(/^Invalid Request/) },
      });
    }
    const version = await post(toolsList, { 'mcp-protocol-version': '1999-01-01' });
    expect(version.status).toBe(400);
    expect(version.body).toMatchObject({ id: 1, error: { code: -32600, message: expect.stringContaining('1999-01-01') } });
  });

  it('refuses a browser Origin that is not allowed with 403 before reading the key; allows its own, loopback and none', async () => {
    for (const origin of ['https://evil.example', 'null', 'http://localhost.evil.example']) {
      for (const key of [funded.apiKey, 'pss_no_such_key_000000000000000']) {
        const refused = await post(toolsList, { origin }, key);
        expect(refused.status, origin).toBe(403);
        expect(refused.body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringContaining('origin') } });
      }
    }
    // createTestApp's PUBLIC_BASE_URL is https://patents.example.test; the Inspector's page is on localhost.
    for (const origin of ['https://patents.example.test', 'http://localhost:6274', 'http://127.0.0.1:3000', undefined]) {
      const allowed = await post(toolsList, origin ? { origin } : {});
      expect(allowed.status, origin).toBe(200);
      expect(allowed.body.result!.tools).toHaveLength(12);
    }
  });

  it('keeps 401 for a missing or wrong key (the transport leaves authentication to HTTP)', async () => {
    await expect(connect('pss_wrong_key_0000000000000000')).rejects.toThrow(/invalid_api_key/);
    const anonymous = await fetch(`${base}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: toolsList });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: 'invalid_api_key' });
  });

  it("answers an unfunded org's tool call as an isError result with the 402 body and how to buy credit, HTTP 200, free", async () => {
    const unfunded = await signUp(ctx.app, 'conformance-unfunded@example.com');
    const poor = await connect(unfunded.apiKey);
    const result = (await poor.callTool({
      name: 'get_application_status',
      arguments: { application_number: APPLICATION },
    })) as CallToolResult;
    await poor.close();
    expect(result.isError).toBe(true);
    const [body, words] = result.content as { type: 'text'; text: string }[];
    const restTwin = await ctx.app.inject({
      method: 'GET',
      url: `/v1/applications/${APPLICATION}`,
      headers: { 'x-api-key': unfunded.apiKey },
    });
    expect(restTwin.statusCode).toBe(402);
    const { request_id: _mcp, ...mcpBody } = JSON.parse(body!.text);
    const { request_id: _rest, ...restBody } = restTwin.json();
    expect(mcpBody).toEqual(restBody);
    expect(mcpBody.checkout).toEqual({ method: 'POST', path: '/agent/checkout-link', body: { amount_usd: 20 } });
    expect(words!.text).toContain('POST https://patents.example.test/agent/checkout-link');
    expect(words!.text).toContain('{"amount_usd":20}');
    expect(words!.text).toContain('GET https://patents.example.test/agent/me');
    const raw = await post(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 9,
        method: 'tools/call',
        params: { name: 'check_patent_alive', arguments: { patent_number: '1' } },
      }),
      {},
      unfunded.apiKey,
    );
    expect(raw).toMatchObject({ status: 200, charged: '0', body: { id: 9, result: { isError: true } } });
    expect(await balanceOf(ctx, unfunded.orgId)).toBe(0);
  });

  it('refuses a number where the schema says string, and an unknown argument, as a free isError 422', async () => {
    const mcp = await connect(funded.apiKey);
    const before = await balanceOf(ctx, funded.orgId);
    const typed = (await mcp.callTool({
      name: 'get_application_status',
      arguments: { application_number: Number(APPLICATION) },
    })) as CallToolResult;
    const extra = (await mcp.callTool({
      name: 'get_application_status',
      arguments: { application_number: APPLICATION, verbose: true },
    })) as CallToolResult;
    const text = (result: CallToolResult) => JSON.parse((result.content[0] as { text: string }).text);
    expect(typed.isError).toBe(true);
    expect(text(typed)).toMatchObject({
      error: 'validation_error',
      detail: [{ loc: ['body', 'application_number'], type: 'string_type', input: Number(APPLICATION) }],
    });
    expect(extra.isError).toBe(true);
    expect(text(extra)).toMatchObject({ error: 'validation_error', detail: [{ loc: ['body', 'verbose'], type: 'extra_forbidden' }] });
    // Text the input guard refuses before any tool runs is still the tool's error, at the argument's place.
    const nul = (await mcp.callTool({ name: 'get_application_status', arguments: { application_number: 'a\u0000b' } })) as CallToolResult;
    expect(nul.isError).toBe(true);
    expect(text(nul)).toMatchObject({ detail: [{ loc: ['body', 'application_number'], type: 'string_nul' }] });
    expect(await balanceOf(ctx, funded.orgId)).toBe(before);
    // The same number as text answers and costs its unit.
    const right = (await mcp.callTool({
      name: 'get_application_status',
      arguments: { application_number: APPLICATION },
    })) as CallToolResult;
    expect(right.isError ?? false).toBe(false);
    expect(before - (await balanceOf(ctx, funded.orgId))).toBe(1);
    await mcp.close();
  });

  it('answers an unknown tool with −32602 "Unknown tool: <name>", the message said once', async () => {
    const mcp = await connect(funded.apiKey);
    await expect(mcp.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(/^MCP error -32602: Unknown tool: no_such_tool$/);
    await mcp.close();
    const raw = await post(JSON.stringify({ jsonrpc: '2.0', id: 'u', method: 'tools/call', params: { name: 'no_such_tool' } }));
    expect(raw).toMatchObject({
      status: 200,
      charged: '0',
      body: { id: 'u', error: { code: -32602, message: 'Unknown tool: no_such_tool' } },
    });
  });

  it("answers with the client's own id, numeric or text, also when two clients use the same one", async () => {
    const listed = (id: unknown) => post(JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list' })).then((answer) => answer.body);
    // A cancellation names the client's own id: it must not reach another client's call.
    const cancel = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${funded.apiKey}` },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } }),
    });
    expect(cancel.status).toBe(202);
    const answers = await Promise.all([listed(1), listed(1), listed('1'), listed('req-7')]);
    expect(answers.map((answer) => answer.id)).toEqual([1, 1, '1', 'req-7']);
    expect(answers.every((answer) => answer.result!.tools.length === 12)).toBe(true);
  });

  it('is stateless: GET and DELETE answer 405', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(`${base}/mcp`, { method });
      expect(response.status).toBe(405);
      expect(await response.json()).toMatchObject({ error: 'method_not_allowed' });
    }
  });
});

describe('an independent client: the MCP Inspector CLI', () => {
  const bin = join(ROOT, 'node_modules/.bin/mcp-inspector-cli');
  /** `mcp-inspector-cli --cli <url> --transport http --header "Authorization: Bearer <key>" --method …`: its stdout as JSON. */
  const inspector = async (...args: string[]) => {
    const { stdout } = await promisify(execFile)(
      bin,
      ['--cli', `${base}/mcp`, '--transport', 'http', '--header', `Authorization: Bearer ${funded.apiKey}`, ...args],
      // Run from its build folder: it finds its own package.json relative to the working directory.
      { timeout: 60_000, cwd: join(ROOT, 'node_modules/@modelcontextprotocol/inspector-cli/build') },
    );
    return JSON.parse(stdout) as Record<string, unknown>;
  };

  it('lists the tools and calls one', async () => {
    const listed = (await inspector('--method', 'tools/list')) as { tools: { name: string; outputSchema?: unknown }[] };
    expect(listed.tools.map((tool) => tool.name)).toContain('get_office_actions');
    expect(listed.tools.every((tool) => tool.outputSchema !== undefined)).toBe(true);
    // --tool-arg reads a value as JSON: digits become a number, so a number given as text is quoted.
    const called = (await inspector(
      '--method',
      'tools/call',
      '--tool-name',
      'get_application_status',
      '--tool-arg',
      `application_number="${APPLICATION}"`,
    )) as CallToolResult;
    expect(called.isError ?? false).toBe(false);
    expect(called.structuredContent).toMatchObject({ application_number: APPLICATION });
  }, 120_000);
});
