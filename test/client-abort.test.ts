import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/commands/serve.js';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/database.js';
import { balanceOf, createTestApp, fundedKey, type TestContext } from './helpers/app.js';
import { waitFor } from './helpers/test-jobs.js';

/**
 * A client that hangs up before its answer is routine: one info line, no stack, no 5xx in the
 * log or the request counter. A database connection reset while the client waits stays a 503
 * logged as an error.
 */
const lines: Record<string, unknown>[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});
const PINO_INFO = 30;
const PINO_ERROR = 50;

let ctx: TestContext;
let port: number;
let key: string;
let orgId: string;
/** While set, every query fails as a reset database connection does. */
let resetting = false;
/** While set, every query answers this many milliseconds late (a key check still running when the client leaves). */
let lateMs = 0;

beforeAll(async () => {
  const env = { LOG_LEVEL: 'info' };
  const resets = (db: Database): Database =>
    new Proxy(db, {
      get(target, name, receiver) {
        const value = Reflect.get(target, name, receiver) as unknown;
        if (typeof value !== 'function') return value;
        if (name !== 'query') return value.bind(target);
        return async (...args: unknown[]) => {
          if (lateMs > 0) await new Promise((resolve) => setTimeout(resolve, lateMs));
          if (resetting) throw Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
          return value.apply(target, args) as unknown;
        };
      },
    });
  ctx = await createTestApp({ env, logger: createLogger(loadConfig(env), capture), wrapDatabase: resets });
  ({ apiKey: key, orgId } = await fundedKey(ctx, 'hangs-up@example.com', 100));
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await ctx?.close();
});

/** Sends the head and a piece of a 1,000-byte body, then resets the connection. */
function hangUpMidBody(path: string, headers: Record<string, string>, requestId: string): Promise<void> {
  const head = Object.entries({ ...headers, 'content-type': 'application/json', 'content-length': '1000', 'x-request-id': requestId })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return new Promise((done, fail) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`POST ${path} HTTP/1.1\r\nhost: localhost\r\n${head}\r\n{"application_numbers": [`);
      setTimeout(() => socket.resetAndDestroy(), 100);
    });
    socket.on('error', fail);
    socket.on('close', () => done());
  });
}

describe('a client that hangs up before its answer', () => {
  it.each([
    ['a charged data route', '/v1/applications/status', () => ({ 'x-api-key': key })],
    ['signup', '/agent/signup', () => ({})],
    ['the MCP endpoint', '/mcp', () => ({ authorization: `Bearer ${key}` })],
  ])('on %s is logged once at info, without a stack, never as service_unavailable', async (_label, path, headers) => {
    const requestId = `hung-up-${path.replace(/\W/g, '')}`;
    lines.length = 0;
    await hangUpMidBody(path, headers(), requestId);
    const ours = () => lines.filter((line) => line.reqId === requestId);
    await waitFor(async () => ours().find((line) => line.msg === 'client closed the connection before the answer'), 5_000, 'the log line');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const gone = ours().filter((line) => line.msg === 'client closed the connection before the answer');
    expect(gone).toEqual([expect.objectContaining({ level: PINO_INFO, code: 'ECONNRESET' })]);
    expect(gone[0]).not.toHaveProperty('err');
    expect(ours().filter((line) => (line.level as number) > PINO_INFO)).toEqual([]);
    expect(JSON.stringify(lines)).not.toContain('service_unavailable');
  });

  it('while its key is still being checked (its unread body gone with it) is answered and logged once at info too', async () => {
    // A key never seen before, so the check reads the database, which answers 300 ms late: the client leaves at 100 ms.
    const late = await fundedKey(ctx, 'leaves-early@example.com', 100);
    lines.length = 0;
    lateMs = 300;
    try {
      await hangUpMidBody('/v1/applications/status', { 'x-api-key': late.apiKey }, 'hung-up-during-key-check');
      const ours = () => lines.filter((line) => line.reqId === 'hung-up-during-key-check');
      await waitFor(
        async () => ours().find((line) => line.msg === 'client closed the connection before the answer'),
        5_000,
        'the log line',
      );
      expect(ours().filter((line) => line.msg === 'client closed the connection before the answer')).toEqual([
        expect.objectContaining({ level: PINO_INFO, code: 'ECONNRESET' }),
      ]);
      expect(ours().filter((line) => (line.level as number) > PINO_INFO)).toEqual([]);
    } finally {
      lateMs = 0;
    }
    expect(await balanceOf(ctx, late.orgId)).toBe(100);
  });

  it('costs the org nothing (D30: an aborted answer is not charged)', async () => {
    expect(await balanceOf(ctx, orgId)).toBe(100);
  });
});

describe('a database connection reset while the client waits', () => {
  it('stays a 503 service_unavailable logged as an error, with its cause', async () => {
    lines.length = 0;
    resetting = true;
    try {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/agent/me',
        headers: { 'x-api-key': key, 'x-request-id': 'db-reset-1' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ error: 'service_unavailable' });
    } finally {
      resetting = false;
    }
    const failed = lines.filter((line) => line.reqId === 'db-reset-1' && line.level === PINO_ERROR);
    expect(failed).toEqual([
      expect.objectContaining({ msg: 'request failed', code: 'service_unavailable', err: expect.objectContaining({ code: 'ECONNRESET' }) }),
    ]);
  });
});
