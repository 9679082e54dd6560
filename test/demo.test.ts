import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, ensureDemoAccount } from '../src/commands/demo.js';
import { DEMO_NUMBERS } from '../src/http/discovery/examples.js';
import { balanceOf, createTestApp, type TestContext } from './helpers/app.js';
import { startCli } from './helpers/cli.js';
import { curlCommands } from './helpers/curl.js';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';
import { freePort } from './helpers/free-port.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

it('funds the demo org once across restarts and keeps only the newest demo key', async () => {
  const first = await ensureDemoAccount(ctx.db);
  const second = await ensureDemoAccount(ctx.db);
  expect(second.orgId).toBe(first.orgId);
  expect(first.balance).toBe(1000);
  expect(second.balance).toBe(1000);
  expect(await balanceOf(ctx, first.orgId)).toBe(1000);

  const old = await ctx.app.inject({ method: 'GET', url: '/agent/me', headers: { 'x-api-key': first.apiKey } });
  expect(old.statusCode).toBe(401);
  const current = await ctx.app.inject({ method: 'GET', url: '/agent/me', headers: { 'x-api-key': second.apiKey } });
  expect(current.json()).toMatchObject({ owner_email: DEMO_EMAIL, balance_units: 1000, funded: true });
  expect(current.json().keys).toHaveLength(1);
});

