import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../src/commands/admin.js';
import { MAX_KEYS_PER_ORG } from '../src/resources/accounts/service.js';
import { balanceOf, createTestApp, signUp, type TestContext } from './helpers/app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

const me = (apiKey: string) => ctx.app.inject({ method: 'GET', url: '/agent/me', headers: { 'x-api-key': apiKey } });

describe('POST /agent/signup: the funding state machine', () => {
  it('creates an unfunded org and shows a key once', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/agent/signup',
      payload: { owner_email: 'Alice@Example.COM', agent_name: 'docket-bot' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers['x-credits-charged']).toBe('0');
    const body = response.json();
    expect(body.api_key).toMatch(/^pss_[0-9A-Za-z]{32}$/);
    expect(body.org_id).toMatch(/^org_/);
    expect(body.prefix).toBe(body.api_key.slice(0, 12));
    expect(body.note).toContain('/agent/checkout-link');

    const view = (await me(body.api_key)).json();
    expect(view).toMatchObject({
      org_id: body.org_id,
      owner_email: 'alice@example.com',
      agent_name: 'docket-bot',
      balance_units: 0,
      funded: false,
    });
    expect(view.keys).toEqual([
      {
        key_id: body.key_id,
        prefix: body.prefix,
        name: 'docket-bot',
        created_at: expect.any(String),
        last_used_at: expect.toBeOneOf([expect.any(String), null]),
      },
    ]);
  });

  it('notifies the owner without ever including the key', async () => {
    const { apiKey } = await signUp(ctx.app, 'notify@example.com', 'agent-007');
    const notice = ctx.notices.find((n) => n.to === 'notify@example.com');
    expect(notice?.subject).toBe('An agent enrolled in the Patent Status Service');
    expect(notice?.text).toContain('agent-007');
    expect(notice?.text).not.toContain(apiKey);
    expect(notice?.text).not.toContain(apiKey.slice(4));
  });

  it('re-signup before funding revokes the old key and mints a new one on the same org', async () => {
    const first = await signUp(ctx.app, 'bob@example.com');
    const second = await signUp(ctx.app, 'BOB@example.com');
    expect(second.orgId).toBe(first.orgId);
    expect(second.apiKey).not.toBe(first.apiKey);
    expect((await me(first.apiKey)).statusCode).toBe(401);
    expect((await me(second.apiKey)).statusCode).toBe(200);
    const rekeyNotice = ctx.notices.filter((n) => n.to === 'bob@example.com').at(-1);
    expect(rekeyNotice?.text).toContain('previous key of your organization was revoked');
    expect(rekeyNotice?.text).not.toContain(second.apiKey);
  });

  it('after funding answers 409 org_exists and leaves the keys alone', async () => {
    const { apiKey, orgId } = await signUp(ctx.app, 'carol@example.com');
    const lines: string[] = [];
    await runAdmin(ctx.db, ['credit', '--email', 'carol@example.com', '--units', '1000'], (line) => lines.push(line));
    expect(lines).toEqual([`credited 1000 units to ${orgId}; balance 1000`]);

    const again = await ctx.app.inject({ method: 'POST', url: '/agent/signup', payload: { owner_email: 'carol@example.com' } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'org_exists' });
    expect(again.headers['x-credits-charged']).toBe('0');
    expect((await me(apiKey)).json()).toMatchObject({ balance_units: 1000, funded: true });
  });

  it('gives a single org to concurrent first signups with one e-mail', async () => {
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        ctx.app.inject({ method: 'POST', url: '/agent/signup', payload: { owner_email: 'race@example.com' } }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(responses.map((r) => r.json().org_id)).size).toBe(1);
    const live = (await Promise.all(responses.map((r) => me(r.json().api_key)))).filter((r) => r.statusCode === 200);
    expect(live).toHaveLength(1);
  });

  it.each([
    [{}, ['body', 'owner_email'], 'missing'],
    [{ owner_email: 'not-an-email' }, ['body', 'owner_email'], 'email_format'],
    [{ owner_email: 'x@example.com', agent_name: 'a'.repeat(201) }, ['body', 'agent_name'], 'string_too_long'],
  ])('rejects %j with 422 at %j', async (payload, loc, type) => {
    const response = await ctx.app.inject({ method: 'POST', url: '/agent/signup', payload });
    expect(response.statusCode).toBe(422);
    expect(response.headers['x-credits-charged']).toBe('0');
    const body = response.json();
    expect(body.error).toBe('validation_error');
    expect(body.detail).toContainEqual(expect.objectContaining({ loc, type }));
    for (const item of body.detail) expect(Object.keys(item)).toEqual(expect.arrayContaining(['loc', 'msg', 'type', 'input']));
  });

  it('reports the offending input and limit in a 422 detail', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/agent/signup',
      payload: { owner_email: 'y@example.com', agent_name: 'b'.repeat(201) },
    });
    expect(response.json().detail).toEqual([
      {
        loc: ['body', 'agent_name'],
        msg: 'String should have at most 200 characters',
        type: 'string_too_long',
        // The echo is cut at 200 characters (docs/errors.md).
        input: `${'b'.repeat(200)}…`,
        ctx: { max_length: 200 },
      },
    ]);
  });

  it('answers malformed JSON with 400 invalid_json and a wrong media type with 415', async () => {
    const broken = await ctx.app.inject({
      method: 'POST',
      url: '/agent/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"owner_email": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toBe('invalid_json');
    const text = await ctx.app.inject({
      method: 'POST',
      url: '/agent/signup',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().error).toBe('unsupported_media_type');
  });

  it('refuses a body over the configured limit with 413', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/agent/signup',
      payload: { owner_email: 'big@example.com', agent_name: 'x'.repeat(ctx.config.bodyLimitBytes) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toBe('payload_too_large');
  });
});

describe('POST /keys and GET /agent/me', () => {
  it('mints additional keys on the same balance, shown once', async () => {
    const { apiKey, orgId } = await signUp(ctx.app, 'keys@example.com');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/keys',
      headers: { authorization: `Bearer ${apiKey}` },
      payload: { name: 'ci' },
    });
    expect(response.statusCode).toBe(201);
    const key = response.json();
    expect(key).toEqual({
      api_key: expect.stringMatching(/^pss_/),
      key_id: expect.stringMatching(/^key_/),
      prefix: key.api_key.slice(0, 12),
      name: 'ci',
      created_at: expect.any(String),
    });
    const view = (await me(key.api_key)).json();
    expect(view.org_id).toBe(orgId);
    expect(view.keys.map((k: { name: string }) => k.name)).toEqual([null, 'ci']);
    expect(JSON.stringify(view)).not.toContain(key.api_key);
  });

  it(`stops at ${MAX_KEYS_PER_ORG} active keys with 409 limit_reached`, async () => {
    const { apiKey } = await signUp(ctx.app, 'many@example.com');
    for (let i = 1; i < MAX_KEYS_PER_ORG; i += 1) {
      const created = await ctx.app.inject({ method: 'POST', url: '/keys', headers: { 'x-api-key': apiKey }, payload: { name: `k${i}` } });
      expect(created.statusCode).toBe(201);
    }
    const over = await ctx.app.inject({ method: 'POST', url: '/keys', headers: { 'x-api-key': apiKey }, payload: {} });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ error: 'limit_reached', detail: { limit: MAX_KEYS_PER_ORG, resource: 'keys' } });
  });

  it.each([
    ['no key', {}],
    ['a mistyped key', { 'x-api-key': 'pss_thisIsNotARealKeyButLooksLikeOne' }],
    ['a malformed key', { 'x-api-key': 'hello' }],
    ['a malformed bearer', { authorization: 'Basic abc' }],
  ])('answers %s with 401 invalid_api_key', async (_label, headers) => {
    const response = await ctx.app.inject({ method: 'GET', url: '/agent/me', headers });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: 'invalid_api_key',
      message: 'The API key is missing, revoked or mistyped.',
      request_id: response.headers['x-request-id'],
    });
    expect(response.headers['x-credits-charged']).toBe('0');
  });

  it('stops accepting a key revoked by the operator', async () => {
    const { apiKey } = await signUp(ctx.app, 'revoke@example.com');
    const lines: string[] = [];
    await runAdmin(ctx.db, ['revoke-key', '--key', apiKey.slice(0, 12)], (line) => lines.push(line));
    expect(lines[0]).toMatch(/^revoked key_/);
    expect((await me(apiKey)).statusCode).toBe(401);
  });
});

