import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, inject, it } from 'vitest';
import { sweepStaleLeases } from '../src/billing/lease-sweeper.js';
import { findOrgCredit } from '../src/billing/leases.sql.js';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/database.js';
import { openPglite } from '../src/db/pglite-engine.js';
import { buildApp } from '../src/http/app.js';
import * as accounts from '../src/resources/accounts/accounts.sql.js';
import { signup } from '../src/resources/accounts/service.js';
import { buildServices } from '../src/services.js';
import { balanceEquation, trafficThenKill as killUnderTraffic, type Traffic } from './helpers/charged-traffic.js';
import { createTestDatabase } from './helpers/database.js';
import { inProcessServer, startServerProcess, type ApiServer, type ServerProcess } from './helpers/server-process.js';

/**
 * A real crash: a server serving charged requests is SIGKILLed mid-traffic, restarted and swept.
 * The customer must have lost nothing: balance = start − Σ X-Credits-Charged of the answers
 * received, give or take what the dead process had delivered and not written back (at most its
 * crash bound), and that only in the customer's favour.
 */
const START = 10_000;
const SERVED_BEFORE_KILL = 150;
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function fundedOrg(db: Database): Promise<{ orgId: string; key: string }> {
  const { orgId, key } = await signup(db, 'crash@example.com', null);
  await accounts.creditOrg(db, { orgId, units: START, source: 'admin', reference: null });
  return { orgId, key: key.api_key };
}

/** Eight clients send charged requests until `SERVED_BEFORE_KILL` were answered, then the server is killed under them. */
async function trafficThenKill(server: ServerProcess, key: string): Promise<Traffic> {
  const traffic = await killUnderTraffic(server, key, {
    clients: 8,
    killAfter: SERVED_BEFORE_KILL,
    next: () => ({ method: 'POST', path: '/v1/applications/status', body: { application_numbers: ['nonsense'] } }),
  });
  expect(traffic.unexpected).toEqual([]);
  return traffic;
}

/** The balance equation, given the whole balance after the sweep. */
function expectBalanceEquation(traffic: Traffic, balance: number): void {
  const { charged, forgiven, allowance } = balanceEquation(START, [traffic], balance);
  expect(charged).toBeGreaterThanOrEqual(SERVED_BEFORE_KILL);
  // Never taken twice: at least every charge the customer saw is paid back by nothing.
  expect(forgiven).toBeGreaterThanOrEqual(0);
  // Forgiven at most: the crash bound (250 units), and never more than the traffic charged.
  expect(forgiven).toBeLessThanOrEqual(allowance);
}

async function onPostgres(): Promise<void> {
  const target = await createTestDatabase();
  let restarted: ServerProcess | null = null;
  try {
    const { orgId, key } = await fundedOrg(target.db);
    const first = await startServerProcess('first', { DATABASE_URL: target.url! });
    const traffic = await trafficThenKill(first, key);
    // The dead process's lease is still on disk, units reserved and not all spent.
    const beforeSweep = (await findOrgCredit(target.db, orgId, null))!;
    expect(beforeSweep.leased).toBeGreaterThan(0);

    restarted = await startServerProcess('restarted', { DATABASE_URL: target.url! });
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    // The worker's lease sweeper, with a threshold short enough for a test.
    const swept = await sweepStaleLeases(target.db, { staleAfterMs: 1_000 });
    expect(swept.leases).toBe(1);
    expect(swept.units).toBe(beforeSweep.leased);
    const afterSweep = (await findOrgCredit(target.db, orgId, null))!;
    expect(afterSweep.leased).toBe(0);
    expectBalanceEquation(traffic, afterSweep.row);
    const me = await restarted.request('GET', '/agent/me', key);
    expect(JSON.parse(me.body).balance_units).toBe(afterSweep.row);
    // The restarted server charges on from there.
    const next = await restarted.request('POST', '/v1/applications/status', key, { application_numbers: ['nonsense'] });
    expect(next.headers['x-credits-remaining']).toBe(String(afterSweep.row - 1));
  } finally {
    await restarted?.stop();
    await target.drop();
  }
}

async function onEmbedded(): Promise<void> {
  const template = inject('template');
  if (template.engine !== 'pglite') throw new Error('the embedded run needs the embedded template');
  const dir = mkdtempSync(join(tmpdir(), 'pss-crash-'));
  dirs.push(dir);
  const dataDir = join(dir, 'pglite');
  const seed = await openPglite({ dataDir, loadDataDir: new Blob([await readFile(template.path)]) });
  const { orgId, key } = await fundedOrg(seed);
  await seed.close();
  // The child owns the directory while it runs (one process per data directory).
  const first = await startServerProcess('first', { PATENT_STATUS_DATA_DIR: dir, DATABASE_URL: '' });
  const traffic = await trafficThenKill(first, key);

  // Restarted in this process: open the directory, sweep as the in-process worker does, serve.
  const db = await openPglite({ dataDir });
  let server: ApiServer | null = null;
  try {
    const beforeSweep = (await findOrgCredit(db, orgId, null))!;
    expect(beforeSweep.leased).toBeGreaterThan(0);
    const app = await buildApp(buildServices({ config: loadConfig({}), db, notifier: { send: async () => undefined } }));
    server = inProcessServer('restarted', app);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const swept = await sweepStaleLeases(db, { staleAfterMs: 1_000 });
    expect(swept).toEqual({ leases: 1, units: beforeSweep.leased });
    const afterSweep = (await findOrgCredit(db, orgId, null))!;
    expect(afterSweep.leased).toBe(0);
    expectBalanceEquation(traffic, afterSweep.row);
    const me = await server.request('GET', '/agent/me', key);
    expect(JSON.parse(me.body).balance_units).toBe(afterSweep.row);
  } finally {
    await server?.stop();
    await db.close();
  }
}

// Each CI pass runs the suite on one engine; this test kills a server on that engine.
it(`a server killed mid-traffic, restarted and swept, cost the customer nothing (${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded engine'})`, async () => {
  await (process.env.DATABASE_URL ? onPostgres() : onEmbedded());
});
