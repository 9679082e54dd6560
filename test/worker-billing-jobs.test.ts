import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildServices } from '../src/services.js';
import type { JobContext } from '../src/worker/job-type.js';
import { rollUpUsage } from '../src/worker/jobs/roll-up-usage.js';
import { sweepLeases } from '../src/worker/jobs/sweep-leases.js';
import { createTestApp, fundedKey, type TestContext } from './helpers/app.js';

/** The billing jobs as the worker runs them: their handlers, on the services the composition root builds. */
let ctx: TestContext;
let context: JobContext;
beforeAll(async () => {
  ctx = await createTestApp();
  const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const services = buildServices({ config: ctx.config, db: ctx.db, notifier: { send: async () => undefined } });
  context = { services, signal: new AbortController().signal, attempt: 1, log: quiet };
});
afterAll(async () => ctx?.close());

it('billing.sweep-leases returns the unspent units of a process that stopped beating, once', async () => {
  const { orgId } = await fundedKey(ctx, 'swept@example.com', 100);
  // A process took 40 units into its lease, wrote back 10 spent, then died an hour ago.
  await ctx.db.query(
    `INSERT INTO credit_holders (holder_id, description, heartbeat_at) VALUES ('dead', 'test', now() - interval '1 hour')`,
  );
  await ctx.db.query(`INSERT INTO credit_leases (holder_id, org_id, units_reserved, units_spent) VALUES ('dead', $1, 40, 10)`, [orgId]);
  await ctx.db.query(`UPDATE orgs SET balance_units = balance_units - 40 WHERE org_id = $1`, [orgId]);

  await sweepLeases.handle({ $version: 1, stale_after_ms: 5_000 }, context);
  const balance = async () =>
    Number((await ctx.db.query<{ b: number }>(`SELECT balance_units AS b FROM orgs WHERE org_id = $1`, [orgId])).rows[0]!.b);
  expect(await balance()).toBe(90);
  expect((await ctx.db.query(`SELECT 1 FROM credit_holders WHERE holder_id = 'dead'`)).rowCount).toBe(0);
  await sweepLeases.handle({ $version: 1, stale_after_ms: 5_000 }, context);
  expect(await balance()).toBe(90);
});

it('billing.roll-up-usage folds old minute rows into one day row per org and route, idempotently', async () => {
  const { orgId } = await fundedKey(ctx, 'journal@example.com', 100);
  for (const minute of ['2026-01-05T10:00:00Z', '2026-01-05T10:01:00Z', '2026-01-05T23:59:00Z']) {
    await ctx.db.query(
      `INSERT INTO usage_journal (org_id, period, period_start, channel, what, requests, units) VALUES ($1, 'minute', $2, 'rest', 'GET /v1/applications/:application_number', 3, 4)`,
      [orgId, minute],
    );
  }
  const rows = async () =>
    (
      await ctx.db.query<{ period: string; requests: number; units: number }>(
        `SELECT period, requests, units FROM usage_journal WHERE org_id = $1 ORDER BY period`,
        [orgId],
      )
    ).rows.map((row) => ({ period: row.period, requests: Number(row.requests), units: Number(row.units) }));

  await rollUpUsage.handle({ $version: 1, keep_days: 7 }, context);
  expect(await rows()).toEqual([{ period: 'day', requests: 9, units: 12 }]);
  await rollUpUsage.handle({ $version: 1, keep_days: 7 }, context);
  expect(await rows()).toEqual([{ period: 'day', requests: 9, units: 12 }]);
});
