import { isIP } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEvents } from '../src/db/events.sql.js';
import { buildEvent, type DetectedEvent, EVENT_TYPES, type EventType } from '../src/domain/events.js';
import { resolveEntities } from '../src/products/registry.js';
import { loadFileWrapper } from '../src/products/file-wrapper/load.js';
import { createTestApp, fundedKey, type TestContext } from './helpers/app.js';
import { fullRecord, itemsOf, party } from './helpers/file-wrapper-records.js';

/** Stands in for DNS: the names these tests use, and nothing else. */
const DNS: Record<string, string> = {
  'hooks.example.test': '93.184.215.14',
  'inside.example.test': '10.20.30.40',
  'metadata.example.test': '169.254.169.254',
  localhost: '127.0.0.1',
  'docs.example.test': '198.51.100.7',
  'nat64.example.test': '64:ff9b::a9fe:a9fe',
};

let ctx: TestContext;
let key: string;
let otherKey: string;
let entityId: string;

const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, apiKey = key) => {
  const response = await ctx.app.inject({ method, url, headers: { 'x-api-key': apiKey }, ...(payload ? { payload } : {}) });
  return {
    status: response.statusCode,
    body: response.body ? response.json() : null,
    raw: response.body,
    charged: response.headers['x-credits-charged'],
  };
};
const create = (input: object, apiKey = key) => call('POST', '/v1/monitors', input, apiKey);
const hook = 'https://hooks.example.test/patents';
const eventOf = (type: EventType, applicationNumber: string | null, patentNumber: string | null = null, discriminator = '1') =>
  buildEvent(type, { applicationNumber, patentNumber }, '2026-11-02', discriminator, {} as never);
const record = (events: DetectedEvent[]) => ctx.db.transaction((tx) => insertEvents(tx, events, new Date(), null));

beforeAll(async () => {
  ctx = await createTestApp({
    resolveHost: async (name) => {
      const address = DNS[name];
      if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
      return [{ address, family: isIP(address) }];
    },
  });
  key = (await fundedKey(ctx, 'monitors@example.com', 5000)).apiKey;
  otherKey = (await fundedKey(ctx, 'other@example.com', 500)).apiKey;
  const applicant = (number: string) =>
    fullRecord(
      number,
      { applicantName: 'Orrery Mills, Inc.' },
      { parties: [party('applicant', 'Orrery Mills, Inc.', { city: 'Dover', region: 'DE', country: 'US' })] },
    );
  await loadFileWrapper(ctx.db, itemsOf([applicant('18700001')]), {
    product: 'PTFWPRE',
    fileName: 'backfile.json',
    fileDate: '2025-01-01',
  });
  await resolveEntities(ctx.db);
  entityId = (await call('GET', '/v1/applications/18700001')).body.applicant_entity_id;
});
afterAll(async () => ctx.close());

