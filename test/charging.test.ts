import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/domain/errors.js';
import { chargeOf } from '../src/billing/charges.js';
import type { App } from '../src/http/app.js';
import { balanceOf, createTestApp, fundedKey, signUp, type TestContext } from './helpers/app.js';

/**
 * No data route exists yet, so these tests register small /v1 routes of their own: a single
 * object, a list charged per 100 rows, a not-found and a crash.
 */
function probeRoutes(app: App): void {
  app.get(
    '/v1/probe/item',
    { schema: { querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })) }) } },
    async () => ({
      ok: true,
    }),
  );
  app.get(
    '/v1/probe/list',
    { schema: { querystring: Type.Object({ rows: Type.Integer({ minimum: 0, maximum: 5000 }) }) } },
    async (request) => {
      const { rows } = request.query as { rows: number };
      const served = await chargeOf(request).affordableRows(rows);
      chargeOf(request).served(served);
      return { items: Array.from({ length: served }, (_, i) => i), next_cursor: served < rows ? 'more' : null };
    },
  );
  app.get('/v1/probe/missing', async () => {
    throw new AppError('not_found', 'No application 99999999.');
  });
  app.get('/v1/probe/crash', async () => {
    throw new Error('secret internal detail: connection string postgres://user:pw@host');
  });
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ routes: probeRoutes });
});
afterAll(async () => ctx.close());

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

describe('keys on /v1', () => {
  it('accepts X-API-KEY and Authorization: Bearer alike', async () => {
    const { apiKey } = await fundedKey(ctx, 'both@example.com', 10);
    expect((await get('/v1/probe/item', { 'x-api-key': apiKey })).statusCode).toBe(200);
    expect((await get('/v1/probe/item', { authorization: `Bearer ${apiKey}` })).statusCode).toBe(200);
    expect((await get('/v1/probe/item', { authorization: `bearer ${apiKey}` })).statusCode).toBe(200);
  });

  it.each([
    ['missing', {}],
    ['mistyped', { 'x-api-key': 'pss_0000000000000000000000000000000A' }],
    ['garbage bearer', { authorization: 'Bearer nope' }],
  ])('answers a %s key with 401 invalid_api_key and charges nothing', async (_label, headers) => {
    const response = await get('/v1/probe/item', headers);
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe('invalid_api_key');
    expect(response.headers['x-credits-charged']).toBe('0');
    expect(response.headers['x-credits-remaining']).toBeUndefined();
  });

  it('asks for a key and credit on every /v1 path, even one that does not exist', async () => {
    const { apiKey } = await signUp(ctx.app, 'nowhere@example.com');
    expect((await get('/v1/applications/17248024')).statusCode).toBe(401);
    const unfunded = await get('/v1/applications/17248024', { 'x-api-key': apiKey });
    expect(unfunded.statusCode).toBe(402);
    expect(unfunded.json().checkout).toEqual({ method: 'POST', path: '/agent/checkout-link', body: { amount_usd: 20 } });
  });

  it('answers a revoked key with 401', async () => {
    const first = await signUp(ctx.app, 'revoked@example.com');
    await signUp(ctx.app, 'revoked@example.com');
    expect((await get('/v1/probe/item', { 'x-api-key': first.apiKey })).statusCode).toBe(401);
  });

  it('answers an unfunded org with 402 and the checkout call to make (D13)', async () => {
    const { apiKey } = await signUp(ctx.app, 'unfunded@example.com');
    const response = await get('/v1/probe/item', { 'x-api-key': apiKey });
    expect(response.statusCode).toBe(402);
    expect(response.headers['x-credits-charged']).toBe('0');
    expect(response.json()).toEqual({
      error: 'payment_required',
      message: expect.any(String),
      checkout: { method: 'POST', path: '/agent/checkout-link', body: { amount_usd: 20 } },
      minimum_usd: 20,
      request_id: response.headers['x-request-id'],
    });
  });
});

