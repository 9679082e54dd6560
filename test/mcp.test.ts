import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
import { balanceOf, createTestApp, fundedKey, type TestContext } from './helpers/app.js';

/**
 * The MCP tools through the SDK's own client on a real port, each against its REST twin on the
 * same data (same bytes, same charge, structuredContent checked by the client against the tool's
 * outputSchema), errors as isError and free, the usage journal per tool. The protocol's own errors,
 * Origin, payment and the MCP Inspector: mcp-conformance.test.ts.
 */
const APPLICATIONS = 160;
const SEED = 'mcp-tools';
const BUSY = '17999001';
/** Half a year of weekly full text: documents to search, few files to load. */
const FULL_TEXT_FROM = '2026-05-01';
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
  // The twins of search_patents and get_office_actions read the full text and the office-action texts.
  for (const family of ['office-actions', 'grants', 'publications']) {
    const product = productNamed(family)!;
    const corpus = { dir: join(dir, family), applications: APPLICATIONS, seed: SEED, fullTextFrom: FULL_TEXT_FROM };
    for (const file of await product.demo(corpus))
      await ingestFile(ctx.db, product, file.path, {
        ...(file.product ? { product: file.product } : {}),
        ...(file.fileDate ? { fileDate: file.fileDate } : {}),
      });
  }
  // An application with a long history of mailed actions: its timeline and its office actions cost more than one unit.
  const history = Array.from({ length: 230 }, (_, day) =>
    tx(
      `2021-${String(1 + Math.floor(day / 28)).padStart(2, '0')}-${String(1 + (day % 28)).padStart(2, '0')}`,
      'MCTNF',
      'Mail Non-Final Rejection',
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
  it('lists exactly the twelve tools, each with a self-contained input and output schema and a description for a model', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'get_application_status',
      'get_application_timeline',
      'get_office_actions',
      'get_assignments',
      'get_ptab_proceedings',
      'check_patent_alive',
      'search_patents',
      'search_entities',
      'list_entity_applications',
      'create_monitor',
      'get_deadlines',
      'get_events',
    ]);
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      expect(JSON.stringify([tool.inputSchema, tool.outputSchema])).not.toContain('$ref');
      expect(tool.description!.length).toBeGreaterThan(200);
      expect(tool.description).toMatch(/Costs? 1 unit/);
    }
    const timeline = tools.find((tool) => tool.name === 'get_application_timeline')!;
    expect(timeline.inputSchema.required).toEqual(['application_number']);
    expect(timeline.inputSchema.properties!.limit).toMatchObject({ minimum: 1, maximum: 1000, default: 100 });
    // The twin's response schema, components inlined: the provenance members and the list's rows.
    expect(JSON.stringify(timeline.outputSchema)).toContain('"transactions"');
    expect(JSON.stringify(timeline.outputSchema)).toContain('"stale"');
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

  it('answers search_patents, get_office_actions and get_events as their REST twins: same bytes, 1 unit per 100 rows (at least 1)', async () => {
    // The client checks each structuredContent against the outputSchema it listed.
    await client.listTools();
    const section = await one<string>(
      `SELECT left(cpc[1], 1) FROM documents WHERE cardinality(cpc) > 0 GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
    );
    const eventType = await one<string>(`SELECT event_type FROM events GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
    const cases: [string, Record<string, unknown>, string, string][] = [
      [
        'get_office_actions',
        { application_number: BUSY, limit: 250 },
        `/v1/applications/${BUSY}/office-actions?limit=250`,
        'office_actions',
      ],
      [
        'get_office_actions',
        { application_number: BUSY, limit: 2, include_text: true },
        `/v1/applications/${BUSY}/office-actions?limit=2&include_text=true`,
        'office_actions',
      ],
      ['search_patents', { q: 'zzzqqqunfound' }, '/v1/search?q=zzzqqqunfound', 'results'],
      ['search_patents', { cpc: section, limit: 150 }, `/v1/search?cpc=${section}&limit=150`, 'results'],
      ['get_events', { types: eventType, limit: 250 }, `/v1/events?types=${eventType}&limit=250`, 'events'],
    ];
    const charges: number[] = [];
    for (const [name, args, url, list] of cases) {
      const twin = await rest('GET', url);
      expect(twin.status, `${url}: ${twin.body.slice(0, 200)}`).toBe(200);
      const rows = (JSON.parse(twin.body) as Record<string, unknown[]>)[list]!.length;
      expect(twin.charged, url).toBe(Math.max(1, Math.ceil(rows / 100)));
      charges.push(twin.charged);
      const { result, spent, text } = await call(name, args);
      expect(result.isError ?? false, `${name}: ${text.slice(0, 200)}`).toBe(false);
      expect(text, name).toBe(twin.body);
      expect(result.structuredContent, name).toEqual(JSON.parse(twin.body));
      expect(spent, `${name} ${JSON.stringify(args)}`).toBe(twin.charged);
    }
    // By hand: BUSY's 230 non-final rejections are 230 mailed actions, so a page of 250 lists 230 and
    // costs ceil(230 / 100) = 3 units; a page of 2 costs 1; a search matching nothing still costs 1.
    expect(charges.slice(0, 3)).toEqual([3, 1, 1]);
    expect(JSON.parse((await rest('GET', cases[3]![2])).body).results.length).toBeGreaterThan(0);
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

  it('answers a bad number, a missing or doubled argument and a bad type as isError with the REST error body as text, free', async () => {
    const errorOf = (text: string) => JSON.parse(text) as Record<string, unknown>;
    const unreadable = await call('get_application_status', { application_number: 'not-a-number' });
    const twin = await rest('GET', '/v1/applications/not-a-number');
    expect(unreadable.result.isError).toBe(true);
    // No structuredContent on an error: the client would check it against the success body's outputSchema.
    expect(unreadable.result.structuredContent).toBeUndefined();
    expect(withoutRequestId(errorOf(unreadable.text))).toEqual(withoutRequestId(JSON.parse(twin.body)));
    expect(unreadable.spent).toBe(0);
    const missing = await call('get_application_status', { application_number: '99999999' });
    expect(errorOf(missing.text)).toMatchObject({ error: 'not_found' });
    expect(missing.spent).toBe(0);
    const none = await call('get_application_status', {});
    expect(errorOf(none.text)).toMatchObject({ error: 'validation_error', detail: [{ type: 'missing' }] });
    const both = await call('get_ptab_proceedings', { patent_number: '1', trial_number: 'IPR2020-00001' });
    expect(errorOf(both.text)).toMatchObject({ error: 'validation_error' });
    const badLimit = await call('get_application_timeline', { application_number: '16000001', limit: 5000 });
    expect(errorOf(badLimit.text)).toMatchObject({
      error: 'validation_error',
      detail: [{ loc: ['body', 'limit'], type: 'less_than_equal', ctx: { le: 1000 } }],
    });
    const noFilter = await call('search_patents', {});
    expect(errorOf(noFilter.text)).toMatchObject({ error: 'missing_filter' });
    expect(none.spent + both.spent + badLimit.spent + noFilter.spent).toBe(0);
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
    expect(byTool.get_office_actions).toMatchObject({ requests: 2, units: 4 });
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
});
