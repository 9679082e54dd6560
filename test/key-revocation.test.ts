import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../src/commands/admin.js';
import { createKey, signup } from '../src/resources/accounts/service.js';
import { createTestApp, type TestContext } from './helpers/app.js';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';
import { startServerProcess, type ServerProcess } from './helpers/server-process.js';

/**
 * A revoked key answers 401 (spec §5.4) on every server at once, though each remembers the keys
 * it has checked: the revoking process forgets at once, and on PostgreSQL every other `serve`
 * process hears the revocation as a notice when it commits.
 */
const ON_POSTGRES = Boolean(process.env.DATABASE_URL);
/** A notice's trip plus a request: far below the second a key is trusted while notices are not heard. */
const NOTICE_BOUND_MS = 200;
/** While a process's listener is down, a known key is trusted for a second (Authenticator `unheardTtlMs`). */
const FALLBACK_BOUND_MS = 1_000 + 500;

/** Milliseconds until `answer` gives 401, polled; fails after `limitMs`. */
async function msUntil401(answer: () => Promise<number>, limitMs: number): Promise<number> {
  const started = performance.now();
  for (;;) {
    const status = await answer();
    const elapsed = performance.now() - started;
    if (status === 401) return elapsed;
    expect(status).toBe(200);
    if (elapsed > limitMs * 3) throw new Error(`still ${status} after ${elapsed.toFixed(0)} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('the process that revokes a key (both engines)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('answers 401 at once for a key it had just served (DELETE /keys/{key_id})', async () => {
    const { orgId, key } = await signup(ctx.db, 'self-revoke@example.com', null);
    const second = await createKey(ctx.db, orgId, 'second');
    const me = (apiKey: string) => ctx.app.inject({ method: 'GET', url: '/agent/me', headers: { 'x-api-key': apiKey } });
    expect((await me(second.api_key)).statusCode).toBe(200);
    const deleted = await ctx.app.inject({ method: 'DELETE', url: `/keys/${second.key_id}`, headers: { 'x-api-key': key.api_key } });
    expect(deleted.statusCode).toBe(204);
    expect((await me(second.api_key)).statusCode).toBe(401);
    expect((await me(key.api_key)).statusCode).toBe(200);
  });
});

describe.runIf(ON_POSTGRES)('every other server process (PostgreSQL; the embedded engine has one process, so nothing to hear)', () => {
  let database: TestDatabase;
  let a: ServerProcess;
  let b: ServerProcess;
  let orgId: string;
  let owner: string;

  /** The backends of the serve processes' listener connections on this test's database. */
  const listeners = async () =>
    (
      await database.db.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE application_name = 'patent-status listener' AND datname = current_database()`,
      )
    ).rows.map((row) => row.pid);
  /** Waits for a listener of each process, none of them one of `gone`. */
  const bothListening = async (gone: number[] = []) => {
    const fresh = async () => (await listeners()).filter((pid) => !gone.includes(pid));
    for (let i = 0; i < 200 && (await fresh()).length < 2; i += 1) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(await fresh()).toHaveLength(2);
  };
  const status = async (server: ServerProcess, apiKey: string) => (await server.request('GET', '/agent/me', apiKey)).status;
  /** A key of the org, already served (so remembered) by B. */
  const keyKnownToB = async (name: string) => {
    const minted = await createKey(database.db, orgId, name);
    expect(await status(b, minted.api_key)).toBe(200);
    return minted;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    const signedUp = await signup(database.db, 'two-servers@example.com', null);
    orgId = signedUp.orgId;
    owner = signedUp.key.api_key;
    const env = { DATABASE_URL: database.url! };
    [a, b] = await Promise.all([startServerProcess('A', env), startServerProcess('B', env)]);
    await bothListening();
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
  });

  it(`B answers 401 within ${NOTICE_BOUND_MS} ms of a DELETE /keys/{key_id} through A`, async () => {
    const minted = await keyKnownToB('deleted-through-a');
    const deleted = await fetch(`${a.baseUrl}/keys/${minted.key_id}`, { method: 'DELETE', headers: { 'x-api-key': owner } });
    expect(deleted.status).toBe(204);
    expect(await msUntil401(() => status(b, minted.api_key), NOTICE_BOUND_MS)).toBeLessThanOrEqual(NOTICE_BOUND_MS);
    expect(await status(b, owner)).toBe(200);
  });

  it(`both answer 401 within ${NOTICE_BOUND_MS} ms of \`admin revoke-key\` from another process`, async () => {
    const minted = await keyKnownToB('revoked-by-the-operator');
    expect(await status(a, minted.api_key)).toBe(200);
    await runAdmin(database.db, ['revoke-key', '--key', minted.prefix], () => undefined);
    const [onA, onB] = await Promise.all([a, b].map((server) => msUntil401(() => status(server, minted.api_key), NOTICE_BOUND_MS)));
    expect(onA).toBeLessThanOrEqual(NOTICE_BOUND_MS);
    expect(onB).toBeLessThanOrEqual(NOTICE_BOUND_MS);
  });

  it(`with its listener's connection killed, B still answers 401 within ${FALLBACK_BOUND_MS} ms; reconnected, within ${NOTICE_BOUND_MS} ms again`, async () => {
    const minted = await keyKnownToB('revoked-while-deaf');
    const killed = await listeners();
    await database.db.query(`SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid`, [killed]);
    await runAdmin(database.db, ['revoke-key', '--key', minted.prefix], () => undefined);
    expect(await msUntil401(() => status(b, minted.api_key), FALLBACK_BOUND_MS)).toBeLessThanOrEqual(FALLBACK_BOUND_MS);

    await bothListening(killed);
    const later = await keyKnownToB('revoked-after-reconnecting');
    await runAdmin(database.db, ['revoke-key', '--key', later.prefix], () => undefined);
    expect(await msUntil401(() => status(b, later.api_key), NOTICE_BOUND_MS)).toBeLessThanOrEqual(NOTICE_BOUND_MS);
  });
});