describe('GET /keys and DELETE /keys/{key_id} (D28)', () => {
  const call = (method: 'GET' | 'DELETE', url: string, apiKey: string) => ctx.app.inject({ method, url, headers: { 'x-api-key': apiKey } });

  it("lists the active keys with when each was last used, and revokes one; never the last, never another org's", async () => {
    const first = await signUp(ctx.app, 'key-list@example.com');
    const minted = await ctx.app.inject({
      method: 'POST',
      url: '/keys',
      headers: { 'x-api-key': first.apiKey },
      payload: { name: 'second' },
    });
    const second = minted.json<{ api_key: string; key_id: string; prefix: string }>();
    const other = await signUp(ctx.app, 'key-other@example.com');

    // The first key was used by the mint: its use is written in the background, within moments.
    let listed = (await call('GET', '/keys', first.apiKey)).json<{
      keys: { key_id: string; name: string | null; last_used_at: string | null }[];
    }>();
    for (let i = 0; i < 40 && listed.keys[0]!.last_used_at === null; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      listed = (await call('GET', '/keys', first.apiKey)).json();
    }
    expect(listed.keys.map((k) => k.name)).toEqual([null, 'second']);
    expect(listed.keys[1]).toMatchObject({ key_id: second.key_id, prefix: second.prefix });
    expect(Math.abs(Date.parse(listed.keys[0]!.last_used_at!) - Date.now())).toBeLessThan(60_000);
    expect(JSON.stringify(listed)).not.toContain(second.api_key);

    expect((await call('DELETE', `/keys/${second.key_id}`, other.apiKey)).statusCode).toBe(404);
    const deleted = await call('DELETE', `/keys/${second.key_id}`, first.apiKey);
    expect(deleted.statusCode).toBe(204);
    expect((await me(second.api_key)).statusCode).toBe(401);
    expect((await call('DELETE', `/keys/${second.key_id}`, first.apiKey)).statusCode).toBe(404);
    const firstKeyId = listed.keys[0]!.key_id;
    expect((await call('DELETE', `/keys/${firstKeyId}`, first.apiKey)).json()).toMatchObject({ error: 'limit_reached' });
    expect((await me(first.apiKey)).statusCode).toBe(200);
  });
});

