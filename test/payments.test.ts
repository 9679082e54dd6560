import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCheckoutSession } from '../src/resources/payments/payments.sql.js';
import { createTestApp, signUp, type TestContext } from './helpers/app.js';
import { checkoutEvent, signed, StripeStandIn } from './helpers/stripe-stand-in.js';

/**
 * Stripe Checkout end to end (DESIGN.md D19): checkout links through the real `stripe` client
 * against a local stand-in of Stripe's API, and payment events posted to `/webhooks/stripe`
 * signed as Stripe signs them. Balances are read through `GET /agent/me`, as an agent would.
 */
const SECRET_KEY = `sk_test_${randomBytes(12).toString('hex')}`;
const WEBHOOK_SECRET = `whsec_${randomBytes(24).toString('base64url')}`;

let stripe: StripeStandIn;
let ctx: TestContext;
const logs: Record<string, unknown>[] = [];
beforeAll(async () => {
  stripe = await new StripeStandIn().start();
  ctx = await createTestApp({
    env: { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE_URL: stripe.url },
    logger: pino({ level: 'info' }, { write: (line: string) => void logs.push(JSON.parse(line)) }),
  });
});
afterAll(async () => {
  await ctx?.close();
  await stripe?.stop();
});

const me = async (apiKey: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/agent/me', headers: { 'x-api-key': apiKey } })).json<{
    balance_units: number;
    funded: boolean;
  }>();
const checkout = (apiKey: string, amountUsd: number) =>
  ctx.app.inject({ method: 'POST', url: '/agent/checkout-link', headers: { 'x-api-key': apiKey }, payload: { amount_usd: amountUsd } });
const deliver = (payload: string, signature: string | null = signed(payload, WEBHOOK_SECRET)) =>
  ctx.app.inject({
    method: 'POST',
    url: '/webhooks/stripe',
    headers: { 'content-type': 'application/json; charset=utf-8', ...(signature === null ? {} : { 'stripe-signature': signature }) },
    payload,
  });

/** A checkout link bought through the API: the session as the stand-in created it. */
async function linkFor(apiKey: string, amountUsd: number) {
  const response = await checkout(apiKey, amountUsd);
  expect(response.statusCode, response.body).toBe(200);
  const sessionId = new URL(response.json<{ url: string }>().url).pathname.split('/').at(-1)!;
  return stripe.sessions.get(sessionId)!;
}
const paid = (session: Parameters<typeof checkoutEvent>[1], extra: object = {}) =>
  checkoutEvent('checkout.session.completed', { ...session, payment_status: 'paid', status: 'complete', ...extra });

describe('POST /agent/checkout-link', () => {
  it('creates a Stripe Checkout Session for the org: USD line item, references, 24 hours, recorded', async () => {
    const { apiKey, orgId } = await signUp(ctx.app, 'checkout@example.com');
    const before = Date.now();
    const response = await checkout(apiKey, 25);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['x-credits-charged']).toBe('0');
    const body = response.json<{ url: string; expires_at: string }>();

    const sent = stripe.requests.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions', authorization: `Bearer ${SECRET_KEY}` });
    expect(sent.form).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '2500',
      client_reference_id: orgId,
      'metadata[org_id]': orgId,
      'metadata[units]': '1250',
      success_url: 'https://patents.example.test/checkout/return?outcome=paid',
      cancel_url: 'https://patents.example.test/checkout/return?outcome=cancelled',
    });
    const unitAmount = Number(sent.form['line_items[0][price_data][unit_amount]']);
    expect(unitAmount * Number(sent.form['line_items[0][quantity]'])).toBe(25 * 100);
    const expiresAt = Number(sent.form.expires_at) * 1000;
    expect(Math.abs(expiresAt - (before + 24 * 3600_000))).toBeLessThan(120_000);

    const session = [...stripe.sessions.values()].at(-1)!;
    expect(body).toEqual({ url: session.url, expires_at: new Date(session.expires_at * 1000).toISOString() });
    expect(body.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    expect(await findCheckoutSession(ctx.db, session.id)).toMatchObject({
      org_id: orgId,
      amount_usd: 25,
      units: 1250,
      credited_at: null,
      created_at: expect.any(Date),
    });
  });

  it('refuses less than 20 dollars before calling Stripe (400 amount_below_minimum)', async () => {
    const { apiKey } = await signUp(ctx.app, 'cheap@example.com');
    const sent = stripe.requests.length;
    const response = await checkout(apiKey, 19);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'amount_below_minimum',
      message: expect.any(String),
      detail: { minimum_usd: 20, amount_usd: 19 },
      request_id: response.headers['x-request-id'],
    });
    expect(stripe.requests.length).toBe(sent);
  });

  it('answers 502 payment_processor_error when Stripe refuses or cannot be reached, and records nothing', async () => {
    const { apiKey, orgId } = await signUp(ctx.app, 'outage@example.com');
    try {
      for (const fault of [
        { status: 401 as const, type: 'invalid_request_error', message: 'Invalid API Key provided' },
        'reset' as const,
      ]) {
        stripe.fault = fault;
        const response = await checkout(apiKey, 20);
        expect(response.statusCode).toBe(502);
        expect(response.json()).toEqual({
          error: 'payment_processor_error',
          message: expect.any(String),
          request_id: response.headers['x-request-id'],
        });
        expect(response.headers['x-credits-charged']).toBe('0');
      }
    } finally {
      stripe.fault = null;
    }
    const { rows } = await ctx.db.query('SELECT 1 FROM checkout_sessions WHERE org_id = $1', [orgId]);
    expect(rows).toEqual([]);
  });

  it('sends the payer back to a page of ours', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/checkout/return?outcome=cancelled' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('Nothing was charged');
  });
});

