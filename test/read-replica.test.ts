import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { openReadRouter } from '../src/db/open.js';
import { openPostgres } from '../src/db/postgres-engine.js';
import type { ReadRouter } from '../src/db/read-router.js';
import { buildApp, type App } from '../src/http/app.js';
import { loadFileWrapper } from '../src/products/file-wrapper/load.js';
import { creditByEmail } from '../src/resources/accounts/service.js';
import { buildServices } from '../src/services.js';
import { fullRecord, itemsOf } from './helpers/file-wrapper-records.js';
import { type Cluster, startPrimary, startReplica } from './helpers/replica-cluster.js';

/**
 * DATABASE_READ_URL against a real streaming replica (a second PostgreSQL 15
 * cluster made with pg_basebackup, both started by this test). Data routes read the replica once
 * it has caught up; while its replay is paused (lag), a freshly loaded record, a funded balance
 * and a new monitor still read back correctly. The clusters are PostgreSQL whatever the suite's
 * engine, so the file runs once, in the PostgreSQL pass.
 */
const EMAIL = 'replica@example.com';
let primary: Cluster;
let replica: Cluster;
let db: Database;
let router: ReadRouter;
let app: App;
let key: string;
let replicaAdmin: pg.Client;

const load = (applicationNumber: string) =>
  loadFileWrapper(db, itemsOf([fullRecord(applicationNumber)]), {
    product: 'PTFWPRD',
    fileName: `${applicationNumber}.json`,
    fileDate: '2026-11-20',
  });
const get = (url: string) => app.inject({ method: 'GET', url, headers: { 'x-api-key': key } });

async function until(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(router.replicaStatus())}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.runIf(process.env.DATABASE_URL)('reads on a streaming replica (DATABASE_READ_URL)', () => {
  beforeAll(async () => {
    primary = await startPrimary();
    replica = await startReplica(primary);
    await primary.admin('CREATE DATABASE patents');
    db = openPostgres({ connectionString: primary.url('patents') });
    await migrate(db);
    const config = loadConfig({
      DATABASE_URL: primary.url('patents'),
      DATABASE_READ_URL: replica.url('patents'),
      DATABASE_READ_CHECK_MS: '50',
      DATABASE_READ_MAX_LAG_MS: '300',
      PUBLIC_BASE_URL: 'https://patents.example.test',
    });
    // The database was created after the backup: it reaches the replica by streaming.
    await until('the replica to hold the new database', async () => {
      const probe = new pg.Client({ connectionString: replica.url('patents') });
      return probe.connect().then(
        () => probe.end().then(() => true),
        () => false,
      );
    });
    router = (await openReadRouter(config, db))!;
    app = await buildApp(
      buildServices({
        config,
        db,
        readDb: router,
        notifier: { send: async () => undefined },
        resolveHost: async () => [{ address: '93.184.216.34', family: 4 }],
      }),
    );
    await app.ready();
    const signup = await app.inject({ method: 'POST', url: '/agent/signup', payload: { owner_email: EMAIL } });
    key = signup.json<{ api_key: string }>().api_key;
    await creditByEmail(db, { email: EMAIL, units: 1000, source: 'admin', reference: null });
    replicaAdmin = new pg.Client({ connectionString: replica.url('patents') });
    // The last test stops the replica under this connection.
    replicaAdmin.on('error', () => undefined);
    await replicaAdmin.connect();
  }, 180_000);

  afterAll(async () => {
    await replicaAdmin?.query('SELECT pg_wal_replay_resume()').catch(() => undefined);
    await replicaAdmin?.end();
    await app?.close();
    await router?.close();
    await db?.close();
    await replica?.stop();
    await primary?.stop();
  });

  it('serves a data route from the replica once it has caught up', async () => {
    await load('17000001');
    await until('reads on the replica', () => router.replicaStatus().reads === 'replica' && router.replicaStatus().lag_bytes === 0);
    app.provenance.invalidate();
    const before = router.counts.replica;
    const response = await get('/v1/applications/17000001');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ application_number: '17000001' });
    expect(router.counts.replica).toBeGreaterThan(before);
    const health = await app.inject({ method: 'GET', url: '/health' });
    // The charge of that answer is written back to the primary within a quarter-second: the replica
    // may be a few bytes behind again when /health looks, but it still serves the reads.
    const replica = health.json().replica;
    expect(replica.reads).toBe('replica');
    expect(replica.lag_bytes).toBeGreaterThanOrEqual(0);
    expect(replica.lag_bytes).toBeLessThan(64 * 1024);
  });

  it('while the replica lags, a fresh record, a funded balance and a new monitor read back from the primary', async () => {
    await replicaAdmin.query('SELECT pg_wal_replay_pause()');
    await load('17000002');
    await creditByEmail(db, { email: EMAIL, units: 500, source: 'admin', reference: null });
    await until('reads back on the primary', () => router.replicaStatus().reads === 'primary');
    const health = await app.inject({ method: 'GET', url: '/health' });
    expect(health.json<{ replica: { reads: string; lag_bytes: number } }>().replica).toMatchObject({ reads: 'primary' });
    expect(health.json<{ replica: { lag_bytes: number } }>().replica.lag_bytes).toBeGreaterThan(0);
    // The lag is real: the replica does not hold the new record.
    const onReplica = await replicaAdmin.query(`SELECT 1 FROM applications WHERE application_number = '17000002'`);
    expect(onReplica.rowCount).toBe(0);

    app.provenance.invalidate();
    const fresh = await get('/v1/applications/17000002');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toMatchObject({ application_number: '17000002' });
    const me = await app.inject({ method: 'GET', url: '/agent/me', headers: { 'x-api-key': key } });
    expect(me.json<{ balance_units: number }>().balance_units).toBeGreaterThan(1000);
    const created = await app.inject({
      method: 'POST',
      url: '/v1/monitors',
      headers: { 'x-api-key': key },
      payload: { targets: { application_numbers: ['17000002'] }, webhook_url: 'https://hooks.example.com/replica' },
    });
    expect(created.statusCode).toBe(201);
    const listed = await get('/v1/monitors');
    expect(listed.json<{ monitors: { monitor_id: string }[] }>().monitors.map((m) => m.monitor_id)).toContain(
      created.json<{ monitor_id: string }>().monitor_id,
    );
  });

  it('returns reads to the replica when it has caught up again, with the same answers', async () => {
    await replicaAdmin.query('SELECT pg_wal_replay_resume()');
    await until('reads on the replica again', () => router.replicaStatus().reads === 'replica' && router.replicaStatus().lag_bytes === 0);
    const before = router.counts.replica;
    const response = await get('/v1/applications/17000002/transactions');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ application_number: '17000002' });
    expect(router.counts.replica).toBeGreaterThan(before);
  });

  it('falls back to the primary when the replica is gone', async () => {
    await replica.stop();
    await until('reads back on the primary', () => router.replicaStatus().reads === 'primary' && router.replicaStatus().lag_bytes === null);
    app.provenance.invalidate();
    expect((await get('/v1/applications/17000001')).statusCode).toBe(200);
  });
});