describe('POST /v1/monitors', () => {
  it('creates a monitor: 201 with the secret once, coverage_since, normalised targets and every event type by default', async () => {
    const created = await create({ targets: { application_numbers: ['17/248,024', '17248024'] }, webhook_url: hook });
    expect(created.status).toBe(201);
    expect(created.charged).toBe('1');
    const monitor = created.body;
    expect(monitor).toMatchObject({
      monitor_id: expect.stringMatching(/^mon_[0-9A-Za-z]{20}$/),
      targets: { application_numbers: ['17248024'], patent_numbers: [], entity_ids: [] },
      events: [...EVENT_TYPES],
      webhook_url: hook,
      status: 'active',
      deliveries: { delivered: 0, failed: 0, pending: 0 },
      secret: expect.stringMatching(/^whsec_[0-9A-Za-z]{32}$/),
    });
    expect(monitor.coverage_since).toBe(monitor.created_at);
    expect(Math.abs(Date.parse(monitor.created_at) - Date.now())).toBeLessThan(60_000);

    const listed = await call('GET', '/v1/monitors');
    expect(listed.status).toBe(200);
    const { secret, ...record } = monitor;
    expect(listed.body.monitors).toContainEqual(record);
    expect(listed.raw).not.toContain(secret);
  });

  it('keeps a given secret and the event types asked for', async () => {
    const created = await create({
      targets: { patent_numbers: ['12,000,001'], entity_ids: [entityId] },
      events: ['grant', 'assignment', 'grant'],
      webhook_url: hook,
      secret: 'a-secret-of-24-characters',
    });
    expect(created.body).toMatchObject({
      secret: 'a-secret-of-24-characters',
      events: ['grant', 'assignment'],
      targets: { application_numbers: [], patent_numbers: ['12000001'], entity_ids: [entityId] },
    });
  });

  it('refuses input it cannot use with 422 naming the field, and charges nothing', async () => {
    const refused = async (input: object) => {
      const response = await create(input);
      expect(response.status, JSON.stringify(input)).toBe(422);
      expect(response.charged).toBe('0');
      return response.body.detail[0];
    };
    expect(await refused({ targets: {}, webhook_url: hook })).toMatchObject({ loc: ['body', 'targets'], type: 'targets_empty' });
    expect(await refused({ targets: { application_numbers: [] }, webhook_url: hook })).toMatchObject({ type: 'targets_empty' });
    expect(await refused({ targets: { application_numbers: ['18700001', 'banana'] }, webhook_url: hook })).toMatchObject({
      loc: ['body', 'targets', 'application_numbers', 1],
      input: 'banana',
    });
    expect(await refused({ targets: { entity_ids: ['ent_0000000000000000'] }, webhook_url: hook })).toMatchObject({
      type: 'entity_unknown',
    });
    await refused({ targets: { application_numbers: ['18700001'] }, webhook_url: hook, secret: 'fifteen-chars!!' });
    await refused({ targets: { application_numbers: ['18700001'] }, webhook_url: hook, events: ['nonsense'] });
    await refused({ targets: { application_numbers: ['18700001'] }, webhook_url: `${hook}?${'x'.repeat(2084)}` });
    await refused({ targets: { application_numbers: Array.from({ length: 1001 }, (_, i) => String(18000000 + i)) }, webhook_url: hook });
    await refused({ targets: { application_numbers: ['18700001'] } });
    expect(await refused({ targets: { application_numbers: ['18700001'] }, webhook_url: 'http://hooks.example.test/x' })).toMatchObject({
      loc: ['body', 'webhook_url'],
      msg: 'Webhook URLs must use https',
    });
  });

  it('refuses every target that is not public unicast, IPv4 carried in IPv6 included, also behind a name (D21)', async () => {
    for (const url of [
      'https://127.0.0.1/hook',
      'https://10.0.0.5/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://2130706433/hook',
      'https://localhost/hook',
      'https://inside.example.test/hook',
      'https://metadata.example.test/hook',
      // Documentation and reserved space, and IPv6 forms carrying a loopback or metadata IPv4 address.
      'https://192.0.2.10/hook',
      'https://[::127.0.0.1]/hook',
      'https://[::ffff:0:7f00:1]/hook',
      'https://[64:ff9b:1::7f00:1]/hook',
      'https://[2002:a9fe:a9fe::1]/hook',
      'https://[2001:db8::1]/hook',
      'https://docs.example.test/hook',
      'https://nat64.example.test/hook',
      // Special-purpose IPv4 space, and the remaining IPv6 forms (Teredo's client is inverted: 127.0.0.1; ISATAP names 127.0.0.1).
      'https://198.51.100.7/hook',
      'https://203.0.113.9/hook',
      'https://198.18.0.1/hook',
      'https://100.64.0.1/hook',
      'https://224.0.0.1/hook',
      'https://240.0.0.1/hook',
      'https://255.255.255.255/hook',
      'https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/hook',
      'https://[2001:4860::5efe:7f00:1]/hook',
      'https://[ff02::1]/hook',
    ]) {
      const response = await create({ targets: { application_numbers: ['18700001'] }, webhook_url: url });
      expect(response.status, url).toBe(422);
      expect(response.body.detail[0], url).toMatchObject({ loc: ['body', 'webhook_url'], type: 'webhook_url_refused' });
    }
    // The URL parser writes the address in its shortest form, and the reason names it so.
    expect(
      (await create({ targets: { application_numbers: ['18700001'] }, webhook_url: 'https://[::127.0.0.1]/hook' })).body.detail[0].msg,
    ).toBe('::7f00:1 is not a public address');
    expect(
      (await create({ targets: { application_numbers: ['18700001'] }, webhook_url: 'https://docs.example.test/hook' })).body.detail[0].msg,
    ).toBe('docs.example.test resolves to 198.51.100.7, not a public address');
  });

  it('accepts public targets, IPv4 carried in IPv6 included (D21)', async () => {
    for (const url of [
      'https://[2606:4700::1111]/hook',
      'https://[::ffff:808:808]/hook',
      'https://[64:ff9b::808:808]/hook',
      'https://[2002:808:808::1]/hook',
    ]) {
      expect((await create({ targets: { application_numbers: ['18700001'] }, webhook_url: url })).status, url).toBe(201);
    }
  });

  it('allows 100 monitors per org, then 409 limit_reached; deleting one makes room', async () => {
    const { apiKey } = await fundedKey(ctx, 'many@example.com', 1000);
    const ids: string[] = [];
    for (let i = 0; i < 100; i += 1) {
      const response = await create({ targets: { application_numbers: [String(18000000 + i)] }, webhook_url: hook }, apiKey);
      expect(response.status).toBe(201);
      ids.push(response.body.monitor_id);
    }
    const over = await create({ targets: { application_numbers: ['18700001'] }, webhook_url: hook }, apiKey);
    expect(over).toMatchObject({ status: 409, body: { error: 'limit_reached' }, charged: '0' });
    expect((await call('GET', '/v1/monitors', undefined, apiKey)).body.count).toBe(100);
    expect((await call('DELETE', `/v1/monitors/${ids[0]}`, undefined, apiKey)).status).toBe(204);
    expect((await create({ targets: { application_numbers: ['18700001'] }, webhook_url: hook }, apiKey)).status).toBe(201);
  });
});