describe('POST /agent/checkout-link', () => {
  const checkout = (apiKey: string, payload: unknown) =>
    ctx.app.inject({ method: 'POST', url: '/agent/checkout-link', headers: { 'x-api-key': apiKey }, payload: payload as object });

  it('rejects amounts below 20 dollars with 400 amount_below_minimum', async () => {
    const { apiKey } = await signUp(ctx.app, 'pay@example.com');
    const response = await checkout(apiKey, { amount_usd: 19 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'amount_below_minimum', detail: { minimum_usd: 20, amount_usd: 19 } });
    expect(response.headers['x-credits-charged']).toBe('0');
  });

  it('answers 503 billing_not_configured when no payment processor is set up', async () => {
    const { apiKey } = await signUp(ctx.app, 'pay2@example.com');
    const response = await checkout(apiKey, { amount_usd: 20 });
    expect(response.statusCode).toBe(503);
    expect(response.json().error).toBe('billing_not_configured');
  });

  it.each([
    [{ amount_usd: 20.5 }, 'integer_type'],
    [{ amount_usd: 'twenty' }, 'integer_type'],
    [{}, 'missing'],
  ])('rejects %j with 422 on body.amount_usd', async (payload, type) => {
    const { apiKey } = await signUp(ctx.app, `pay-${type}-${JSON.stringify(payload).length}@example.com`);
    const response = await checkout(apiKey, payload);
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toContainEqual(expect.objectContaining({ loc: ['body', 'amount_usd'], type }));
  });

  it('needs a key', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/agent/checkout-link', payload: { amount_usd: 20 } });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /webhooks/stripe', () => {
  it('answers 503 billing_not_configured without STRIPE_WEBHOOK_SECRET, whatever it is sent', async () => {
    const payload = JSON.stringify({ id: 'evt_test_1', object: 'event', type: 'checkout.session.completed', data: { object: {} } });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_this_deployments' });
    for (const headers of [{ 'content-type': 'application/json', 'stripe-signature': signature }, { 'content-type': 'application/json' }]) {
      const response = await ctx.app.inject({ method: 'POST', url: '/webhooks/stripe', headers, payload });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        error: 'billing_not_configured',
        message: expect.any(String),
        request_id: response.headers['x-request-id'],
      });
    }
  });
});

describe('admin commands', () => {
  it('credits idempotently by reference and lists orgs', async () => {
    const { orgId } = await signUp(ctx.app, 'ops@example.com');
    const out: string[] = [];
    await runAdmin(ctx.db, ['credit', '--email', 'OPS@example.com', '--units', '250', '--reference', 'invoice-7'], (l) => out.push(l));
    await runAdmin(ctx.db, ['credit', '--email', 'ops@example.com', '--units', '250', '--reference', 'invoice-7'], (l) => out.push(l));
    expect(out).toEqual([`credited 250 units to ${orgId}; balance 250`, `reference already applied; ${orgId} balance 250`]);
    expect(await balanceOf(ctx, orgId)).toBe(250);

    const listing: string[] = [];
    await runAdmin(ctx.db, ['orgs'], (l) => listing.push(l));
    expect(listing[0]).toBe('org_id\towner_email\tbalance_units\tfunded_at\tactive_keys');
    const row = listing.find((l) => l.startsWith(orgId))?.split('\t');
    expect(row?.[1]).toBe('ops@example.com');
    expect(row?.[2]).toBe('250');
    expect(row?.[4]).toBe('1');
  });

  it('refuses unknown e-mails, bad units and unknown subcommands', async () => {
    await expect(runAdmin(ctx.db, ['credit', '--email', 'nobody@example.com', '--units', '5'])).rejects.toThrow(/No organization/);
    await expect(runAdmin(ctx.db, ['credit', '--email', 'ops@example.com', '--units', '0'])).rejects.toThrow(
      '--units must be a positive whole number, got "0"',
    );
    await expect(runAdmin(ctx.db, ['frobnicate'])).rejects.toThrow("unknown subcommand 'frobnicate' (credit, orgs, usage, revoke-key)");
  });
});