describe('charging', () => {
  it('charges 1 unit per request and reports the balance after the charge', async () => {
    const { apiKey, orgId } = await fundedKey(ctx, 'single@example.com', 5);
    const response = await get('/v1/probe/item', { 'x-api-key': apiKey });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-credits-charged']).toBe('1');
    expect(response.headers['x-credits-remaining']).toBe('4');
    expect(await balanceOf(ctx, orgId)).toBe(4);
  });

  it.each([
    [0, 1],
    [1, 1],
    [100, 1],
    [101, 2],
    [250, 3],
  ])('charges a list of %i rows %i unit(s)', async (rows, units) => {
    const { apiKey, orgId } = await fundedKey(ctx, `list-${rows}@example.com`, 10);
    const response = await get(`/v1/probe/list?rows=${rows}`, { 'x-api-key': apiKey });
    expect(response.json().items).toHaveLength(rows);
    expect(response.headers['x-credits-charged']).toBe(String(units));
    expect(await balanceOf(ctx, orgId)).toBe(10 - units);
  });

  it('never drives a balance negative: a list returns at most balance × 100 rows', async () => {
    const { apiKey, orgId } = await fundedKey(ctx, 'cap@example.com', 2);
    const response = await get('/v1/probe/list?rows=450', { 'x-api-key': apiKey });
    expect(response.statusCode).toBe(200);
    expect(response.json().items).toHaveLength(200);
    expect(response.json().next_cursor).toBe('more');
    expect(response.headers['x-credits-charged']).toBe('2');
    expect(response.headers['x-credits-remaining']).toBe('0');
    expect(await balanceOf(ctx, orgId)).toBe(0);
    const after = await get('/v1/probe/item', { 'x-api-key': apiKey });
    expect(after.statusCode).toBe(402);
  });

  it('charges nothing for errors: 404, 422 and 500', async () => {
    const { apiKey, orgId } = await fundedKey(ctx, 'errors@example.com', 3);
    const missing = await get('/v1/probe/missing', { 'x-api-key': apiKey });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      error: 'not_found',
      message: 'No application 99999999.',
      request_id: missing.headers['x-request-id'],
    });

    const invalid = await get('/v1/probe/item?limit=0', { 'x-api-key': apiKey });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().detail).toEqual([
      { loc: ['query', 'limit'], msg: 'Input should be greater than or equal to 1', type: 'greater_than_equal', input: 0, ctx: { ge: 1 } },
    ]);

    const crash = await get('/v1/probe/crash', { 'x-api-key': apiKey });
    expect(crash.statusCode).toBe(500);
    expect(crash.json()).toEqual({
      error: 'internal_error',
      message: 'An unexpected error occurred.',
      request_id: crash.headers['x-request-id'],
    });
    expect(crash.body).not.toContain('secret');

    const unknown = await get('/v1/no-such-route', { 'x-api-key': apiKey });
    expect(unknown.statusCode).toBe(404);

    for (const response of [missing, invalid, crash, unknown]) {
      expect(response.headers['x-credits-charged']).toBe('0');
      expect(response.headers['x-credits-remaining']).toBeUndefined();
    }
    expect(await balanceOf(ctx, orgId)).toBe(3);
  });

  it('is exact under 200 concurrent requests: the charges add up to the balance drop', async () => {
    const { apiKey, orgId } = await fundedKey(ctx, 'concurrent@example.com', 1000);
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => get(i % 2 === 0 ? '/v1/probe/item' : '/v1/probe/list?rows=150', { 'x-api-key': apiKey })),
    );
    const charged = responses.reduce((sum, r) => sum + Number(r.headers['x-credits-charged']), 0);
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    expect(charged).toBe(100 * 1 + 100 * 2);
    expect(await balanceOf(ctx, orgId)).toBe(1000 - charged);
    const remaining = responses.map((r) => Number(r.headers['x-credits-remaining']));
    // Each charge saw a distinct balance: no two requests were debited from the same snapshot.
    expect(Math.min(...remaining)).toBe(1000 - charged);
  });

  it('serves no unpaid response when 200 concurrent requests race for 50 units', async () => {
    const { apiKey, orgId } = await fundedKey(ctx, 'scarce@example.com', 50);
    const responses = await Promise.all(Array.from({ length: 200 }, () => get('/v1/probe/item', { 'x-api-key': apiKey })));
    const ok = responses.filter((r) => r.statusCode === 200);
    const refused = responses.filter((r) => r.statusCode === 402);
    expect(ok).toHaveLength(50);
    expect(refused).toHaveLength(150);
    expect(refused.every((r) => r.headers['x-credits-charged'] === '0' && r.json().error === 'payment_required')).toBe(true);
    expect(ok.reduce((sum, r) => sum + Number(r.headers['x-credits-charged']), 0)).toBe(50);
    expect(await balanceOf(ctx, orgId)).toBe(0);
  });

  it('does not offer HEAD on /v1: 404 after the key check, never charged', async () => {
    const { apiKey, orgId } = await fundedKey(ctx, 'head@example.com', 3);
    const head = await ctx.app.inject({ method: 'HEAD', url: '/v1/probe/item', headers: { 'x-api-key': apiKey } });
    expect(head.statusCode).toBe(404);
    expect(head.headers['x-credits-charged']).toBe('0');
    expect(head.headers['x-credits-remaining']).toBeUndefined();
    expect(head.body).toBe('');
    expect((await ctx.app.inject({ method: 'HEAD', url: '/v1/probe/item' })).statusCode).toBe(401);
    // Whatever its parameters: never validated, never served.
    const invalid = await ctx.app.inject({ method: 'HEAD', url: '/v1/probe/item?limit=0', headers: { 'x-api-key': apiKey } });
    expect(invalid.statusCode).toBe(404);
    expect(invalid.headers['x-credits-charged']).toBe('0');
    // GET on the same route is served and charged.
    expect((await get('/v1/probe/item', { 'x-api-key': apiKey })).headers['x-credits-charged']).toBe('1');
    expect(await balanceOf(ctx, orgId)).toBe(2);
  });

  it('does not charge account endpoints', async () => {
    const { apiKey, orgId } = await fundedKey(ctx, 'free@example.com', 7);
    const response = await get('/agent/me', { 'x-api-key': apiKey });
    expect(response.headers['x-credits-charged']).toBe('0');
    expect(await balanceOf(ctx, orgId)).toBe(7);
  });
});