describe('monitor events and deletion', () => {
  it('fires only on events detected after creation, of its types, on its targets; newest first with delivery fields', async () => {
    await record([eventOf('office_action', '18700002', null, 'before')]);
    const all = (await create({ targets: { application_numbers: ['18700002'] }, webhook_url: hook })).body;
    const grants = (await create({ targets: { application_numbers: ['18700002'] }, events: ['grant'], webhook_url: hook })).body;
    const byPatent = (await create({ targets: { patent_numbers: ['12700002'] }, webhook_url: hook })).body;
    const events = EVENT_TYPES.map((type, i) => eventOf(type, '18700002', i % 2 === 0 ? '12700002' : null));
    await record(events);
    await record([eventOf('grant', '18700099', '12700099')]);

    const listOf = async (id: string, query = '') => call('GET', `/v1/monitors/${id}/events${query}`);
    const allEvents = await listOf(all.monitor_id);
    expect(allEvents.status).toBe(200);
    expect(allEvents.body).toMatchObject({ monitor_id: all.monitor_id, count: EVENT_TYPES.length, coverage_since: all.coverage_since });
    expect(allEvents.body.events.map((e: { event_id: string }) => e.event_id)).toEqual(events.map((e) => e.eventId).reverse());
    expect(allEvents.body.events[0]).toMatchObject({
      event_type: 'continuation_filed',
      application_number: '18700002',
      attempts: 0,
      last_status: null,
      delivered_at: null,
    });
    expect((await listOf(grants.monitor_id)).body.events.map((e: { event_type: string }) => e.event_type)).toEqual(['grant']);
    expect((await listOf(byPatent.monitor_id)).body.count).toBe(Math.ceil(EVENT_TYPES.length / 2));
    expect((await listOf(all.monitor_id, '?limit=2')).body.count).toBe(2);
    expect((await listOf(all.monitor_id, '?since=2999-01-01')).body.count).toBe(0);
    expect((await listOf(all.monitor_id, '?since=soon')).status).toBe(422);
    const listed = (await call('GET', '/v1/monitors')).body.monitors.find((m: { monitor_id: string }) => m.monitor_id === all.monitor_id);
    expect(listed.deliveries).toEqual({ delivered: 0, failed: 0, pending: EVENT_TYPES.length });
  });

  it('an entity target covers applications linked to the entity after the monitor was made', async () => {
    const monitor = (await create({ targets: { entity_ids: [entityId] }, webhook_url: hook })).body;
    const later = fullRecord(
      '18700003',
      { applicantName: 'Orrery Mills, Inc.' },
      { parties: [party('applicant', 'Orrery Mills, Inc.', { city: 'Dover', region: 'DE', country: 'US' })] },
    );
    await loadFileWrapper(ctx.db, itemsOf([later]), { product: 'PTFWPRD', fileName: 'daily.json', fileDate: '2026-11-02' });
    await resolveEntities(ctx.db);
    await record([eventOf('office_action', '18700003', null, 'linked-later'), eventOf('office_action', '18799999', null, 'stranger')]);
    const listed = await call('GET', `/v1/monitors/${monitor.monitor_id}/events`);
    expect(listed.body.events.map((e: { application_number: string }) => e.application_number)).toContain('18700003');
    expect(listed.body.events.map((e: { application_number: string }) => e.application_number)).not.toContain('18799999');
  });

  it('records no delivery for events of a transaction that rolls back', async () => {
    const monitor = (await create({ targets: { application_numbers: ['18700004'] }, webhook_url: hook })).body;
    await expect(
      ctx.db.transaction(async (tx) => {
        await insertEvents(tx, [eventOf('grant', '18700004', '12700004')], new Date(), null);
        throw new Error('ingest failed');
      }),
    ).rejects.toThrow('ingest failed');
    expect((await call('GET', `/v1/monitors/${monitor.monitor_id}/events`)).body.count).toBe(0);
  });

  it("DELETE stops a monitor (204), cancels what it had pending; another org's monitor is a 404", async () => {
    const monitor = (await create({ targets: { application_numbers: ['18700005'] }, webhook_url: hook })).body;
    expect((await call('DELETE', `/v1/monitors/${monitor.monitor_id}`, undefined, otherKey)).status).toBe(404);
    expect((await call('GET', `/v1/monitors/${monitor.monitor_id}/events`, undefined, otherKey)).status).toBe(404);
    await record([eventOf('grant', '18700005', '12700005')]);
    const deleted = await call('DELETE', `/v1/monitors/${monitor.monitor_id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.raw).toBe('');
    expect((await call('DELETE', `/v1/monitors/${monitor.monitor_id}`)).status).toBe(404);
    expect((await call('GET', `/v1/monitors/${monitor.monitor_id}/events`)).status).toBe(404);
    expect((await call('GET', '/v1/monitors')).raw).not.toContain(monitor.monitor_id);
    const { rows } = await ctx.db.query<{ status: string }>(`SELECT status FROM webhook_deliveries WHERE monitor_id = $1`, [
      monitor.monitor_id,
    ]);
    expect(rows).toEqual([{ status: 'cancelled' }]);
    await record([eventOf('grant', '18700005', '12700005', 'after-delete')]);
    const after = await ctx.db.query(`SELECT 1 FROM webhook_deliveries WHERE monitor_id = $1`, [monitor.monitor_id]);
    expect(after.rows).toHaveLength(1);
  });
});
