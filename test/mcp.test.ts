import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveEntities } from '../src/products/registry.js';
import { loadFileWrapper } from '../src/products/file-wrapper/load.js';
import { parseFileWrapperFile } from '../src/products/file-wrapper/parse.js';
import { ingestFile, productNamed } from '../src/products/registry.js';
import { writeAssignmentFiles } from '@patent-status/synth';
import { SYNTH_DEFAULTS, writeFileWrapperFile } from '@patent-status/synth';
import { feeFileDateFor, writeMaintenanceFeeFiles } from '@patent-status/synth';
import { writePtabFiles } from '@patent-status/synth';

import { fullRecord, itemsOf, tx } from './helpers/file-wrapper-records.js';
import { balanceOf, createTestApp, fundedKey, signUp, type TestContext } from './helpers/app.js';
import { ROOT } from './helpers/cli.js';

/**
 * The MCP endpoint through the SDK's own client on a real port, each tool against its
 * REST twin on the same data (same bytes, same charge), 401 and 402 as REST, errors as isError and
 * free, the usage journal per tool, and an independent client (the MCP Inspector's CLI).
 */
const APPLICATIONS = 160;
const SEED = 'mcp-tools';
const BUSY = '17999001';
let ctx: TestContext;
let dir: string;
let base: string;
let funded: { apiKey: string; orgId: string };
let client: Client;

async function connect(apiKey: string): Promise<Client> {
  const mcp = new Client({ name: 'patent-status-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${apiKey}` } },
  });
  await mcp.connect(transport);
  return mcp;
}

async function rest(method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await ctx.app.inject({ method, url, payload, headers: { 'x-api-key': funded.apiKey } });
  return { status: response.statusCode, body: response.body, charged: Number(response.headers['x-credits-charged']) };
}

/** A tool call, what the org's balance lost over it, and its text. */
async function call(name: string, args: Record<string, unknown>, mcp = client, orgId = funded.orgId) {
  const before = await balanceOf(ctx, orgId);
  const result = (await mcp.callTool({ name, arguments: args })) as CallToolResult;
  const spent = before - (await balanceOf(ctx, orgId));
  const text = (result.content[0] as { type: 'text'; text: string }).text;
  return { result, spent, text };
}

/** An error body less its request id, which differs between any two requests. */
function withoutRequestId(body: Record<string, unknown>): Record<string, unknown> {
  const { request_id: _id, ...rest } = body;
  return rest;
}

async function one<T>(sql: string): Promise<T> {
  const { rows } = await ctx.db.query<Record<string, T>>(sql);
  const value = rows[0] && Object.values(rows[0])[0];
  if (value === undefined || value === null) throw new Error(`the corpus has no example for: ${sql}`);
  return value;
}

