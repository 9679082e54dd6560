/**
 * Webhook deliveries, on the PostgreSQL server: signed deliveries per second from the
 * worker's delivery loop to a local receiver (a separate node:http process that answers 200 at
 * once), against a bare undici POST loop from this process to the same receiver in the same
 * rounds: bodies of the same size, 64 in flight, an Agent with the WebhookSender's options
 * (min(concurrency, 32) connections). Each round records `--deliveries` events for the one
 * application a fresh monitor targets (in transactions of 5,000, as an ingest records them),
 * then starts the worker and times it until every delivery is written as delivered; it then
 * checks that the receiver saw each delivery once and that the org's balance fell by exactly
 * one unit per delivery.
 *
 *   npx tsx bench/deliveries.ts [--deliveries 20000] [--rounds 3] [--keep]
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/database.js';
import { insertEvents } from '../src/db/events.sql.js';
import { buildEvent, type DetectedEvent, eventDetail } from '../src/domain/events.js';
import * as accounts from '../src/resources/accounts/accounts.sql.js';
import { creditByEmail, signup } from '../src/resources/accounts/service.js';
import type { ClaimedDelivery } from '../src/resources/monitors/deliveries.sql.js';
import { WebhookSender } from '../src/resources/monitors/webhook-sender.js';
import { buildServices, type Services } from '../src/services.js';
import { startWorker } from '../src/worker/start.js';
import type { PathStats, ReceiverMessage } from './deliveries-receiver.js';
import { arg, benchDatabase, fmt } from './support.js';

const CHUNK = 5_000;
const TIMEOUT_MS = 10_000;

/** An assignment as a weekly file records it: with the envelope, a body of about 600 bytes. */
const detail = eventDetail.assignment({
  reelFrame: '067123/0456',
  conveyanceType: 'ASSIGNMENT OF ASSIGNORS INTEREST (SEE DOCUMENT FOR DETAILS)',
  assignees: [
    'INTERNATIONAL BUSINESS MACHINES CORPORATION',
    'SAMSUNG ELECTRONICS CO., LTD.',
    'QUALCOMM INCORPORATED',
    'TOYOTA JIDOSHA KABUSHIKI KAISHA',
    'LG ELECTRONICS INC.',
  ],
});
const eventsOf = (applicationNumber: string, round: number, count: number): DetectedEvent[] =>
  Array.from({ length: count }, (_, i) =>
    buildEvent('assignment', { applicationNumber, patentNumber: '11987654' }, '2026-11-20', `bench-${round}-${i}`, detail),
  );

/** The receiver process, and one question at a time to it. */
class Receiver {
  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {}

  static async start(): Promise<Receiver> {
    const child = fork(fileURLToPath(new URL('./deliveries-receiver.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'] });
    const { port } = await new Promise<{ port: number }>((resolve, reject) => {
      child.once('message', (m) => resolve(m as { port: number }));
      child.once('exit', (code) => reject(new Error(`receiver exited (${code})`)));
    });
    return new Receiver(child, `http://127.0.0.1:${port}`);
  }

  private ask<T>(message: ReceiverMessage): Promise<T> {
    return new Promise((resolve) => {
      this.child.once('message', (m) => resolve(m as T));
      this.child.send(message);
    });
  }

  setSecret(path: string, secret: string): Promise<unknown> {
    return this.ask({ secret: { path, secret } });
  }

  stats(path: string): Promise<PathStats> {
    return this.ask({ stats: path });
  }

  close(): void {
    this.child.disconnect();
  }
}

/** The bare loop: `inFlight` POSTs at a time of a `bytes`-long JSON body (a distinct id each), nothing else. */
async function baseline(receiver: Receiver, path: string, requests: number, inFlight: number, bytes: number): Promise<number> {
  const agent = new Agent({ connections: Math.min(inFlight, 32), headersTimeout: TIMEOUT_MS, bodyTimeout: TIMEOUT_MS });
  const head = '{"delivery_id":"dlv_';
  const padding = 'x'.repeat(Math.max(0, bytes - head.length - 12 - '","x":""}'.length));
  const url = `${receiver.url}${path}`;
  let next = 0;
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < requests) {
        const i = next++;
        const response = await request(url, {
          method: 'POST',
          body: `${head}${String(i).padStart(12, '0')}","x":"${padding}"}`,
          dispatcher: agent,
          headers: { 'content-type': 'application/json' },
        });
        await response.body.dump();
        if (response.statusCode !== 200) failed += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await agent.close();
  if (failed > 0) throw new Error(`baseline: ${failed} requests not answered 200`);
  return requests / seconds;
}