describe('POST /webhooks/stripe', () => {
  it('credits a paid session once: balance, funding, receipt; replays and later events add nothing', async () => {
    const { apiKey, orgId } = await signUp(ctx.app, 'payer@example.com', 'pay-bot');
    const session = await linkFor(apiKey, 20);
    const event = paid(session);

    const response = await deliver(event);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: 'credited' });
    expect(await me(apiKey)).toMatchObject({ balance_units: 1000, funded: true });
    // Funded: the signup state machine moved on.
    const again = await ctx.app.inject({ method: 'POST', url: '/agent/signup', payload: { owner_email: 'payer@example.com' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('org_exists');

    const receipt = ctx.notices.filter((n) => n.to === 'payer@example.com').at(-1)!;
    expect(receipt.subject).toMatch(/^Payment received/);
    for (const part of ['USD 20.00', 'Units credited: 1,000', 'New balance:    1,000 units', session.id, orgId]) {
      expect(receipt.text).toContain(part);
    }
    expect(receipt.text).not.toContain(apiKey.slice(4));

    // The same event again (Stripe retries), and another event of the same session: nothing more.
    expect((await deliver(event)).json()).toEqual({ received: true, outcome: 'already_credited' });
    const later = checkoutEvent('checkout.session.async_payment_succeeded', { ...session, payment_status: 'paid', status: 'complete' });
    expect((await deliver(later)).json()).toEqual({ received: true, outcome: 'already_credited' });
    expect((await me(apiKey)).balance_units).toBe(1000);
    const { rows } = await ctx.db.query<{ units: number }>('SELECT units FROM credit_grants WHERE org_id = $1', [orgId]);
    expect(rows).toEqual([{ units: 1000 }]);
    expect(ctx.notices.filter((n) => n.to === 'payer@example.com' && n.subject.startsWith('Payment'))).toHaveLength(1);

    // Units another request leased out of the row are still the org's: the shown balance is row + leases.
    await ctx.app.inject({ method: 'GET', url: '/v1/applications/17248024', headers: { 'x-api-key': apiKey } });
    const second = await linkFor(apiKey, 20);
    expect((await deliver(paid(second))).json().outcome).toBe('credited');
    expect((await me(apiKey)).balance_units).toBe(2000);
  });

  it('credits concurrent deliveries of one payment once (the same event, and distinct events of the session)', async () => {
    const { apiKey } = await signUp(ctx.app, 'twice@example.com');
    const session = await linkFor(apiKey, 40);
    const event = paid(session);
    const succeeded = checkoutEvent('checkout.session.async_payment_succeeded', { ...session, payment_status: 'paid' });
    const answers = await Promise.all([event, event, paid(session), succeeded, event].map((payload) => deliver(payload)));
    expect(answers.map((answer) => answer.json().outcome).sort()).toEqual([...Array(4).fill('already_credited'), 'credited']);
    expect((await me(apiKey)).balance_units).toBe(2000);
  });

  it('waits while a completed session is unpaid and credits it at async_payment_succeeded', async () => {
    const { apiKey } = await signUp(ctx.app, 'bank-debit@example.com');
    const session = await linkFor(apiKey, 30);
    const completed = checkoutEvent('checkout.session.completed', { ...session, payment_status: 'unpaid', status: 'complete' });
    expect((await deliver(completed)).json()).toEqual({ received: true, outcome: 'awaiting_payment' });
    expect(await me(apiKey)).toMatchObject({ balance_units: 0, funded: false });
    expect((await findCheckoutSession(ctx.db, session.id))?.credited_at).toBeNull();

    const succeeded = checkoutEvent('checkout.session.async_payment_succeeded', { ...session, payment_status: 'paid', status: 'complete' });
    expect((await deliver(succeeded)).json()).toEqual({ received: true, outcome: 'credited' });
    expect(await me(apiKey)).toMatchObject({ balance_units: 1500, funded: true });
    expect((await deliver(succeeded)).json().outcome).toBe('already_credited');
    expect((await me(apiKey)).balance_units).toBe(1500);
  });

  it('refuses a missing, wrong or stale signature (400 invalid_signature) and credits nothing', async () => {
    const { apiKey } = await signUp(ctx.app, 'forger@example.com');
    const session = await linkFor(apiKey, 20);
    const event = paid(session);
    const now = Math.floor(Date.now() / 1000);
    const attempts = [
      deliver(event, null),
      deliver(event, signed(event, `whsec_${randomBytes(24).toString('base64url')}`)),
      deliver(event, signed(event, WEBHOOK_SECRET).replace(/v1=[0-9a-f]{4}/, 'v1=0000')),
      deliver(event.replace('"paid"', '"paid" '), signed(event, WEBHOOK_SECRET)),
      deliver(event, signed(event, WEBHOOK_SECRET, now - 301)),
      deliver(event, 'garbage'),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({
        error: 'invalid_signature',
        message: expect.any(String),
        request_id: response.headers['x-request-id'],
      });
      expect(response.headers['x-credits-charged']).toBe('0');
    }
    expect(await me(apiKey)).toMatchObject({ balance_units: 0, funded: false });
    // Within the 300 seconds, the same event is accepted.
    expect((await deliver(event, signed(event, WEBHOOK_SECRET, now - 240))).json().outcome).toBe('credited');
  });

  it('acknowledges an unknown org, a mismatched org and other event types: logged, nothing credited', async () => {
    const unknown = paid(
      { id: 'cs_test_unknownorg', amount_total: 2000 },
      { client_reference_id: 'org_nosuchorg', metadata: { org_id: 'org_nosuchorg' } },
    );
    const response = await deliver(unknown);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: 'unknown_org' });
    expect(await findCheckoutSession(ctx.db, 'cs_test_unknownorg')).toBeNull();
    expect(logs).toContainEqual(
      expect.objectContaining({ level: 40, msg: 'stripe payment not credited', outcome: 'unknown_org', orgId: 'org_nosuchorg' }),
    );

    const { apiKey } = await signUp(ctx.app, 'victim@example.com');
    const other = await signUp(ctx.app, 'other@example.com');
    const session = await linkFor(apiKey, 20);
    const redirected = paid(session, { client_reference_id: other.orgId, metadata: { org_id: other.orgId } });
    expect((await deliver(redirected)).json().outcome).toBe('mismatch');
    const expired = checkoutEvent('checkout.session.expired', { ...session, status: 'expired' });
    expect((await deliver(expired)).json().outcome).toBe('ignored');
    expect((await deliver(checkoutEvent('charge.succeeded', { id: 'ch_test_1' }))).json().outcome).toBe('ignored');
    expect((await me(apiKey)).balance_units).toBe(0);
    expect((await me(other.apiKey)).balance_units).toBe(0);
  });

  it('credits a paid session it holds no record of from what Stripe says was paid', async () => {
    const { apiKey, orgId } = await signUp(ctx.app, 'legacy@example.com');
    const event = paid({ id: 'cs_test_beforetherecord', amount_total: 5000, client_reference_id: orgId, metadata: { org_id: orgId } });
    expect((await deliver(event)).json().outcome).toBe('credited');
    expect((await me(apiKey)).balance_units).toBe(2500);
    expect(await findCheckoutSession(ctx.db, 'cs_test_beforetherecord')).toMatchObject({ org_id: orgId, amount_usd: 50, units: 2500 });
    expect((await deliver(event)).json().outcome).toBe('already_credited');
  });

  it('is documented as a public operation with its signature header and errors', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const operation = doc.paths['/webhooks/stripe'].post;
    expect(operation).toMatchObject({ operationId: 'receiveStripeEvent', security: [] });
    expect(operation.parameters).toContainEqual(expect.objectContaining({ in: 'header', name: 'stripe-signature', required: false }));
    expect(Object.keys(operation.responses).sort()).toEqual(['200', '400', '413', '415', '422', '500', '503']);
    expect(operation.responses['400'].description).toContain('invalid_signature');
  });

  it('answers junk with 4xx in the error shape, never 5xx', async () => {
    const junk = [
      { headers: { 'content-type': 'application/json' }, payload: '' },
      { headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' }, payload: '{"id":' },
      { headers: { 'content-type': 'text/plain', 'stripe-signature': 't=1,v1=00' }, payload: 'a=1' },
      { headers: {}, payload: undefined },
    ];
    for (const request of junk) {
      const response = await ctx.app.inject({ method: 'POST', url: '/webhooks/stripe', ...request });
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body).toBeLessThan(500);
      expect(Object.keys(response.json()).sort()).toEqual(['error', 'message', 'request_id']);
    }
    // Signed with the secret yet not JSON.
    const response = await deliver('not json');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_json');
  });
});