beforeAll(async () => {
  ctx = await createTestApp({ resolveHost: async () => [{ address: '93.184.216.34', family: 4 }] });
  funded = await fundedKey(ctx, 'mcp@example.com', 100_000);
  dir = mkdtempSync(join(tmpdir(), 'pss-mcp-'));
  const options = { applications: APPLICATIONS, seed: SEED };
  await writeFileWrapperFile(join(dir, 'corpus.json'), options);
  await loadFileWrapper(ctx.db, parseFileWrapperFile(join(dir, 'corpus.json')), {
    product: 'PTFWPRE',
    fileName: 'corpus.json',
    fileDate: SYNTH_DEFAULTS.asOf,
  });
  const fees = await writeMaintenanceFeeFiles(join(dir, 'fees'), { ...options, fileDate: feeFileDateFor(SYNTH_DEFAULTS.asOf) });
  await ingestFile(ctx.db, productNamed('maintenance-fees')!, fees.eventsPath);
  for (const file of (await writeAssignmentFiles(join(dir, 'a'), options)).files)
    await ingestFile(ctx.db, productNamed('assignments')!, file);
  for (const file of (await writePtabFiles(join(dir, 'p'), options)).files) await ingestFile(ctx.db, productNamed('ptab')!, file);
  // An application with a long history: its timeline costs 1 unit per 100 rows, more than one.
  const history = Array.from({ length: 230 }, (_, day) =>
    tx(
      `2021-${String(1 + Math.floor(day / 28)).padStart(2, '0')}-${String(1 + (day % 28)).padStart(2, '0')}`,
      'CTNF',
      'Non-Final Rejection',
    ),
  );
  await loadFileWrapper(ctx.db, itemsOf([fullRecord(BUSY, {}, { transactions: history })]), {
    product: 'PTFWPRD',
    fileName: 'busy.json',
    fileDate: SYNTH_DEFAULTS.asOf,
  });
  await resolveEntities(ctx.db);
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  client = await connect(funded.apiKey);
}, 180_000);
afterAll(async () => {
  await client?.close();
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('MCP endpoint (SDK client over streamable HTTP)', () => {
  it('lists exactly the nine tools, each with a self-contained object schema and a description for a model', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'get_application_status',
      'get_application_timeline',
      'get_assignments',
      'get_ptab_proceedings',
      'check_patent_alive',
      'search_entities',
      'list_entity_applications',
      'create_monitor',
      'get_deadlines',
    ]);
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object');
      expect(JSON.stringify(tool.inputSchema)).not.toContain('$ref');
      expect(tool.description!.length).toBeGreaterThan(200);
      expect(tool.description).toMatch(/Costs? 1 unit/);
    }
    const timeline = tools.find((tool) => tool.name === 'get_application_timeline')!;
    expect(timeline.inputSchema.required).toEqual(['application_number']);
    expect(timeline.inputSchema.properties!.limit).toMatchObject({ minimum: 1, maximum: 1000, default: 100 });
  });

  it('answers each read tool with the REST body, byte for byte, and charges what REST charges', async () => {
    const application = await one<string>(
      `SELECT application_number FROM applications WHERE patent_number IS NOT NULL AND transaction_count > 3 ORDER BY application_number LIMIT 1`,
    ).catch(() =>
      one<string>(`SELECT application_number FROM applications WHERE patent_number IS NOT NULL ORDER BY application_number LIMIT 1`),
    );
    const patent = await one<string>(`SELECT patent_number FROM applications WHERE application_number = '${application}'`);
    const published = await one<string>(
      `SELECT publication_number FROM applications WHERE publication_number IS NOT NULL ORDER BY 1 LIMIT 1`,
    );
    const assigned = await one<string>(
      `SELECT patent_number FROM assignment_properties WHERE patent_number IS NOT NULL ORDER BY 1 LIMIT 1`,
    );
    const challenged = await one<string>(`SELECT patent_number FROM ptab_proceedings ORDER BY patent_number LIMIT 1`);
    const trial = await one<string>(`SELECT trial_number FROM ptab_proceedings ORDER BY trial_number LIMIT 1`);
    const feePatent = await one<string>(`SELECT patent_number FROM maintenance_fee_patents ORDER BY patent_number LIMIT 1`);
    const entity = await one<string>(
      `SELECT entity_id FROM entities WHERE type = 'assignee' ORDER BY applications DESC, entity_id LIMIT 1`,
    );
    const entityName = (await one<string>(`SELECT name FROM entities WHERE entity_id = '${entity}'`)).split(/[\s,]+/)[0]!;
    const cases: [string, Record<string, unknown>, string][] = [
      ['get_application_timeline', { application_number: BUSY, limit: 250 }, `/v1/applications/${BUSY}/transactions?limit=250`],
      ['get_application_status', { application_number: application }, `/v1/applications/${application}`],
      ['get_application_status', { patent_number: patent }, `/v1/patents/${patent}`],
      ['get_application_status', { publication_number: published }, `/v1/publications/${published}`],
      ['get_application_timeline', { application_number: application, limit: 3 }, `/v1/applications/${application}/transactions?limit=3`],
      [
        'get_application_timeline',
        { application_number: application, since: '2015-01-01' },
        `/v1/applications/${application}/transactions?since=2015-01-01`,
      ],
      ['get_assignments', { patent_number: assigned }, `/v1/patents/${assigned}/assignments`],
      ['get_assignments', { assignee: entity, limit: 150 }, `/v1/assignments?assignee=${entity}&limit=150`],
      ['get_ptab_proceedings', { patent_number: challenged }, `/v1/patents/${challenged}/ptab`],
      ['get_ptab_proceedings', { trial_number: trial, include_text: true }, `/v1/ptab/${trial}?include_text=true`],
      ['check_patent_alive', { patent_number: feePatent }, `/v1/patents/${feePatent}/maintenance`],
      ['search_entities', { q: entityName, limit: 5 }, `/v1/entities/search?q=${encodeURIComponent(entityName)}&limit=5`],
      ['list_entity_applications', { entity_id: entity, limit: 150 }, `/v1/entities/${entity}/applications?limit=150`],
      [
        'get_deadlines',
        { entity_id: entity, from: '2000-01-01', to: '2060-12-31', limit: 250 },
        `/v1/deadlines?entity_id=${entity}&from=2000-01-01&to=2060-12-31&limit=250`,
      ],
      ['get_deadlines', { patent_numbers: `${feePatent},${patent}` }, `/v1/deadlines?patent_numbers=${feePatent},${patent}`],
    ];
    const charges: number[] = [];
    for (const [name, args, url] of cases) {
      const twin = await rest('GET', url);
      charges.push(twin.charged);
      expect(twin.status, `${name} ${url}: ${twin.body.slice(0, 200)}`).toBe(200);
      const { result, spent, text } = await call(name, args);
      expect(result.isError ?? false, `${name} ${JSON.stringify(args)}: ${text.slice(0, 200)}`).toBe(false);
      expect(text, name).toBe(twin.body);
      expect(result.structuredContent, name).toEqual(JSON.parse(twin.body));
      expect(spent, `${name} ${JSON.stringify(args)}`).toBe(twin.charged);
      expect(result._meta, name).toMatchObject({ credits_charged: twin.charged });
    }
    // Some list above costs more than one unit, so "same charge" is not just 1 = 1.
    expect(Math.max(...charges)).toBe(3);
  });

  it("answers an entity's docket with the union of its applications' dockets over the demo corpus", async () => {
    const entity = await one<string>(
      `SELECT entity_id FROM entities WHERE type = 'assignee' ORDER BY applications DESC, entity_id LIMIT 1`,
    );
    const window = 'from=2000-01-01&to=2060-12-31&limit=1000';
    const pages = async (url: string) => {
      const rows: { deadline_id: string; due_date: string }[] = [];
      for (let next: string | null = url; next !== null;) {
        const body = JSON.parse((await rest('GET', next)).body);
        rows.push(...(body.deadlines ?? body.applications));
        next = body.next_cursor === null ? null : `${url}&cursor=${body.next_cursor}`;
      }
      return rows;
    };
    const applications = (await pages(`/v1/entities/${entity}/applications?limit=1000`)) as unknown as { application_number: string }[];
    const numbers = [...new Set(applications.map((row) => row.application_number))];
    const each = [];
    for (let from = 0; from < numbers.length; from += 1000)
      each.push(...(await pages(`/v1/deadlines?application_numbers=${numbers.slice(from, from + 1000).join(',')}&${window}`)));
    const whole = await pages(`/v1/deadlines?entity_id=${entity}&${window}`);
    expect(whole.length).toBeGreaterThan(10);
    expect(whole).toEqual(each);
    expect(new Set(whole.map((row) => row.deadline_id.split(':')[1])).size).toBeGreaterThan(1);
  });

  it("creates a monitor of the caller's org, charged 1 unit like POST /v1/monitors", async () => {
    const application = await one<string>(`SELECT application_number FROM applications ORDER BY application_number LIMIT 1`);
    const input = {
      targets: { application_numbers: [application] },
      events: ['office_action'],
      webhook_url: 'https://hooks.example.com/mcp',
    };
    const twin = await rest('POST', '/v1/monitors', input);
    expect(twin.status).toBe(201);
    const { result, spent } = await call('create_monitor', input);
    expect(result.isError ?? false).toBe(false);
    expect(spent).toBe(twin.charged);
    const created = result.structuredContent as { monitor_id: string; secret: string };
    expect(Object.keys(created).sort()).toEqual(Object.keys(JSON.parse(twin.body)).sort());
    expect(created.secret.length).toBeGreaterThanOrEqual(16);
    const listed = JSON.parse((await rest('GET', '/v1/monitors')).body) as { monitors: { monitor_id: string }[] };
    expect(listed.monitors.map((monitor) => monitor.monitor_id)).toContain(created.monitor_id);
    const refused = await call('create_monitor', { ...input, webhook_url: 'https://127.0.0.1/hook' });
    expect(refused.result.isError).toBe(true);
    expect(refused.spent).toBe(0);
  });

  it('answers a bad number, a missing or doubled argument and a bad type as isError with the REST error body, free', async () => {
    const unreadable = await call('get_application_status', { application_number: 'not-a-number' });
    const twin = await rest('GET', '/v1/applications/not-a-number');
    expect(unreadable.result.isError).toBe(true);
    expect(withoutRequestId(JSON.parse(unreadable.text))).toEqual(withoutRequestId(JSON.parse(twin.body)));
    expect(unreadable.spent).toBe(0);
    const missing = await call('get_application_status', { application_number: '99999999' });
    expect(missing.result.structuredContent).toMatchObject({ error: 'not_found' });
    expect(missing.spent).toBe(0);
    const none = await call('get_application_status', {});
    expect(none.result.structuredContent).toMatchObject({ error: 'validation_error', detail: [{ type: 'missing' }] });
    const both = await call('get_ptab_proceedings', { patent_number: '1', trial_number: 'IPR2020-00001' });
    expect(both.result.structuredContent).toMatchObject({ error: 'validation_error' });
    const badLimit = await call('get_application_timeline', { application_number: '16000001', limit: 5000 });
    expect(badLimit.result.structuredContent).toMatchObject({
      error: 'validation_error',
      detail: [{ loc: ['body', 'limit'], type: 'less_than_equal', ctx: { le: 1000 } }],
    });
    expect(none.spent + both.spent + badLimit.spent).toBe(0);
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(/Unknown tool/);
  });

  it('journals usage per tool on the mcp channel', async () => {
    await ctx.app.charging.flush();
    const { rows } = await ctx.db.query<{ what: string; requests: number; units: number }>(
      `SELECT what, sum(requests)::int AS requests, sum(units)::int AS units FROM usage_journal
       WHERE org_id = $1 AND channel = 'mcp' GROUP BY what ORDER BY what`,
      [funded.orgId],
    );
    const byTool = Object.fromEntries(rows.map((row) => [row.what, row]));
    expect(byTool.get_application_status).toMatchObject({ requests: 3 });
    expect(byTool.create_monitor).toMatchObject({ requests: 1, units: 1 });
    expect(Object.keys(byTool)).not.toContain('no_such_tool');
  });

  it("refuses a missing or wrong key with 401 and an unfunded org's tool call with 402, as REST", async () => {
    await expect(connect('pss_wrong_key_0000000000000000')).rejects.toThrow();
    const anonymous = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: 'invalid_api_key' });

    const unfunded = await signUp(ctx.app, 'mcp-unfunded@example.com');
    const poor = await connect(unfunded.apiKey);
    expect((await poor.listTools()).tools).toHaveLength(9);
    await expect(poor.callTool({ name: 'check_patent_alive', arguments: { patent_number: '1' } })).rejects.toThrow(/402|payment_required/);
    const raw = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${unfunded.apiKey}` },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'check_patent_alive', arguments: { patent_number: '1' } },
      }),
    });
    const restTwin = await ctx.app.inject({ method: 'GET', url: '/v1/patents/1/maintenance', headers: { 'x-api-key': unfunded.apiKey } });
    expect(raw.status).toBe(402);
    expect(withoutRequestId((await raw.json()) as Record<string, unknown>)).toEqual(withoutRequestId(restTwin.json()));
    await poor.close();
  });

  it('is described by /agents.md, the skill file and /openapi.json from the same tool list', async () => {
    const { tools } = await client.listTools();
    const guide = (await ctx.app.inject({ method: 'GET', url: '/agents.md' })).body;
    const skill = (await ctx.app.inject({ method: 'GET', url: '/.well-known/skills/default/skill.md' })).body;
    const doc = (await ctx.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const documented = doc.paths['/mcp'].post['x-mcp-tools'] as { name: string; input_schema: unknown; cost: string }[];
    expect(documented.map((tool) => tool.name)).toEqual(tools.map((tool) => tool.name));
    for (const tool of tools) {
      expect(guide).toContain(`### \`${tool.name}\``);
      expect(guide).toContain(tool.description!);
      expect(skill).toContain(`\`${tool.name}\``);
      expect(documented.find((entry) => entry.name === tool.name)!.input_schema).toEqual(tool.inputSchema);
    }
    expect(guide).toContain('https://patents.example.test/mcp');
  });

  it("answers with the client's own id, numeric or text, also when two clients use the same one", async () => {
    const post = (id: unknown) =>
      fetch(`${base}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${funded.apiKey}` },
        body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list' }),
      }).then(async (response) => (await response.json()) as { id: unknown; result: { tools: unknown[] } });
    // A cancellation names the client's own id: it must not reach another client's call.
    const cancel = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${funded.apiKey}` },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } }),
    });
    expect(cancel.status).toBe(202);
    const answers = await Promise.all([post(1), post(1), post('1'), post('req-7')]);
    expect(answers.map((answer) => answer.id)).toEqual([1, 1, '1', 'req-7']);
    expect(answers.every((answer) => answer.result.tools.length === 9)).toBe(true);
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
  const inspector = async (...args: string[]) => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        join(ROOT, 'node_modules/@modelcontextprotocol/inspector-cli/build/index.js'),
        `${base}/mcp`,
        '--transport',
        'http',
        '--header',
        `Authorization: Bearer ${funded.apiKey}`,
        ...args,
      ],
      // Run from its build folder: it finds its own package.json relative to the working directory.
      { timeout: 60_000, cwd: join(ROOT, 'node_modules/@modelcontextprotocol/inspector-cli/build') },
    );
    return JSON.parse(stdout) as Record<string, unknown>;
  };

  it('lists the tools and calls one', async () => {
    const listed = (await inspector('--method', 'tools/list')) as { tools: { name: string }[] };
    expect(listed.tools.map((tool) => tool.name)).toContain('check_patent_alive');
    const patent = await one<string>(`SELECT patent_number FROM maintenance_fee_patents ORDER BY patent_number DESC LIMIT 1`);
    const called = (await inspector(
      '--method',
      'tools/call',
      '--tool-name',
      'check_patent_alive',
      '--tool-arg',
      `patent_number=${patent}`,
    )) as CallToolResult;
    expect(called.isError ?? false).toBe(false);
    expect(called.structuredContent).toMatchObject({ patent_number: patent });
  }, 120_000);
});
