import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { OperatorError } from '../src/commands/operator-error.js';
import { listenForMetrics } from '../src/commands/worker.js';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/database.js';
import { insertEvents } from '../src/db/events.sql.js';
import { openPglite } from '../src/db/pglite-engine.js';
import { buildEvent, eventDetail } from '../src/domain/events.js';
import { creditByEmail, signup } from '../src/resources/accounts/service.js';
import { buildServices } from '../src/services.js';
import { Child, logLine } from './helpers/child-process.js';
import { createTestDatabase } from './helpers/database.js';
import { freePort } from './helpers/free-port.js';
import { PortalStandIn } from './helpers/portal-stand-in.js';
import { waitFor } from './helpers/test-jobs.js';
import { WebhookReceiver } from './helpers/webhook-receiver.js';
import { parsePrometheus, valueOf, type Sample } from './helpers/prometheus-text.js';

/**
 * A real `patent-status worker` process with WORKER_METRICS_PORT: what it counts while it works
 * (a webhook delivered, one given up after a failed attempt, the nightly sync's ingest and its
 * failure) is scraped from its own `GET /metrics`, which METRICS_TOKEN guards as on `serve`.
 * Everything is prepared before the process starts (an embedded data directory belongs to one
 * process), so the test runs on both engines; nothing is read but what the process answers.
 */
const TOKEN = 'worker-scrape-0123456789';
const USPTO_KEY = 'stand-in-key';
const onPostgres = Boolean(process.env.DATABASE_URL);

let dir: string;
let receiver: WebhookReceiver;
let portal: PortalStandIn;
let worker: Child | null = null;
let drop: () => Promise<void> = async () => undefined;
/** The child's database settings: a test database on PostgreSQL, else a data directory seeded from the template. */
let dbEnv: Record<string, string>;
let port: number;

/** Runs `work` on the child's database; embedded, only while no child holds it. */
async function prepare(work: (db: Database) => Promise<void>): Promise<void> {
  if (onPostgres) {
    const database = await createTestDatabase();
    drop = () => database.drop();
    dbEnv = { DATABASE_URL: database.url!, PATENT_STATUS_DATA_DIR: dir };
    return work(database.db);
  }
  const template = inject('template');
  if (template.engine !== 'pglite') throw new Error('expected the embedded template');
  const db = await openPglite({ dataDir: join(dir, 'pglite'), loadDataDir: new Blob([await readFile(template.path)]) });
  try {
    await work(db);
  } finally {
    await db.close();
  }
  dbEnv = { DATABASE_URL: '', PATENT_STATUS_DATA_DIR: dir };
}

const FEE_LINES = [
  '0000010600003 15300003 Y 20170110 20190521 20221101 M2551',
  '0000010600003 15300003 Y 20170110 20190521 20230105 M2552',
  '0000010600004 15300004 N 20170110 20190521 20221101 QQQ9 ',
];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pss-worker-metrics-'));
  receiver = await new WebhookReceiver().start();
  receiver.script('/fails', [500]);
  // The portal knows one product and has its newest file: every other product of the nightly sync fails (404).
  portal = new PortalStandIn(USPTO_KEY, ['PTMNFEE2']);
  await portal.start();
  portal.put({
    product: 'PTMNFEE2',
    fileName: 'MaintFeeEvents_20260519.txt',
    bytes: Buffer.from(FEE_LINES.map((line) => `${line}\r\n`).join(''), 'latin1'),
    fileDataFromDate: '2026-05-19',
    fileDataToDate: '2026-05-19',
    fileLastModifiedDateTime: '2026-05-19 02:00:00',
  });
  const webhooks = { WEBHOOK_ALLOW_PRIVATE: '1' };
  await prepare(async (db) => {
    const services = buildServices({ config: loadConfig(webhooks), db, notifier: { send: async () => undefined } });
    const { orgId } = await signup(db, 'scraped@example.com', null);
    await creditByEmail(db, { email: 'scraped@example.com', units: 10, source: 'admin', reference: null });
    for (const [number, path] of [
      ['18900001', '/ok'],
      ['18900002', '/fails'],
    ] as const) {
      await services.monitors.create(orgId, { targets: { application_numbers: [number] }, webhook_url: `${receiver.url}${path}` });
    }
    const events = ['18900001', '18900002'].map((number, n) =>
      buildEvent('grant', { applicationNumber: number, patentNumber: `1290000${n}` }, '2026-11-20', '1', eventDetail.grant(`1290000${n}`)),
    );
    await db.transaction((tx) => insertEvents(tx, events, new Date(), null));
  });
  port = await freePort();
  worker = new Child('src/cli.ts', ['worker'], {
    ...dbEnv,
    ...webhooks,
    // One retry, a second later: the failing delivery is given up within the test.
    WEBHOOK_RETRY_DELAYS: '1',
    // Set: the schedule's first tick enqueues the newest nightly slot at once (it catches up with the newest slot).
    USPTO_API_KEY: USPTO_KEY,
    USPTO_API_BASE_URL: portal.url,
    METRICS_TOKEN: TOKEN,
    WORKER_METRICS_PORT: String(port),
    WORKER_METRICS_HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
  });
  await worker.waitForLine((line) => logLine(line)?.msg === 'worker started', 60_000, 'the worker');
});

