/**
 * A burst on the citations route, valid and malformed requests and clients that leave mid-flight,
 * over real sockets: once the org is idle, its lease gives every unspent unit back (the ledger
 * returns an idle lease after a second), and what the org lost is what its answers were charged.
 * A hold that no request lets go of would keep the lease and its units pinned until shutdown.
 */
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import type { BackwardCitation } from '../src/products/full-text/document.js';
import { loadFullText } from '../src/products/full-text/load.js';
import { createTestApp, fundedKey, type TestContext } from './helpers/app.js';
import { documentItems, grantDoc } from './helpers/full-text-documents.js';
import { waitFor } from './helpers/test-jobs.js';

const CITED = '11000001';
/** 250 backward citations: 3 units whenever the backward list is in the answer (1 unit per 100 rows). */
const BACKWARD: BackwardCitation[] = Array.from({ length: 250 }, (_, i) => ({
  group: 'patents',
  seq: i + 1,
  number: String(5_000_000 + i),
  kind: 'A',
  name: 'Prior',
  date: '1990-01',
  category: 'examiner',
  categoryDetail: null,
}));
/** 6,000 backward citations: 60 units, more than a young lease of 50 has free. */
const LONG_LISTED = '11000002';
const LONG_BACKWARD: BackwardCitation[] = Array.from({ length: 6_000 }, (_, i) => ({
  ...BACKWARD[0]!,
  seq: i + 1,
  number: String(6_000_000 + i),
}));
/** Three later grants cite it: the forward list. */
const CITING = ['11400000', '11450000', '11460000'];
const FUNDS = 100_000;
/** The ledger returns an idle lease after 1 s, on its next 250 ms tick; the rest is a loaded machine's slack. */
const RETURNED_WITHIN_MS = 5_000;

let ctx: TestContext;
let port: number;
let key: string;
let orgId: string;
/** The forward list's second page (one row, 1 unit). */
let cursor: string;

/**
 * Every transaction (a lease's reservation, write-back or return) starts this late, as on a loaded
 * database: a request that needs more units than its lease has free then waits long enough for its
 * client to leave meanwhile. Plain reads are not delayed. While `gate` is set, transactions wait
 * for it too, and are counted in `gated`.
 */
const RESERVATION_DELAY_MS = 40;
let gate: Promise<void> | null = null;
let gated = 0;
function slowTransactions(db: Database): Database {
  return new Proxy(db, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver) as unknown;
      if (typeof value !== 'function') return value;
      if (name === 'lane') return () => slowTransactions(target.lane!());
      if (name !== 'transaction') return value.bind(target);
      return async (...args: unknown[]) => {
        await new Promise((resolve) => setTimeout(resolve, RESERVATION_DELAY_MS));
        if (gate) {
          gated += 1;
          await gate;
        }
        return value.apply(target, args) as unknown;
      };
    },
  });
}

