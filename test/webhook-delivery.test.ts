import { createHmac, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEvents } from '../src/db/events.sql.js';
import { buildEvent, type DetectedEvent, EVENT_TYPES, type EventType } from '../src/domain/events.js';
import { creditByEmail } from '../src/resources/accounts/service.js';
import { type RunningWorker, startWorker } from '../src/worker/start.js';
import { balanceOf, createTestApp, fundedKey, type TestContext } from './helpers/app.js';
import { waitFor } from './helpers/test-jobs.js';
import { WebhookReceiver } from './helpers/webhook-receiver.js';

/**
 * Deliveries end to end: events recorded as an ingest records them, the worker's delivery loop
 * on the app's own services, and a real local receiver. Attempts time out after 2 s and retry
 * after 100 ms, so the whole D16 schedule plays out in seconds.
 */
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const RETRIES = 6;

let ctx: TestContext;
let worker: RunningWorker;
let receiver: WebhookReceiver;
let key: string;
let orgId: string;

const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, apiKey = key) => {
  const response = await ctx.app.inject({ method, url, headers: { 'x-api-key': apiKey }, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.body ? response.json() : null };
};
const monitorOn = async (path: string, targets: object, extra: object = {}, apiKey = key) => {
  const response = await call('POST', '/v1/monitors', { targets, webhook_url: `${receiver.url}${path}`, ...extra }, apiKey);
  if (response.status !== 201) throw new Error(`monitor not created: ${JSON.stringify(response.body)}`);
  return response.body as { monitor_id: string; secret: string };
};
const eventOf = (type: EventType, applicationNumber: string, discriminator = '1') =>
  buildEvent(type, { applicationNumber, patentNumber: null }, '2026-11-20', discriminator, { note: type } as never);
const record = (events: DetectedEvent[]) => ctx.db.transaction((tx) => insertEvents(tx, events, new Date(), null));
const deliveries = async (monitorId: string) =>
  (await call('GET', `/v1/monitors/${monitorId}/events?limit=1000`)).body.events as {
    event_id: string;
    attempts: number;
    last_status: number | null;
    delivered_at: string | null;
  }[];

const deliveredCount = async () =>
  Number(
    (
      await ctx.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM webhook_deliveries WHERE org_id = $1 AND status = 'delivered'`, [
        orgId,
      ])
    ).rows[0]!.n,
  );
/** Units the usage journal has for deliveries of the main org, after the ledger wrote everything back. */
const deliveryUnitsJournalled = async () => {
  await ctx.services.charging.flush();
  const { rows } = await ctx.db.query<{ units: string | null }>(
    `SELECT sum(units)::text AS units FROM usage_journal WHERE org_id = $1 AND channel = 'delivery'`,
    [orgId],
  );
  return Number(rows[0]!.units ?? 0);
};

/** The receiver's check, written here from D16 alone (not the service's code). */
function signedBy(secret: string, raw: string, header: string): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(`${match[1]}.${raw}`).digest();
  return Math.abs(Date.now() / 1000 - Number(match[1])) < 300 && timingSafeEqual(expected, Buffer.from(match[2]!, 'hex'));
}

beforeAll(async () => {
  receiver = await new WebhookReceiver().start();
  ctx = await createTestApp({
    env: { WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_TIMEOUT_MS: '2000' },
    configure: (config) => {
      config.webhooks.retryDelaysMs = Array.from({ length: RETRIES }, () => 100);
      config.webhooks.unfundedRecheckMs = 200;
    },
  });
  ({ apiKey: key, orgId } = await fundedKey(ctx, 'hooks@example.com', 1000));
  worker = await startWorker(ctx.services, { log: silent, registry: [], deliveryPollMs: 30 });
});
afterAll(async () => {
  await worker?.stop();
  await receiver?.close();
  await ctx?.close();
});

describe('webhook delivery', () => {
  it('POSTs each event type a monitor selects, signed, once each, charging one unit per delivered event', async () => {
    const all = await monitorOn('/all', { application_numbers: ['18800001'] });
    const some = await monitorOn(
      '/some',
      { application_numbers: ['18800001'] },
      { events: ['grant', 'assignment'], secret: 'my-own-secret-0123456789' },
    );
    const before = await balanceOf(ctx, orgId);
    const events = EVENT_TYPES.map((type) => eventOf(type, '18800001'));
    await record(events);
    await waitFor(
      async () => (receiver.at('/all').length >= EVENT_TYPES.length && receiver.at('/some').length >= 2 ? true : undefined),
      15_000,
      'deliveries',
    );
    await waitFor(async () => ((await deliveredCount()) === EVENT_TYPES.length + 2 ? true : undefined), 5_000, 'outcomes');
    // Exactly one unit per delivered event (nothing else was charged meanwhile: the waits read the database).
    expect(before - (await balanceOf(ctx, orgId))).toBe(EVENT_TYPES.length + 2);

    expect(
      receiver
        .at('/all')
        .map((r) => r.body.event.event_type)
        .sort(),
    ).toEqual([...EVENT_TYPES].sort());
    expect(
      receiver
        .at('/some')
        .map((r) => r.body.event.event_type)
        .sort(),
    ).toEqual(['assignment', 'grant']);
    for (const [path, secret] of [
      ['/all', all.secret],
      ['/some', 'my-own-secret-0123456789'],
    ] as const) {
      for (const delivery of receiver.at(path)) {
        expect(signedBy(secret, delivery.raw, String(delivery.headers['x-signature']))).toBe(true);
        expect(signedBy('another-secret-0123456789', delivery.raw, String(delivery.headers['x-signature']))).toBe(false);
        expect(delivery.headers['x-event-id']).toBe(delivery.body.event.event_id);
        expect(delivery.headers['x-delivery-attempt']).toBe('1');
        expect(delivery.headers['content-type']).toBe('application/json');
        expect(Object.keys(delivery.body)).toEqual(['delivery_id', 'monitor_id', 'event']);
        expect(delivery.body.delivery_id).toMatch(/^dlv_[0-9a-f]{24}$/);
      }
    }
    const grant = receiver.at('/some').find((r) => r.body.event.event_type === 'grant')!;
    const sent = events.find((e) => e.eventType === 'grant')!;
    expect(grant.body).toMatchObject({
      monitor_id: some.monitor_id,
      event: {
        event_id: sent.eventId,
        event_type: 'grant',
        occurred_on: '2026-11-20',
        application_number: '18800001',
        detail: { note: 'grant' },
      },
    });
    const listed = await deliveries(all.monitor_id);
    expect(listed).toHaveLength(EVENT_TYPES.length);
    expect(listed.every((d) => d.attempts === 1 && d.last_status === 200)).toBe(true);
    expect(await deliveryUnitsJournalled()).toBe(EVENT_TYPES.length + 2);
  });

  it('retries a receiver that fails, then times out, then recovers: at least once, same event id, attempt header rising', async () => {
    receiver.script('/flaky', [500, 'hang', 200]);
    const monitor = await monitorOn('/flaky', { application_numbers: ['18800002'] });
    await record([eventOf('office_action', '18800002')]);
    await waitFor(async () => ((await deliveries(monitor.monitor_id))[0]?.delivered_at ? true : undefined), 15_000, 'recovery');
    const got = receiver.at('/flaky');
    expect(got.map((r) => r.headers['x-delivery-attempt'])).toEqual(['1', '2', '3']);
    expect(new Set(got.map((r) => r.headers['x-event-id'])).size).toBe(1);
    expect(new Set(got.map((r) => r.body.delivery_id)).size).toBe(1);
    for (const r of got) expect(signedBy(monitor.secret, r.raw, String(r.headers['x-signature']))).toBe(true);
    expect((await deliveries(monitor.monitor_id))[0]).toMatchObject({ attempts: 3, last_status: 200 });
    expect(await deliveryUnitsJournalled()).toBe(EVENT_TYPES.length + 2 + 1);
  });

  it('gives up after the last retry, charging nothing, and never follows a redirect', async () => {
    receiver.script('/down', [503]);
    receiver.script('/moved', [{ redirect: `${receiver.url}/stolen` }]);
    const down = await monitorOn('/down', { application_numbers: ['18800003'] });
    const moved = await monitorOn('/moved', { application_numbers: ['18800003'] });
    await record([eventOf('grant', '18800003')]);
    await waitFor(
      async () =>
        (await call('GET', '/v1/monitors')).body.monitors.filter((m: { deliveries: { failed: number } }) => m.deliveries.failed === 1)
          .length === 2
          ? true
          : undefined,
      20_000,
      'failures',
    );
    expect(receiver.at('/down')).toHaveLength(1 + RETRIES);
    expect(receiver.at('/moved')).toHaveLength(1 + RETRIES);
    expect(receiver.at('/stolen')).toHaveLength(0);
    expect((await deliveries(down.monitor_id))[0]).toMatchObject({ attempts: 1 + RETRIES, last_status: 503, delivered_at: null });
    expect((await deliveries(moved.monitor_id))[0]).toMatchObject({ last_status: 302, delivered_at: null });
  });

  it("stops a deleted monitor's pending deliveries", async () => {
    receiver.script('/gone', [500]);
    const monitor = await monitorOn('/gone', { application_numbers: ['18800004'] });
    await record([eventOf('grant', '18800004')]);
    await waitFor(async () => (receiver.at('/gone').length >= 1 ? true : undefined), 10_000, 'first attempt');
    expect((await call('DELETE', `/v1/monitors/${monitor.monitor_id}`)).status).toBe(204);
    const seen = receiver.at('/gone').length;
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(receiver.at('/gone').length).toBeLessThanOrEqual(seen + 1);
    const { rows } = await ctx.db.query(`SELECT status FROM webhook_deliveries WHERE monitor_id = $1`, [monitor.monitor_id]);
    expect(rows).toEqual([{ status: 'cancelled' }]);
  });

  it("keeps an unfunded org's deliveries waiting, without counting attempts, and sends them all once it is funded", async () => {
    const poor = await fundedKey(ctx, 'poor@example.com', 2);
    const monitor = await monitorOn('/poor', { application_numbers: ['18800005'] }, {}, poor.apiKey);
    await balanceOf(ctx, poor.orgId);
    await record([eventOf('grant', '18800005'), eventOf('assignment', '18800005'), eventOf('office_action', '18800005')]);
    await waitFor(async () => (receiver.at('/poor').length >= 1 ? true : undefined), 10_000, 'the funded delivery');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(receiver.at('/poor')).toHaveLength(1);
    expect(await balanceOf(ctx, poor.orgId)).toBe(0);
    // A claim counts an attempt until the missing credit gives it back: read the rows between two claims.
    const waiting = await waitFor(
      async () => {
        const { rows } = await ctx.db.query<{ attempts: number; status: string }>(
          `SELECT attempts, status FROM webhook_deliveries WHERE monitor_id = $1 AND status = 'pending' ORDER BY event_seq`,
          [monitor.monitor_id],
        );
        return rows.every((row) => row.attempts === 0) ? rows : undefined;
      },
      5_000,
      'the waiting deliveries between claims',
    );
    expect(waiting).toEqual([
      { attempts: 0, status: 'pending' },
      { attempts: 0, status: 'pending' },
    ]);

    await creditByEmail(ctx.db, { email: 'poor@example.com', units: 5, source: 'admin', reference: null });
    await waitFor(async () => (receiver.at('/poor').length >= 3 ? true : undefined), 10_000, 'the waiting deliveries');
    await waitFor(
      async () =>
        (await ctx.db.query(`SELECT 1 FROM webhook_deliveries WHERE monitor_id = $1 AND status = 'delivered'`, [monitor.monitor_id])).rows
          .length === 3
          ? true
          : undefined,
      5_000,
      'outcomes',
    );
    expect(receiver.at('/poor').map((r) => r.headers['x-delivery-attempt'])).toEqual(['1', '1', '1']);
    expect(await balanceOf(ctx, poor.orgId)).toBe(5 - 2);
  });
});

describe('webhook delivery without WEBHOOK_ALLOW_PRIVATE (D21)', () => {
  it.each([
    ['loopback', '127.0.0.1', 'rebind'],
    ['SIIT-carried loopback', '::ffff:0:7f00:1', 'siit'],
    ['NAT64-carried loopback', '64:ff9b:1::7f00:1', 'nat64'],
  ])(
    'refuses at delivery a name that resolved to a public address at creation and to %s (%s) now (DNS rebinding)',
    async (_kind, now, path) => {
      let address = '93.184.215.14';
      const strict = await createTestApp({
        env: { WEBHOOK_TIMEOUT_MS: '300' },
        resolveHost: async () => [{ address, family: isIP(address) }],
        configure: (config) => void (config.webhooks.retryDelaysMs = []),
      });
      const strictWorker = await startWorker(strict.services, { log: silent, registry: [], deliveryPollMs: 30 });
      try {
        const { apiKey } = await fundedKey(strict, 'strict@example.com', 100);
        const port = new URL(receiver.url).port;
        const created = await strict.app.inject({
          method: 'POST',
          url: '/v1/monitors',
          headers: { 'x-api-key': apiKey },
          payload: { targets: { application_numbers: ['18800006'] }, webhook_url: `https://rebind.example.test:${port}/${path}` },
        });
        expect(created.statusCode).toBe(201);
        address = now;
        await strict.db.transaction((tx) => insertEvents(tx, [eventOf('grant', '18800006')], new Date(), null));
        const outcome = await waitFor(
          async () => {
            const { rows } = await strict.db.query<{ status: string; last_error: string | null }>(
              `SELECT status, last_error FROM webhook_deliveries WHERE status = 'failed'`,
            );
            return rows[0];
          },
          10_000,
          'the refused delivery',
        );
        expect(outcome.last_error).toBe(`rebind.example.test resolves to ${now}, not a public address`);
        expect(receiver.at(`/${path}`)).toHaveLength(0);
      } finally {
        await strictWorker.stop();
        await strict.close();
      }
    },
  );
});
