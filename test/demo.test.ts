import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_EMAIL, ensureDemoAccount } from '../src/commands/demo.js';
import { balanceOf, createTestApp, type TestContext } from './helpers/app.js';

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
