import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeOf } from '../src/billing/charges.js';
import { rollUpUsageJournal } from '../src/billing/usage-journal.js';
import { addUsage } from '../src/billing/usage-journal.sql.js';
import { runAdmin } from '../src/commands/admin.js';
import type { App } from '../src/http/app.js';
import { createTestApp, fundedKey, type TestContext } from './helpers/app.js';

/** The usage journal (DESIGN.md D22): requests and units per org, minute and route, written with the spent units. */
function probeRoutes(app: App): void {
  app.get('/v1/probe/item', async () => ({ ok: true }));
  app.get('/v1/probe/list', { schema: { querystring: Type.Object({ rows: Type.Integer({ minimum: 0 }) }) } }, async (request) => {
    const { rows } = request.query as { rows: number };
    const served = await chargeOf(request).affordableRows(rows);
    chargeOf(request).served(served);
    return { items: Array.from({ length: served }, (_, i) => i) };
  });
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ routes: probeRoutes });
});
afterAll(async () => ctx.close());

interface JournalRow {
  org_id: string;
  period: string;
  period_start: Date;
  channel: string;
  what: string;
  requests: number;
  units: number;
}
const journal = async (orgId: string) =>
  (
    await ctx.db.query<JournalRow>(
      `SELECT org_id, period, period_start, channel, what, requests, units FROM usage_journal WHERE org_id = $1 ORDER BY period, period_start, what`,
      [orgId],
    )
  ).rows;

describe('usage journal', () => {
  it('records requests and units per org, minute and route, adding up to the charges', async () => {
    const first = await fundedKey(ctx, 'journal-a@example.com', 100);
    const second = await fundedKey(ctx, 'journal-b@example.com', 100);
    const started = Date.now();
    const urls = [
      '/v1/probe/item',
      '/v1/probe/item',
      '/v1/probe/list?rows=150',
      '/v1/probe/item',
      '/v1/probe/list?rows=250',
      '/v1/nothing',
    ];
    const answers = await Promise.all(urls.map((url) => ctx.app.inject({ method: 'GET', url, headers: { 'x-api-key': first.apiKey } })));
    const other = await ctx.app.inject({ method: 'GET', url: '/v1/probe/item', headers: { 'x-api-key': second.apiKey } });
    await ctx.app.charging.flush();

    const rows = await journal(first.orgId);
    // Requests of one test can straddle a minute boundary: fold minutes before comparing.
    const byRoute = new Map<string, { requests: number; units: number }>();
    for (const row of rows) {
      expect(row.period).toBe('minute');
      expect(row.period_start.getTime() % 60_000).toBe(0);
      expect(row.period_start.getTime()).toBeGreaterThanOrEqual(started - (started % 60_000));
      const seen = byRoute.get(`${row.channel} ${row.what}`) ?? { requests: 0, units: 0 };
      byRoute.set(`${row.channel} ${row.what}`, { requests: seen.requests + Number(row.requests), units: seen.units + Number(row.units) });
    }
    expect(Object.fromEntries(byRoute)).toEqual({
      'rest GET /v1/probe/item': { requests: 3, units: 3 },
      'rest GET /v1/probe/list': { requests: 2, units: 5 },
    });
    const charged = answers.reduce((sum, a) => sum + Number(a.headers['x-credits-charged']), 0);
    expect([...byRoute.values()].reduce((sum, r) => sum + r.units, 0)).toBe(charged);
    expect((await journal(second.orgId)).map((row) => [row.what, Number(row.requests), Number(row.units)])).toEqual([
      ['GET /v1/probe/item', 1, 1],
    ]);
    expect(other.headers['x-credits-charged']).toBe('1');

    const lines: string[] = [];
    await runAdmin(ctx.db, ['usage', '--email', 'journal-a@example.com'], (line) => lines.push(line));
    expect(lines).toEqual(['channel\twhat\trequests\tunits', 'rest\tGET /v1/probe/list\t2\t5', 'rest\tGET /v1/probe/item\t3\t3']);
  });

  it('rolls minute rows of days long past into one row per day, once', async () => {
    const { orgId } = await fundedKey(ctx, 'journal-rollup@example.com', 1);
    const now = new Date('2026-11-20T12:00:00Z');
    const at = (iso: string) => new Date(iso).getTime();
    const row = (minute: number, what: string, requests: number, units: number) => ({
      orgId,
      minute,
      channel: 'rest',
      what,
      requests,
      units,
    });
    await ctx.db.transaction((tx) =>
      addUsage(tx, [
        row(at('2026-11-02T08:15:00Z'), 'GET /v1/a', 2, 2),
        row(at('2026-11-02T23:59:00Z'), 'GET /v1/a', 3, 4),
        row(at('2026-11-02T10:00:00Z'), 'GET /v1/b', 1, 1),
        row(at('2026-11-05T00:00:00Z'), 'GET /v1/a', 5, 5),
        row(at('2026-11-19T09:00:00Z'), 'GET /v1/a', 7, 7),
      ]),
    );
    expect(await rollUpUsageJournal(ctx.db, { keepDays: 7, now })).toEqual({ minuteRows: 4, dayRows: 3 });
    expect(await rollUpUsageJournal(ctx.db, { keepDays: 7, now })).toEqual({ minuteRows: 0, dayRows: 0 });
    const rows = (await journal(orgId)).map((r) => [r.period, r.period_start.toISOString(), r.what, Number(r.requests), Number(r.units)]);
    expect(rows).toEqual([
      ['day', '2026-11-02T00:00:00.000Z', 'GET /v1/a', 5, 6],
      ['day', '2026-11-02T00:00:00.000Z', 'GET /v1/b', 1, 1],
      ['day', '2026-11-05T00:00:00.000Z', 'GET /v1/a', 5, 5],
      ['minute', '2026-11-19T09:00:00.000Z', 'GET /v1/a', 7, 7],
    ]);
  });
});