async function balance(services: Services, db: Database, orgId: string): Promise<number> {
  await services.charging.close();
  return (await accounts.findOrgById(db, orgId))!.balance_units;
}

/**
 * Whether any of the monitor's deliveries is still pending (claimed ones stay pending until their
 * outcome is written). Polled every 100 ms: an EXISTS over the partial index of pending rows
 * costs next to nothing, where a count of delivered rows read 20,000 heap rows (about 10 ms of
 * the server's CPU a poll, taken from the worker it measures).
 */
async function pending(db: Database, monitorId: string): Promise<boolean> {
  const { rows } = await db.query<{ busy: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM webhook_deliveries WHERE monitor_id = $1 AND status = 'pending') AS busy`,
    [monitorId],
  );
  return rows[0]!.busy;
}

async function delivered(db: Database, monitorId: string): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM webhook_deliveries WHERE monitor_id = $1 AND status = 'delivered'`,
    [monitorId],
  );
  return Number(rows[0]!.n);
}

interface Ours {
  rate: number;
  seconds: number;
  workerStartMs: number;
  recordSeconds: number;
  bytes: number;
  received: PathStats;
  charged: number;
}

async function ours(services: Services, db: Database, receiver: Receiver, orgId: string, round: number, n: number): Promise<Ours> {
  const path = `/hooks/round-${round}`;
  const applicationNumber = String(18_800_000 + round);
  const monitor = await services.monitors.create(orgId, {
    targets: { application_numbers: [applicationNumber] },
    webhook_url: `${receiver.url}${path}`,
  });
  await receiver.setSecret(path, monitor.secret);
  const events = eventsOf(applicationNumber, round, n);
  const recordStarted = performance.now();
  for (let from = 0; from < n; from += CHUNK) {
    const chunk = events.slice(from, from + CHUNK);
    await db.transaction((tx) => insertEvents(tx, chunk, new Date(), null));
  }
  const recordSeconds = (performance.now() - recordStarted) / 1000;
  const { rows } = await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM webhook_deliveries WHERE monitor_id = $1`, [
    monitor.monitor_id,
  ]);
  if (Number(rows[0]!.n) !== n) throw new Error(`expected ${n} deliveries, the events made ${rows[0]!.n}`);
  const before = await balance(services, db, orgId);

  const errors: unknown[] = [];
  const log = {
    info: () => undefined,
    warn: () => undefined,
    error: (fields: object, message: string) => errors.push({ message, ...fields }),
  };
  const t0 = performance.now();
  const worker = await startWorker(services, { log, registry: [], deliveryPollMs: 50 });
  const t1 = performance.now();
  let seconds: number;
  try {
    while (await pending(db, monitor.monitor_id)) {
      if (performance.now() - t1 > 600_000) throw new Error(`deliveries still pending after 10 minutes`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    seconds = (performance.now() - t1) / 1000;
  } finally {
    await worker.stop();
  }
  const done = await delivered(db, monitor.monitor_id);
  if (done !== n) throw new Error(`${done} of ${n} deliveries written as delivered`);
  if (errors.length > 0) console.log(`  worker logged ${errors.length} errors, the first: ${JSON.stringify(errors[0])}`);
  const received = await receiver.stats(path);
  const charged = before - (await balance(services, db, orgId));
  return {
    rate: n / seconds,
    seconds,
    workerStartMs: t1 - t0,
    recordSeconds,
    bytes: received.bytes / received.requests,
    received,
    charged,
  };
}

/** The size of a delivery's body for this bench's events: what the baseline sends. */
function deliveryBytes(): number {
  const sample = {
    delivery_id: 'dlv_' + '0'.repeat(24),
    monitor_id: 'mon_' + '0'.repeat(20),
    org_id: 'org_x',
    attempts: 1,
    webhook_url: 'http://127.0.0.1/',
    secret: 's',
    event_id: 'evt_' + '0'.repeat(24),
    event_type: 'assignment',
    occurred_on: '2026-11-20',
    detected_at: new Date(),
    application_number: '18800001',
    patent_number: '11987654',
    entity_id: null,
    detail: detail as unknown as Record<string, unknown>,
  } satisfies ClaimedDelivery;
  return Buffer.byteLength(WebhookSender.body(sample));
}

async function main(): Promise<void> {
  const n = arg('deliveries', 20_000);
  const rounds = arg('rounds', 3);
  const keep = process.argv.includes('--keep');
  const target = await benchDatabase();
  const receiver = await Receiver.start();
  const config = loadConfig({ DATABASE_URL: target.url, WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS) });
  const concurrency = config.webhooks.concurrency;
  const services = buildServices({ config, db: target.db, notifier: { send: async () => undefined } });
  const bytes = deliveryBytes();
  console.log(
    `database ${target.url.split('/').pop()}; ${fmt(n)} deliveries a round, ${concurrency} in flight, ` +
      `${Math.min(concurrency, 32)} connections, bodies of ${bytes} bytes`,
  );
  try {
    const email = `bench-deliveries-${Date.now()}@example.com`;
    const { orgId } = await signup(target.db, email, null);
    await creditByEmail(target.db, { email, units: rounds * n + 1_000, source: 'admin', reference: null });
    // Warm-up: connections, JIT, pg-boss's schema (created by the first worker start).
    await baseline(receiver, '/warmup', 2_000, concurrency, bytes);
    await ours(services, target.db, receiver, orgId, 0, 1_000);

    const rows: string[] = [];
    const results: { rate: number; ratio: number }[] = [];
    for (let round = 1; round <= rounds; round++) {
      const base = await baseline(receiver, `/baseline/round-${round}`, n, concurrency, bytes);
      const baseSeen = await receiver.stats(`/baseline/round-${round}`);
      const ourRun = await ours(services, target.db, receiver, orgId, round, n);
      const r = ourRun.received;
      const ratio = ourRun.rate / base;
      const balanceCheck = ourRun.charged === n ? `-${fmt(n)} ok` : `-${fmt(ourRun.charged)} WRONG`;
      console.log(
        `round ${round}: baseline ${fmt(base)} req/s (${fmt(baseSeen.distinct)} distinct); ours ${fmt(ourRun.rate)} deliveries/s ` +
          `(${ourRun.seconds.toFixed(2)} s; worker start ${ourRun.workerStartMs.toFixed(0)} ms; recording the events ${ourRun.recordSeconds.toFixed(1)} s); ` +
          `ratio ${ratio.toFixed(2)}; receiver ${fmt(r.requests)} requests, ${fmt(r.distinct)} distinct, ` +
          `${r.checked - r.badSignatures}/${r.checked} sampled signatures valid, ${Math.round(ourRun.bytes)} B/body; balance ${balanceCheck}`,
      );
      rows.push(
        `| round ${round} | ${fmt(base)} | ${fmt(ourRun.rate)} | **${ratio.toFixed(2)}** | ${fmt(r.requests)} (${fmt(r.requests - r.distinct)} duplicates) | ${r.checked - r.badSignatures}/${r.checked} | ${balanceCheck} |`,
      );
      results.push({ rate: ourRun.rate, ratio });
      if (r.distinct !== n || r.badSignatures > 0 || ourRun.charged !== n) process.exitCode = 1;
    }
    console.log('\n| round | bare undici req/s | deliveries/s | ratio | receiver requests | signatures | balance |');
    console.log('| --- | --- | --- | --- | --- | --- | --- |');
    for (const row of rows) console.log(row);
    const range = (values: number[], digits: number) => `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;
    console.log(
      `\nsummary: ${fmt(Math.min(...results.map((x) => x.rate)))}–${fmt(Math.max(...results.map((x) => x.rate)))} deliveries/s (target >= 500), ` +
        `ratio to the bare undici loop ${range(
          results.map((x) => x.ratio),
          2,
        )} (target >= 0.5)`,
    );
  } finally {
    receiver.close();
    await services.charging.close();
    if (keep) await target.db.close();
    else await target.drop();
  }
}

await main();
