/**
 * Charges follow delivery (DESIGN D30): over real sockets, a 2xx is charged once it was written to
 * a connection that stayed open, and never when the connection ended first. Each scenario counts
 * the 2xx answers the client really received and compares them with what the balance lost.
 */
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeOf } from '../src/billing/charges.js';
import type { App } from '../src/http/app.js';
import { balanceOf, createTestApp, fundedKey, type TestContext } from './helpers/app.js';

/** A small answer, and one of 32 MB that no socket buffer holds: a reader that stops reading keeps it unwritten. */
function probeRoutes(app: App): void {
  app.get('/v1/probe/item', async () => ({ ok: true }));
  app.get('/v1/probe/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 60));
    return { ok: true };
  });
  const big = 'x'.repeat(32 * 1024 * 1024);
  app.get('/v1/probe/big', async (request) => {
    chargeOf(request).served(1);
    return { body: big };
  });
}

let ctx: TestContext;
let port: number;
let funded: { apiKey: string; orgId: string };
const FUNDS = 10_000;

beforeAll(async () => {
  ctx = await createTestApp({ routes: probeRoutes });
  funded = await fundedKey(ctx, 'delivery@example.com', FUNDS);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(async () => ctx?.close());

const request = (path: string) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-KEY: ${funded.apiKey}\r\n\r\n`;
const mcpCall = () => {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'search_entities', arguments: { q: 'acme' } },
  });
  return (
    `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${funded.apiKey}\r\n` +
    `Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
};

/**
 * Sends `bytes` on a new connection, does `then` to it, and resolves with everything read until it
 * closes; once `readUntil` holds, stops reading and resets the connection.
 */
function exchange(bytes: string, then: (socket: Socket) => void, readUntil?: (received: string) => boolean): Promise<string> {
  return new Promise((resolve) => {
    let received = '';
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(bytes);
      then(socket);
    });
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      received += chunk;
      if (!readUntil?.(received)) return;
      // Stop reading, so the kernel's buffers fill instead of taking the rest of the body, then reset.
      socket.pause();
      setTimeout(() => socket.resetAndDestroy(), 300);
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(received));
  });
}

/** 2xx answers in what a connection received (a status line per answer). */
const okAnswers = (received: string) => (received.match(/HTTP\/1\.1 2\d\d /g) ?? []).length;

/** What the balance lost, all leases written back and returned. */
async function spent(): Promise<number> {
  // Let the server see every close before counting.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const balance = await balanceOf(ctx, funded.orgId);
  // Closing the ledger returns every unit no request holds: a lease left means a charge never ended.
  const { rows } = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM credit_leases WHERE org_id = $1', [funded.orgId]);
  expect(rows[0]!.n).toBe(0);
  return FUNDS - balance;
}

describe('charges follow delivery', () => {
  let before = 0;
  const charged = async () => (await spent()) - before;

  it('charges each answer read whole on an ordinary connection', async () => {
    before = await spent();
    let received = 0;
    for (let i = 0; i < 10; i += 1) received += okAnswers(await exchange(request('/v1/probe/item'), (s) => setTimeout(() => s.end(), 100)));
    expect(received).toBe(10);
    expect(await charged()).toBe(10);
  });

  it('charges a client that half-closes after sending exactly for the answers it received', async () => {
    before = await spent();
    // The server ends a half-closed connection once it has read it: an answer ready at once is
    // written first, one that takes 60 ms never is. Reserving credit takes a database round trip
    // too, so one ordinary request reserves it first (1 unit, counted below).
    expect(okAnswers(await exchange(request('/v1/probe/item'), (s) => setTimeout(() => s.end(), 100)))).toBe(1);
    let quick = 0;
    let slow = 0;
    for (let i = 0; i < 20; i += 1) {
      quick += okAnswers(await exchange(request('/v1/probe/item'), (s) => s.end()));
      slow += okAnswers(await exchange(request('/v1/probe/slow'), (s) => s.end()));
    }
    expect(slow).toBe(0);
    expect(quick).toBeGreaterThan(0);
    expect(await charged()).toBe(1 + quick);
  });

  it('charges nothing to clients that leave while their admission reserves credit, and holds nothing for them', async () => {
    before = await spent();
    // The ledger is closed: the first admissions wait for a reservation on the database while
    // each client half-closes, and the server ends those connections before their answers exist.
    const answers = await Promise.all(Array.from({ length: 5 }, () => exchange(request('/v1/probe/item'), (s) => s.end())));
    const received = answers.reduce((sum, answer) => sum + okAnswers(answer), 0);
    expect(await charged()).toBe(received);
  });

  it('charges a request followed by a stray byte (answered 400 and closed) only when its answer arrived', async () => {
    before = await spent();
    let received = 0;
    for (let i = 0; i < 40; i += 1) received += okAnswers(await exchange(`${request('/v1/probe/item')}\u0001`, () => undefined));
    expect(await charged()).toBe(received);
  });

  it('charges nothing for an answer reset mid-body', async () => {
    before = await spent();
    // Read the status line and a little of the 32 MB body, then reset: the server cannot finish writing it.
    const received = await exchange(
      request('/v1/probe/big'),
      () => undefined,
      (got) => got.length > 64 * 1024,
    );
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    expect(await charged()).toBe(0);
    // Read whole, the same answer costs its unit.
    before = await spent();
    const whole = await exchange(
      request('/v1/probe/big'),
      () => undefined,
      (got) => got.length >= 32 * 1024 * 1024 + 100,
    );
    expect(whole.length).toBeGreaterThan(32 * 1024 * 1024);
    expect(await charged()).toBe(1);
  });

  it('charges an MCP tool call only when its answer was delivered', async () => {
    before = await spent();
    let received = 0;
    for (let i = 0; i < 20; i += 1) received += okAnswers(await exchange(mcpCall(), (s) => s.end()));
    const reset = await exchange(mcpCall(), (s) => s.resetAndDestroy());
    expect(okAnswers(reset)).toBe(0);
    expect(await charged()).toBe(received);
  });
});
