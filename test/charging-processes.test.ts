import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOrgCredit } from '../src/billing/leases.sql.js';
import { runAdmin } from '../src/commands/admin.js';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/database.js';
import { buildApp } from '../src/http/app.js';
import * as accounts from '../src/resources/accounts/accounts.sql.js';
import { signup } from '../src/resources/accounts/service.js';
import { buildServices } from '../src/services.js';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';
import { inProcessServer, startServerProcess, type Answer, type ApiServer } from './helpers/server-process.js';

/**
 * Charging across processes (DESIGN.md D22). On PostgreSQL the servers are real `serve` child
 * processes sharing the test's database; the embedded engine allows one process per data
 * directory, so there two apps in this process share one database, each with its own lease holder.
 */
const ON_POSTGRES = Boolean(process.env.DATABASE_URL);
const ENGINE = ON_POSTGRES ? 'PostgreSQL, two server processes' : 'embedded engine, two apps on one database';

/** Batch status of an unreadable number: a 200 that costs one unit and needs no data loaded. */
const CHARGED = ['POST', '/v1/applications/status', { application_numbers: ['nonsense'] }] as const;
const call = (server: ApiServer, key: string) => server.request(CHARGED[0], CHARGED[1], key, CHARGED[2]);
const charged = (answers: Answer[]) => answers.reduce((sum, a) => sum + Number(a.headers['x-credits-charged'] ?? 0), 0);

async function fundedOrg(db: Database, email: string, units: number): Promise<{ orgId: string; key: string }> {
  const { orgId, key } = await signup(db, email, null);
  await accounts.creditOrg(db, { orgId, units, source: 'admin', reference: null });
  return { orgId, key: key.api_key };
}

/** Row + every lease as on disk: the whole balance once every holder has written back (within a tick). */
async function wholeBalanceOnDisk(db: Database, orgId: string): Promise<number> {
  const credit = (await findOrgCredit(db, orgId, null))!;
  return credit.row + credit.leased;
}

describe(`two servers on one org (${ENGINE})`, () => {
  let database: TestDatabase;
  let servers: ApiServer[];
  beforeAll(async () => {
    database = await createTestDatabase();
    if (ON_POSTGRES) {
      servers = await Promise.all(['A', 'B'].map((name) => startServerProcess(name, { DATABASE_URL: database.url! })));
    } else {
      const config = loadConfig({ PUBLIC_BASE_URL: 'https://patents.example.test' });
      const notifier = { send: async () => undefined };
      const apps = await Promise.all([0, 1].map(() => buildApp(buildServices({ config, db: database.db, notifier }))));
      servers = apps.map((app, i) => inProcessServer(i === 0 ? 'A' : 'B', app));
    }
  });
  afterAll(async () => {
    await Promise.all((servers ?? []).map((server) => server.stop()));
    await database?.drop();
  });

  it('share 40 units: exactly 40 requests are served, alternating between them, before the first 402', async () => {
    const { orgId, key } = await fundedOrg(database.db, 'forty@example.com', 40);
    const answers: Answer[] = [];
    for (let i = 0; i < 60; i += 1) {
      const answer = await call(servers[i % 2]!, key);
      answers.push(answer);
      if (answer.status !== 200) break;
    }
    expect(answers.slice(0, 40).every((a) => a.status === 200)).toBe(true);
    expect(answers).toHaveLength(41);
    expect(answers[40]!.status).toBe(402);
    expect(JSON.parse(answers[40]!.body).error).toBe('payment_required');
    expect((await call(servers[0]!, key)).status).toBe(402);
    expect((await call(servers[1]!, key)).status).toBe(402);
    expect(charged(answers)).toBe(40);
    await expect.poll(() => wholeBalanceOnDisk(database.db, orgId), { timeout: 5_000 }).toBe(0);
  });

  it('share 40 units under 60 concurrent requests: 40 served, 20 refused, nothing unpaid', async () => {
    const { orgId, key } = await fundedOrg(database.db, 'forty-at-once@example.com', 40);
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => call(servers[i % 2]!, key)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(40);
    expect(answers.filter((a) => a.status === 402)).toHaveLength(20);
    expect(charged(answers)).toBe(40);
    await expect.poll(() => wholeBalanceOnDisk(database.db, orgId), { timeout: 5_000 }).toBe(0);
  });

  it('200 concurrent requests spread over both: the charges add up to the balance drop', async () => {
    const { orgId, key } = await fundedOrg(database.db, 'two-hundred@example.com', 1000);
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => call(servers[i % 2]!, key)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(charged(answers)).toBe(200);
    // Both holders write their spent units back within a tick or so.
    await expect.poll(() => wholeBalanceOnDisk(database.db, orgId), { timeout: 5_000 }).toBe(800);
  });

  it('200 concurrent requests for 150 units: the charges still add up to the balance drop', async () => {
    const { orgId, key } = await fundedOrg(database.db, 'hundred-fifty@example.com', 150);
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => call(servers[i % 2]!, key)));
    const served = answers.filter((a) => a.status === 200);
    expect(answers.every((a) => a.status === 200 || a.status === 402)).toBe(true);
    expect(served).toHaveLength(150);
    await expect.poll(() => wholeBalanceOnDisk(database.db, orgId), { timeout: 5_000 }).toBe(150 - charged(answers));
  });

  it('shows the whole balance, other processes’ leases included, in /agent/me and admin orgs', async () => {
    const { orgId, key } = await fundedOrg(database.db, 'whole@example.com', 1000);
    expect((await call(servers[0]!, key)).status).toBe(200);
    // A writes its spent unit back within a tick and keeps its lease until it has been idle for a second.
    const spentOnDisk = async () =>
      (await database.db.query<{ n: number }>(`SELECT sum(units_spent)::int AS n FROM credit_leases WHERE org_id = $1`, [orgId])).rows[0]
        ?.n;
    await expect.poll(spentOnDisk, { timeout: 5_000, interval: 20 }).toBe(1);
    const credit = (await findOrgCredit(database.db, orgId, null))!;
    expect(credit.row).toBeLessThan(999); // units sit in A's lease, not in the row
    const me = await servers[1]!.request('GET', '/agent/me', key);
    expect(JSON.parse(me.body).balance_units).toBe(999);
    const lines: string[] = [];
    await runAdmin(database.db, ['orgs'], (line) => lines.push(line));
    expect(lines.find((line) => line.startsWith(`${orgId}\t`))?.split('\t')[2]).toBe('999');
  });
});