afterAll(async () => {
  worker?.kill('SIGKILL');
  await receiver?.close();
  await portal?.close();
  await drop();
  rmSync(dir, { recursive: true, force: true });
});

const url = (path: string) => `http://127.0.0.1:${port}${path}`;

async function scrape(): Promise<Sample[]> {
  const response = await fetch(url('/metrics'), { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  return parsePrometheus(await response.text());
}

it('answers /metrics only with METRICS_TOKEN (401 in the error shape otherwise), /health/live, and 404 for anything else', async () => {
  const refused: Record<string, string>[] = [{}, { authorization: 'Bearer wrong-token-0123456789' }, { 'x-api-key': TOKEN }];
  for (const headers of refused) {
    const response = await fetch(url('/metrics'), { headers });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    expect(response.headers.get('x-credits-charged')).toBe('0');
    expect(await response.json()).toStrictEqual({
      error: 'invalid_api_key',
      message: expect.stringContaining('METRICS_TOKEN'),
      request_id: response.headers.get('x-request-id'),
    });
  }
  const live = await fetch(url('/health/live'));
  expect([live.status, await live.json()]).toEqual([200, { status: 'ok' }]);
  const other = await fetch(url('/v1/applications/18900001'), { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(other.status).toBe(404);
  expect(await other.json()).toMatchObject({ error: 'not_found', request_id: other.headers.get('x-request-id') });

  const samples = await scrape();
  // Node's own process metrics come with ours, and scrapes are not counted as API requests.
  expect(valueOf(samples, 'process_cpu_seconds_total')).toBeGreaterThan(0);
  expect(samples.filter((s) => s.name === 'patent_status_http_requests_total')).toEqual([]);
});

it("counts the worker's own work: deliveries by outcome, the nightly sync's ingest, its failed run, the queue", async () => {
  const deliveries = { name: 'patent_status_webhook_deliveries_total' };
  const samples = await waitFor(
    async () => {
      const now = await scrape();
      const done =
        valueOf(now, deliveries.name, { outcome: 'delivered' }) >= 1 &&
        valueOf(now, deliveries.name, { outcome: 'given_up' }) >= 1 &&
        // Counted when the delivered attempt's charge is settled, a moment after the attempt itself.
        valueOf(now, 'patent_status_units_charged_total', { channel: 'delivery' }) >= 1 &&
        valueOf(now, 'patent_status_job_failures_total', { job: 'sync.run-nightly' }) >= 1;
      return done ? now : undefined;
    },
    30_000,
    "the worker's deliveries and nightly sync",
  );
  expect(valueOf(samples, deliveries.name, { outcome: 'delivered' })).toBe(1);
  expect(valueOf(samples, deliveries.name, { outcome: 'failed_attempt' })).toBe(1);
  expect(valueOf(samples, deliveries.name, { outcome: 'given_up' })).toBe(1);
  expect(receiver.at('/ok')).toHaveLength(1);
  expect(receiver.at('/fails')).toHaveLength(2);

  expect(valueOf(samples, 'patent_status_ingest_records_total', { product: 'PTMNFEE2', outcome: 'inserted' })).toBe(2);
  expect(valueOf(samples, 'patent_status_ingest_rejects_total', { product: 'PTMNFEE2' })).toBe(1);
  expect(valueOf(samples, 'patent_status_ingest_runs_total', { product: 'PTMNFEE2', result: 'succeeded' })).toBe(1);
  // The run failed for the products the portal does not know: retried later, so it waits in the queue.
  expect(valueOf(samples, 'patent_status_job_failures_total', { job: 'sync.run-nightly', permanent: 'false' })).toBe(1);
  expect(valueOf(samples, 'patent_status_job_queue_depth', { job: 'sync.run-nightly', state: 'retry' })).toBe(1);
  // The delivered attempt was charged in this process; the failed ones were not.
  expect(valueOf(samples, 'patent_status_units_charged_total', { channel: 'delivery' })).toBe(1);
});

it('a second listener on the port stops `worker` before it takes a job, with a line naming the settings', async () => {
  // The context is never queried: listening fails first.
  const context = { config: loadConfig({}), db: null as never, notifier: { send: async () => undefined } };
  const taken = listenForMetrics(context, { host: '127.0.0.1', port }, pino({ level: 'silent' }));
  await expect(taken).rejects.toThrow(OperatorError);
  await expect(taken).rejects.toThrow(
    `cannot listen on 127.0.0.1:${port} for /metrics: address already in use (set WORKER_METRICS_HOST or WORKER_METRICS_PORT)`,
  );
});

it('closes the listener with the graceful shutdown: SIGTERM, exit 0, nothing listens', async () => {
  worker!.kill('SIGTERM');
  expect(await worker!.exited).toBe(0);
  expect(worker!.lines.some((line) => logLine(line)?.msg === 'worker stopped')).toBe(true);
  await expect(fetch(url('/health/live'))).rejects.toThrow();
});