describe('patent-status demo, as a new user starts it', () => {
  let dir: string;
  let target: TestDatabase | null = null;
  let child: ChildProcess;
  let exited: Promise<number | null>;
  let stdout = '';
  let port: number;
  let base: string;
  let demoKey: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pss-demo-'));
    if (process.env.DATABASE_URL) target = await createTestDatabase();
    port = await freePort();
    // No HOST: the demo must choose loopback itself.
    child = startCli(['demo'], {
      PATENT_STATUS_DATA_DIR: join(dir, 'data'),
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ...(target ? { DATABASE_URL: target.url! } : {}),
    });
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    exited = new Promise((done) => child.once('exit', (code) => done(code)));
    // The last line it prints before serving names the guide.
    await new Promise<void>((ready, fail) => {
      const timer = setInterval(() => {
        if (/\/agents\.md\n/.test(stdout)) {
          clearInterval(timer);
          ready();
        }
      }, 100);
      void exited.then((code) => {
        clearInterval(timer);
        fail(new Error(`demo exited with ${code}: ${stdout}${stderr}`));
      });
    });
    demoKey = /^ {2}(pss_[A-Za-z0-9]{32})$/m.exec(stdout)![1]!;
    base = `http://localhost:${port}`;
  }, 240_000);
  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
    await target?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints a funded key and listens on 127.0.0.1 only', async () => {
    expect(stdout).toContain(`Patent Status Service demo on ${base} `);
    expect(stdout).toContain('Listening on 127.0.0.1 only: set HOST=0.0.0.0 to reach it from other machines');
    const me = await fetch(`http://127.0.0.1:${port}/agent/me`, { headers: { 'x-api-key': demoKey } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ owner_email: DEMO_EMAIL, balance_units: 1000 });
    // Every other address of this machine refuses the connection.
    const others = Object.values(networkInterfaces())
      .flat()
      .filter((address) => address !== undefined && !address.internal);
    for (const address of others) expect(await connects(address!.address, port)).toBe(false);
    expect(await connects('127.0.0.1', port)).toBe(true);
  });

  it('answers every example of /agents.md with the demo corpus', async () => {
    const guide = await (await fetch(`${base}/agents.md`)).text();
    const examples = /## Examples\n```sh\n([\s\S]*?)\n```/.exec(guide)![1]!;
    // The key is set before it is used.
    const keyLine = examples.split('\n').findIndex((line) => line.startsWith('KEY='));
    expect(keyLine).toBeGreaterThanOrEqual(0);
    expect(examples.split('\n').findIndex((line) => line.includes('$KEY'))).toBeGreaterThan(keyLine);

    const requests = curlCommands(examples, { KEY: demoKey });
    const outcomes: Record<string, { status: number; body: Record<string, unknown> }> = {};
    for (const request of requests) {
      const response = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body });
      const body = (await response.json()) as Record<string, unknown>;
      outcomes[`${request.method} ${new URL(request.url).pathname}${new URL(request.url).search}`] = { status: response.status, body };
    }
    const n = DEMO_NUMBERS;
    expect(Object.keys(outcomes)).toEqual([
      'POST /agent/signup',
      'GET /agent/me',
      'POST /agent/checkout-link',
      `GET /v1/applications/${n.application}`,
      `GET /v1/patents/${n.patent}`,
      `GET /v1/publications/${n.publication}`,
      'POST /v1/applications/status',
      `GET /v1/applications/${n.application}/transactions?limit=5`,
      `GET /v1/patents/${n.patent}/claims`,
      `GET /v1/publications/${n.publicationWithText}/claims`,
      `GET /v1/patents/${n.patent}/citations`,
      `GET /v1/search?q=${n.searchWords.replace(/ /g, '+')}&cpc=${n.searchSubclass}&limit=5`,
      `GET /v1/patents/${n.lapsedPatent}/maintenance`,
      `GET /v1/patents/${n.ownedPatent}/assignments`,
      'GET /v1/assignments?assignee=bluepeak+networks&limit=5',
      `GET /v1/entities/search?q=${n.entityQuery}&limit=5`,
      `GET /v1/entities/${n.entity}/applications?limit=5`,
      `GET /v1/entities/${n.entity}/patents?limit=5`,
      'POST /mcp',
    ]);
    const [
      signup,
      me,
      checkout,
      application,
      patent,
      publication,
      batch,
      transactions,
      claims,
      publicationClaims,
      citations,
      search,
      fees,
      owned,
      bought,
      found,
      portfolio,
      patents,
      mcp,
    ] = Object.values(outcomes);
    expect(signup).toMatchObject({ status: 201, body: { api_key: expect.stringMatching(/^pss_/) } });
    expect(me).toMatchObject({ status: 200, body: { balance_units: expect.any(Number) } });
    // The demo takes no payments: the documented answer of a deployment without a processor.
    expect(checkout).toMatchObject({ status: 503, body: { error: 'billing_not_configured' } });
    for (const lookup of [application, patent, publication]) {
      expect(lookup).toMatchObject({ status: 200, body: { application_number: n.application, patent_number: n.patent } });
    }
    expect(batch!.status).toBe(200);
    expect((batch!.body.results as { application_number: string }[]).map((row) => row.application_number)).toEqual([
      n.application,
      n.otherApplication,
    ]);
    expect(batch!.body).toMatchObject({ not_found: [], invalid: ['12345'] });
    expect(transactions).toMatchObject({ status: 200, body: { application_number: n.application } });
    expect(transactions!.body.transactions).toHaveLength(5);
    expect(claims).toMatchObject({ status: 200, body: { doc_number: n.patent, independent_claims: expect.arrayContaining([1]) } });
    expect(publicationClaims).toMatchObject({ status: 200, body: { doc_number: n.publicationWithText } });
    expect((publicationClaims!.body.claims as unknown[]).length).toBeGreaterThan(0);
    expect(citations!.status).toBe(200);
    expect((citations!.body.backward as { patents: { count: number } }).patents.count).toBeGreaterThan(0);
    expect(search!.status).toBe(200);
    expect((search!.body.results as { doc_number: string }[]).map((row) => row.doc_number)).toContain(n.patent);
    expect(fees).toMatchObject({
      status: 200,
      body: { patent_number: n.lapsedPatent, expired: true, expiration_reason: 'maintenance fee not paid' },
    });
    expect((fees!.body.events as { code: string }[]).map((event) => event.code)).toContain('EXP.');
    // Inventor assignment, change of name, a security interest and its release: the owner is the renamed company.
    expect(owned).toMatchObject({
      status: 200,
      body: { patent_number: n.ownedPatent, current_owner: { names: ['CORVESSA CHEMICAL CO., LTD.'], conveyance_type: 'change_of_name' } },
    });
    expect((owned!.body.assignments as { conveyance_type: string }[]).map((a) => a.conveyance_type)).toEqual(
      expect.arrayContaining(['assignment', 'change_of_name', 'security_interest', 'release']),
    );
    expect(bought!.status).toBe(200);
    expect((bought!.body.assignments as unknown[]).length).toBeGreaterThan(0);
    // The buyer as an entity: every spelling of its name is one id, with its portfolio and patents.
    expect(found!.status).toBe(200);
    expect((found!.body.results as { entity_id: string }[])[0]).toMatchObject({ entity_id: n.entity, type: 'assignee', match: 'prefix' });
    expect(portfolio!.status).toBe(200);
    expect(portfolio!.body.applications as unknown[]).toHaveLength(5);
    expect(patents!.status).toBe(200);
    expect((patents!.body.patents as { expiration_estimate: unknown }[])[0]!.expiration_estimate).not.toBeNull();
    // The MCP tool call answers the maintenance route's body.
    expect(mcp).toMatchObject({ status: 200, body: { jsonrpc: '2.0', id: 1, result: { structuredContent: fees!.body } } });
  });

  it('answers every command it printed', async () => {
    const tried = stdout.slice(stdout.indexOf('Try:'), stdout.indexOf('Webhooks ('));
    const requests = curlCommands(tried, {});
    expect(requests.length).toBeGreaterThanOrEqual(8);
    for (const request of requests) {
      const response = await fetch(request.url, { method: request.method, headers: request.headers });
      expect(response.status, request.text).toBe(200);
    }
  });

  it('walks through a monitor: created, the next-day file ingested, the signed deliveries arriving at its receiver page', async () => {
    const [create, nextDay, receiver] = curlCommands(stdout.slice(stdout.indexOf('Webhooks (')), {});
    expect([create, nextDay, receiver].map((request) => `${request!.method} ${new URL(request!.url).pathname}`)).toEqual([
      'POST /v1/monitors',
      'POST /demo/next-day',
      'GET /demo/webhook-receiver',
    ]);
    const monitor = await fetch(create!.url, { method: 'POST', headers: create!.headers, body: create!.body });
    expect(monitor.status).toBe(201);
    const { monitor_id: monitorId } = (await monitor.json()) as { monitor_id: string };
    const ingested = await fetch(nextDay!.url, { method: 'POST' });
    expect(ingested.status).toBe(200);
    expect(((await ingested.json()) as { events: number }).events).toBe(2);
    type Seen = { signature_valid: boolean; body: { monitor_id: string; event: { event_type: string } } };
    const deadline = Date.now() + 20_000;
    let seen: Seen[] = [];
    while (seen.length < 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      seen = ((await (await fetch(receiver!.url)).json()) as { deliveries: Seen[] }).deliveries;
    }
    expect(seen.map((d) => d.body.event.event_type).sort()).toEqual(['office_action', 'status_change']);
    expect(seen.every((d) => d.signature_valid && d.body.monitor_id === monitorId)).toBe(true);
  });

  it('loads the PTAB trials, resolves their parties and prints trials that answer', async () => {
    expect(stdout).toContain('Loading PTAB trial proceedings and decisions…');
    // The proceedings file, then the decisions file, each dated by its name, nothing refused.
    const loads = [...stdout.matchAll(/^(ptab-(proceedings|decisions)-\d{8}\.json) \(.*: read (\d+), .*rejected 0,/gm)];
    expect(loads.map((load) => load[2])).toEqual(['proceedings', 'decisions']);
    for (const load of loads) expect(Number(load[3])).toBeGreaterThan(0);
    expect(stdout).toMatch(/ [1-9]\d* PTAB trials read/);

    const tried = curlCommands(stdout.slice(stdout.indexOf('Try:')), {});
    const ptab = tried.filter((request) => /\/ptab\b/.test(new URL(request.url).pathname));
    expect(ptab.map((request) => new URL(request.url).pathname)).toEqual([
      expect.stringMatching(/^\/v1\/patents\/\d+\/ptab$/),
      expect.stringMatching(/^\/v1\/ptab\/(IPR|PGR|CBM|DER)\d{4}-\d{5}$/),
      '/v1/ptab',
    ]);
    const outcomes: { status: number; body: Record<string, unknown> }[] = [];
    for (const request of ptab) {
      const response = await fetch(request.url, { headers: request.headers });
      outcomes.push({ status: response.status, body: (await response.json()) as Record<string, unknown> });
    }
    const [ofPatent, trial, search] = outcomes;
    type Proceeding = { trial_number: string; patent_number: string; petitioner: { name: string; entity_id: string | null } | null };
    const patent = /\/v1\/patents\/([^/]+)\/ptab$/.exec(new URL(ptab[0]!.url).pathname)![1]!;
    expect(ofPatent).toMatchObject({ status: 200, body: { patent_number: patent } });
    // The most challenged patent of the corpus: a campaign of petitions or a repeat challenge.
    expect((ofPatent!.body.proceedings as Proceeding[]).length).toBeGreaterThan(1);
    for (const proceeding of ofPatent!.body.proceedings as Proceeding[]) expect(proceeding.patent_number).toBe(patent);

    const number = decodeURIComponent(new URL(ptab[1]!.url).pathname.split('/').at(-1)!);
    expect(trial).toMatchObject({
      status: 200,
      body: { trial_number: number, claims_outcome: 'some_unpatentable', instituted: true, final_decision_date: expect.any(String) },
    });
    expect((trial!.body.decisions as { kind: string }[]).map((decision) => decision.kind)).toContain('final_written_decision');

    const petitioner = new URL(ptab[2]!.url).searchParams.get('petitioner')!;
    expect(new URL(ptab[2]!.url).searchParams.get('limit')).toBe('5');
    expect(petitioner).toBe(petitioner.toLowerCase());
    expect(search!.status).toBe(200);
    const found = search!.body.proceedings as Proceeding[];
    expect(found.length).toBeGreaterThan(1);
    expect(found.length).toBeLessThanOrEqual(5);
    // The fragment finds every printed form of the busiest petitioner, each resolved to an entity.
    for (const proceeding of found) {
      expect(proceeding.petitioner!.name.toLowerCase()).toContain(petitioner);
      expect(proceeding.petitioner!.entity_id).toMatch(/^ent_/);
    }
  });

  it('loads the office actions and prints one whose deadline and basis the service answers', async () => {
    const loads = [...stdout.matchAll(/^oa-(actions|rejections|citations)-\d{8}\.json \(.*: read (\d+), .*rejected 0,/gm)];
    expect(loads.map((load) => load[1])).toEqual(['actions', 'rejections', 'citations']);
    const [request] = curlCommands(stdout.slice(stdout.indexOf('Try:')), {}).filter((r) => r.url.endsWith('/office-actions'));
    const summary =
      /^ {4}# its (non-final|final) action of (\d{4}-\d{2}-\d{2}) \(.*\): reply due (\S+), (\S+) at the latest with extensions; (.+), counted from (.+)$/m.exec(
        stdout,
      )!;
    expect(summary).not.toBeNull();
    const response = await fetch(request!.url, { headers: request!.headers });
    const [action] = ((await response.json()) as { office_actions: Record<string, unknown>[] }).office_actions;
    expect(action).toMatchObject({
      type: summary[1]!.replace('-', '_'),
      mailed_date: summary[2],
      response_due_estimate: summary[3],
      response_due_max: summary[4],
      basis: { rule: summary[5] },
      text_available: true,
    });
  });

  it('the skill file names only what the demo serves', async () => {
    const skill = await (await fetch(`${base}/.well-known/skills/default/skill.md`)).text();
    const description = /^description: (.*)$/m.exec(skill)![1]!;
    expect(description).toBe(
      'Look up US patent applications and patents (status by application, patent or publication number, singly or in batches, ' +
        'prosecution history and office actions with their reply deadlines, claims, abstracts and CPC classification, citations in both directions, keyword and classification search, ' +
        'maintenance fee windows, deadlines and the end of term with its calculation, assignment recordations and the current owner of a patent, ' +
        'companies and inventors by name, their families, applications and patents, ' +
        'PTAB trials against a patent, by trial number and by party, with their decisions and outcomes, ' +
        'a feed of what changed (office actions, status changes, grants, assignments, PTAB, fees) by type, application, patent or entity, ' +
        'monitors that POST those events to your webhook as they are detected, signed with HMAC-SHA256, ' +
        'the docket: every coming deadline of applications, patents or a whole portfolio, calendar feeds of a docket, ' +
        'examiner and art-unit statistics (allowance rate, time to first action and to disposal, RCE and appeal rates), ' +
        'all of it also as MCP tools for AI agents) ' +
        'in a local copy of USPTO bulk data. Use when asked about a US application, patent or publication number.',
    );
    expect(skill).not.toContain('nightly');
    const [example] = curlCommands(skill, { KEY: demoKey });
    expect((await fetch(example!.url, { headers: example!.headers })).status).toBe(200);
  });

  it('SIGTERM closes it with exit code 0', async () => {
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});

/** Whether a TCP connection to host:port is accepted. */
function connects(host: string, port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect({ host, port, timeout: 2000 });
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
    socket.once('timeout', () => {
      socket.destroy();
      done(false);
    });
  });
}
