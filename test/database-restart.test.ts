import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { openPostgres } from '../src/db/postgres-engine.js';
import { buildApp, type App } from '../src/http/app.js';
import { loadFileWrapper } from '../src/products/file-wrapper/load.js';
import * as accounts from '../src/resources/accounts/accounts.sql.js';
import { creditByEmail } from '../src/resources/accounts/service.js';
import { buildServices } from '../src/services.js';
import { fullRecord, itemsOf } from './helpers/file-wrapper-records.js';
import { type Cluster, startPrimary } from './helpers/replica-cluster.js';

/**
 * The PostgreSQL server restarted under load. While it is down the service
 * answers 503 service_unavailable (never a 500), it recovers by itself when the server is back,
 * and the balance afterwards is the credit less exactly the units the responses say they charged:
 * nothing lost, nothing charged twice. The server is a cluster this test starts (so it can stop
 * it); the file runs once, in the PostgreSQL pass.
 */
const EMAIL = 'restart@example.com';
const CREDIT = 100_000;
const NUMBERS = ['17100001', '17100002', '17100003', '17100004'];
let cluster: Cluster;
let db: Database;
let app: App;
let key: string;
let orgId: string;

describe.runIf(process.env.DATABASE_URL)('the database restarted under load', () => {
  beforeAll(async () => {
    cluster = await startPrimary();
    await cluster.admin('CREATE DATABASE patents');
    db = openPostgres({ connectionString: cluster.url('patents') });
    await migrate(db);
    await loadFileWrapper(db, itemsOf(NUMBERS.map((n) => fullRecord(n))), {
      product: 'PTFWPRD',
      fileName: 'r.json',
      fileDate: '2026-11-20',
    });
    const config = loadConfig({ DATABASE_URL: cluster.url('patents'), PUBLIC_BASE_URL: 'https://patents.example.test' });
    app = await buildApp(buildServices({ config, db, notifier: { send: async () => undefined } }));
    await app.ready();
    const signup = await app.inject({ method: 'POST', url: '/agent/signup', payload: { owner_email: EMAIL } });
    ({ api_key: key, org_id: orgId } = signup.json<{ api_key: string; org_id: string }>());
    await creditByEmail(db, { email: EMAIL, units: CREDIT, source: 'admin', reference: null });
  }, 120_000);

  afterAll(async () => {
    await app?.close().catch(() => undefined);
    await db?.close().catch(() => undefined);
    await cluster?.stop();
  });

  it('answers 503 while it is down, recovers by itself, and charges exactly what it said', async () => {
    const statuses = new Map<number, number>();
    let charged = 0;
    let stop = false;
    const client = async (worker: number) => {
      for (let i = worker; !stop; i += 1) {
        // Uncached answers too: the transactions list reads the database every time.
        const n = NUMBERS[i % NUMBERS.length]!;
        const url = i % 2 === 0 ? `/v1/applications/${n}` : `/v1/applications/${n}/transactions?limit=${1 + (i % 50)}`;
        const response = await app.inject({ method: 'GET', url, headers: { 'x-api-key': key } });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        charged += Number(response.headers['x-credits-charged']);
        if (response.statusCode >= 500) expect(response.json()).toMatchObject({ error: 'service_unavailable' });
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    };
    const load = Promise.all([0, 1, 2, 3, 4, 5].map(client));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await cluster.halt();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const duringOutage = statuses.get(503) ?? 0;
    await cluster.resume();
    // Recovered by itself: answers succeed again without anything restarted in the service.
    const okBefore = statuses.get(200) ?? 0;
    const deadline = Date.now() + 20_000;
    while ((statuses.get(200) ?? 0) < okBefore + 200 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    stop = true;
    await load;

    expect(duringOutage).toBeGreaterThan(0);
    expect((statuses.get(200) ?? 0) - okBefore).toBeGreaterThanOrEqual(200);
    expect([...statuses.keys()].sort()).toEqual([200, 503]);
    // Every spent unit written back, every unspent one returned: the row is the credit less what was charged.
    await app.charging.close();
    const org = await accounts.findOrgById(db, orgId);
    expect(charged).toBeGreaterThan(0);
    expect(org!.balance_units).toBe(CREDIT - charged);
  }, 60_000);
});