beforeAll(async () => {
  ctx = await createTestApp({ wrapDatabase: slowTransactions });
  const grants = [
    grantDoc(CITED, { date: '2022-01-04', citations: BACKWARD }),
    grantDoc(LONG_LISTED, { date: '2022-01-04', citations: LONG_BACKWARD }),
    ...CITING.map((number, i) =>
      grantDoc(number, {
        date: `2022-0${i + 6}-07`,
        citations: [
          {
            group: 'patents',
            seq: 1,
            number: CITED,
            kind: 'B2',
            name: 'Smith',
            date: '2022-01',
            category: 'examiner',
            categoryDetail: null,
          },
        ],
      }),
    ),
  ];
  await loadFullText(ctx.db, documentItems(grants), { product: 'PTGRXML', fileName: 'ipg220907.xml', fileDate: '2022-09-07' });
  ({ apiKey: key, orgId } = await fundedKey(ctx, 'citations-burst@example.com', FUNDS));
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(async () => ctx?.close());

const get = (path: string, apiKey = key) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: ${apiKey}\r\nConnection: close\r\n\r\n`;
const citations = (query = '') => get(`/v1/patents/${CITED}/citations${query}`);

interface Received {
  /** Status of every complete answer read (a stray byte after a request gets a second one). */
  statuses: number[];
  charged: number;
}

/**
 * Sends `bytes` on a new connection and reads until the server closes it; with `leave` (a delay in
 * milliseconds after sending, or a promise), resets the connection then instead. Only complete
 * answers count.
 */
function exchange(bytes: string, leave?: number | Promise<unknown>): Promise<Received> {
  return new Promise((resolve) => {
    let text = '';
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(bytes);
      const left = typeof leave === 'number' ? new Promise((done) => setTimeout(done, leave)) : leave;
      void left?.then(() => socket.resetAndDestroy());
    });
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(completeAnswers(text)));
  });
}

function completeAnswers(text: string): Received {
  const received: Received = { statuses: [], charged: 0 };
  let rest = text;
  for (;;) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) return received;
    const head = rest.slice(0, end);
    const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1] ?? 0);
    if (rest.length < end + 4 + length) return received;
    received.statuses.push(Number(head.split(' ')[1]));
    received.charged += Number(/\r\nx-credits-charged: (\d+)/i.exec(head)?.[1] ?? 0);
    rest = rest.slice(end + 4 + length);
  }
}

/** Runs every exchange, `width` connections at a time, in the order given. */
async function burst(exchanges: (() => Promise<Received>)[], width = 16): Promise<Received[]> {
  const results: Received[] = new Array(exchanges.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < exchanges.length) {
        const index = next++;
        results[index] = await exchanges[index]!();
      }
    }),
  );
  return results;
}

/** A fixed interleaving (the same on every run): a seeded shuffle. */
function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i -= 1) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const times = <T>(n: number, item: T): T[] => Array.from({ length: n }, () => item);

const connections = () =>
  new Promise<number>((resolve, reject) => ctx.app.server.getConnections((error, n) => (error ? reject(error) : resolve(n))));

/** The org's units still in leases (reserved, not spent), and its row's balance. */
async function creditOnDisk(org = orgId): Promise<{ leased: number; row: number }> {
  const { rows } = await ctx.db.query<{ leased: number; row: number }>(
    `SELECT (SELECT coalesce(sum(units_reserved - units_spent), 0)::int FROM credit_leases WHERE org_id = $1) AS leased,
            (SELECT balance_units::int FROM orgs WHERE org_id = $1) AS row`,
    [org],
  );
  return rows[0]!;
}

/** Waits for the lease to give back every unit it reserved and returns the row's balance then. */
async function rowOnceIdle(org = orgId): Promise<number> {
  const returned = await waitFor(
    async () => {
      const credit = await creditOnDisk(org);
      return credit.leased === 0 ? credit : undefined;
    },
    RETURNED_WITHIN_MS,
    'the idle lease to return its units',
  ).catch(async (error: Error) => {
    throw new Error(`${error.message}: ${(await creditOnDisk(org)).leased} units still leased`);
  });
  return returned.row;
}

/** What each request is answered and charged (worked out from the data: 253 rows both ways, 250 backward, 2 and 1 forward). */
const PRICED: [string, () => string, number, number][] = [
  ['both ways', () => citations(), 200, 3],
  // Holds 13 units for a page of up to 1,000 forward rows before it knows there are 3: more than a request's share of a young lease.
  ['both ways, up to 1000 forward', () => citations('?limit=1000'), 200, 3],
  ['backward', () => citations('?direction=backward'), 200, 3],
  ['forward, first page', () => citations('?direction=forward&limit=2'), 200, 1],
  ['forward, second page', () => citations(`?direction=forward&limit=2&cursor=${cursor}`), 200, 1],
  ['limit 0', () => citations('?limit=0'), 422, 0],
  ['limit not a number', () => citations('?limit=abc'), 422, 0],
  ['limit of a huge exponent', () => citations('?limit=1e309'), 422, 0],
  ['limit over 1000', () => citations('?limit=1001'), 422, 0],
  ['direction unknown', () => citations('?direction=sideways'), 422, 0],
  ['cursor not one', () => citations('?direction=forward&cursor=not-a-cursor'), 422, 0],
  ['patent number malformed', () => get('/v1/patents/11X00001/citations'), 422, 0],
  ['patent not on file', () => get('/v1/patents/11999999/citations'), 404, 0],
  ['path not decodable', () => get('/v1/patents/%E0%A4%A/citations'), 400, 0],
  ['key unknown', () => get(`/v1/patents/${CITED}/citations`, 'pss_not_a_key_at_all_000000000000'), 401, 0],
  ['request line malformed', () => `GE\u0001T /v1/patents/${CITED}/citations HTTP/1.1\r\nHost: x\r\n\r\n`, 400, 0],
];

describe('a burst on the citations route', () => {
  beforeAll(async () => {
    const first = await ctx.app.inject({
      method: 'GET',
      url: `/v1/patents/${CITED}/citations?direction=forward&limit=2`,
      headers: { 'x-api-key': key },
    });
    cursor = first.json<{ forward: { next_cursor: string } }>().forward.next_cursor;
    expect(cursor).toEqual(expect.any(String));
  });

  it('answers each request as priced, and each kind alone costs what its answers say', async () => {
    for (const [label, request, status, units] of PRICED) {
      const received = await exchange(request());
      expect(received, label).toEqual({ statuses: [status], charged: units });
    }
  });

  it('of valid and malformed requests: the lease returns every unit once idle, and the org lost exactly what was charged', async () => {
    const before = await rowOnceIdle();
    // 20 of each priced kind: 20 × (3 + 3 + 3 + 1 + 1) = 220 units; the rest cost nothing.
    const requests = shuffled(
      PRICED.flatMap(([, request, status, units]) => times(20, { request, status, units })),
      29,
    );
    const received = await burst(requests.map((kind) => () => exchange(kind.request())));
    expect(received.map((r) => r.statuses)).toEqual(requests.map(({ status }) => [status]));
    expect(received.reduce((sum, r) => sum + r.charged, 0)).toBe(220);
    expect(before - (await rowOnceIdle())).toBe(220);
  });

  it('with clients leaving at every stage: the lease returns every unit once idle, and nothing unreceived is charged beyond those in flight', async () => {
    const before = await rowOnceIdle();
    const valid = PRICED.filter(([, , status]) => status === 200);
    const exchanges = shuffled(
      [
        // Whole exchanges, as above.
        ...PRICED.flatMap(([, request]) => times(10, () => exchange(request()))),
        // Reset 0 to 580 ms after sending: before the key check, during admission, while the lease reserves, mid-answer.
        ...valid.flatMap(([, request]) => Array.from({ length: 30 }, (_, i) => () => exchange(request(), i * 20))),
        // Reset inside the head, before the request is complete.
        ...valid.flatMap(([, request]) => times(10, () => exchange(request().slice(0, 40), 5))),
        // A stray byte after a complete request: answered, then 400 and closed.
        ...valid.flatMap(([, request]) => times(10, () => exchange(`${request()}\u0001`))),
      ],
      61,
    );
    const received = await burst(exchanges, 24);
    const charged = received.reduce((sum, r) => sum + r.charged, 0);
    const lost = before - (await rowOnceIdle());
    // An answer handed to the socket just before the reset is charged though its client never read it: at most 3 units per reset exchange.
    expect(lost).toBeGreaterThanOrEqual(charged);
    expect(lost).toBeLessThanOrEqual(charged + 3 * 30 * valid.length);
  });

  it('with a client leaving while its request waits for the units its lease lacks: those units go back once idle', async () => {
    const { apiKey, orgId: org } = await fundedKey(ctx, 'leaves-while-reserving@example.com', 1_000);
    // A young lease: one unit spent of the 50 first reserved, written back before the gate closes.
    expect(await exchange(get(`/v1/patents/${CITED}/citations?direction=forward&limit=1`, apiKey))).toEqual({
      statuses: [200],
      charged: 1,
    });
    await waitFor(async () => ((await creditOnDisk(org)).leased === 49 ? true : undefined), RETURNED_WITHIN_MS, 'the write-back');
    let open = () => undefined as void;
    gate = new Promise((resolve) => (open = resolve));
    gated = 0;
    try {
      // Its 60 units need a reservation, which waits at the gate: the client leaves then.
      const reserving = waitFor(async () => (gated > 0 ? true : undefined), 5_000, 'the reservation');
      expect(await exchange(get(`/v1/patents/${LONG_LISTED}/citations?direction=backward`, apiKey), reserving)).toEqual({
        statuses: [],
        charged: 0,
      });
      await waitFor(async () => ((await connections()) === 0 ? true : undefined), 5_000, 'the server to see the reset');
    } finally {
      gate = null;
      open();
    }
    expect(await rowOnceIdle(org)).toBe(1_000 - 1);
  });
});
