import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/commands/serve.js';
import { loadConfig } from '../src/config.js';
import { insertEvents } from '../src/db/events.sql.js';
import type { Database } from '../src/db/database.js';
import { buildEvent } from '../src/domain/events.js';
import { ingestFile, productNamed } from '../src/products/registry.js';
import { type RunningWorker, startWorker } from '../src/worker/start.js';
import { createTestApp, fundedKey, type TestContext } from './helpers/app.js';
import { createRunsTable, flakyJob, recordJob, waitFor } from './helpers/test-jobs.js';
import { WebhookReceiver } from './helpers/webhook-receiver.js';
import { parsePrometheus, valueOf, type Sample } from './helpers/prometheus-text.js';

/**
 * /metrics counts real work (requests by route pattern, charges, an ingest, jobs,
 * webhook deliveries) and is guarded by METRICS_TOKEN; request ids reach headers, error bodies
 * and log lines; /health and /health/ready report readiness from the database.
 */
const TOKEN = 'scrape-token-0123456789';
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Every log line the app wrote, parsed. */
const lines: Record<string, unknown>[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});

let ctx: TestContext;
let worker: RunningWorker;
let receiver: WebhookReceiver;
let key: string;

beforeAll(async () => {
  receiver = await new WebhookReceiver().start();
  const env = { METRICS_TOKEN: TOKEN, WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_TIMEOUT_MS: '2000', LOG_LEVEL: 'info' };
  ctx = await createTestApp({
    env,
    configure: (config) => (config.webhooks.retryDelaysMs = [50]),
    logger: createLogger(loadConfig(env), capture),
  });
  key = (await fundedKey(ctx, 'metrics@example.com', 100)).apiKey;
  await createRunsTable(ctx.db);
  worker = await startWorker(ctx.services, { log: silent, registry: [{ job: flakyJob }, { job: recordJob }], deliveryPollMs: 30 });
});
afterAll(async () => {
  await worker?.stop();
  await receiver?.close();
  await ctx?.close();
});

async function scrape(): Promise<{ text: string; samples: Sample[] }> {
  const response = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
  return { text: response.body, samples: parsePrometheus(response.body) };
}

describe('GET /metrics', () => {
  it('needs METRICS_TOKEN as a bearer token when it is set: 401 in the error shape otherwise', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-token-0123456789' }, { 'x-api-key': TOKEN }]) {
      const response = await ctx.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(401);
      expect(response.headers['x-credits-charged']).toBe('0');
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.json()).toStrictEqual({
        error: 'invalid_api_key',
        message: expect.stringContaining('METRICS_TOKEN'),
        request_id: response.headers['x-request-id'],
      });
    }
    const { samples } = await scrape();
    // Node's own process metrics come with ours.
    expect(valueOf(samples, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(valueOf(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('counts an ingest (records and rejects by product), then data requests by route pattern and the units they charged', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pss-metrics-'));
    const file = join(dir, 'MaintFeeEvents_20260519.txt');
    const feeLines = [
      '0000010600003 15300003 Y 20170110 20190521 20221101 M2551',
      '0000010600003 15300003 Y 20170110 20190521 20230105 M2552',
      '0000010600004 15300004 N 20170110 20190521 20221101 QQQ9 ',
    ];
    writeFileSync(file, feeLines.map((l) => `${l}\r\n`).join(''), 'latin1');
    const before = (await scrape()).samples;
    await ingestFile(ctx.db, productNamed('maintenance-fees')!, file);

    const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { 'x-api-key': key } });
    expect((await get('/v1/patents/10600003/maintenance')).statusCode).toBe(200);
    expect((await get('/v1/patents/10600003/maintenance?')).statusCode).toBe(200);
    expect((await get('/v1/patents/10600004/maintenance')).statusCode).toBe(404);
    const { text, samples } = await scrape();
    const delta = (name: string, labels: Record<string, string>) => valueOf(samples, name, labels) - valueOf(before, name, labels);

    expect(delta('patent_status_ingest_records_total', { product: 'PTMNFEE2', outcome: 'inserted' })).toBe(2);
    expect(delta('patent_status_ingest_rejects_total', { product: 'PTMNFEE2' })).toBe(1);
    expect(delta('patent_status_ingest_runs_total', { product: 'PTMNFEE2', result: 'succeeded' })).toBe(1);
    const route = { route: '/v1/patents/:patent_number/maintenance', method: 'GET' };
    expect(delta('patent_status_http_requests_total', { ...route, status_code: '200' })).toBe(2);
    expect(delta('patent_status_http_requests_total', { ...route, status_code: '404' })).toBe(1);
    expect(delta('patent_status_http_request_duration_seconds_count', { ...route, status_class: '2xx' })).toBe(2);
    expect(delta('patent_status_units_charged_total', { channel: 'rest' })).toBe(2);
    // Bounded labels: the numbers sent never become series.
    expect(text).not.toContain('10600003');
    expect(text).not.toContain('10600004');

    await ctx.app.inject({ method: 'GET', url: '/no/such/10600005' });
    const after = (await scrape()).samples;
    expect(valueOf(after, 'patent_status_http_requests_total', { route: 'unmatched', status_code: '404' })).toBeGreaterThanOrEqual(1);
  });

  it('reads the job queue depth at scrape time and counts job failures', async () => {
    await worker.queue.enqueue(recordJob, { $version: 1, key: 'later' }, { startAfterSeconds: 3600 });
    const { samples } = await scrape();
    expect(valueOf(samples, 'patent_status_job_queue_depth', { job: 'test.record', state: 'created' })).toBe(1);
    expect(valueOf(samples, 'patent_status_job_queue_depth', { job: 'test.flaky', state: 'created' })).toBe(0);

    await worker.queue.enqueue(flakyJob, { $version: 1, key: 'fails-once', fail_times: 1 });
    await waitFor(
      async () =>
        valueOf((await scrape()).samples, 'patent_status_job_failures_total', { job: 'test.flaky', permanent: 'false' }) === 1
          ? true
          : undefined,
      10_000,
      'the failed run to be counted',
    );
  });

  it('counts webhook deliveries by outcome, and the delivered unit under the delivery channel', async () => {
    receiver.script('/fails', [500]);
    for (const path of ['/ok', '/fails']) {
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/v1/monitors',
        headers: { 'x-api-key': key },
        payload: { targets: { application_numbers: ['18800001'] }, webhook_url: `${receiver.url}${path}` },
      });
      expect(created.statusCode).toBe(201);
    }
    const before = (await scrape()).samples;
    const event = buildEvent('grant', { applicationNumber: '18800001', patentNumber: null }, '2026-11-20', '1', { note: 'x' } as never);
    await ctx.db.transaction((tx) => insertEvents(tx, [event], new Date(), null));
    const outcome = (samples: Sample[], name: string) =>
      valueOf(samples, 'patent_status_webhook_deliveries_total', { outcome: name }) -
      valueOf(before, 'patent_status_webhook_deliveries_total', { outcome: name });
    // One retry 50 ms after the first failure (retryDelaysMs), then the delivery is given up.
    const samples = await waitFor(
      async () => {
        const now = (await scrape()).samples;
        return outcome(now, 'delivered') === 1 && outcome(now, 'given_up') === 1 ? now : undefined;
      },
      10_000,
      'one delivery delivered and one given up',
    );
    expect(outcome(samples, 'failed_attempt')).toBe(1);
    // The unit is spent once the outcome is written (resources/monitors/delivery.ts), a moment after the attempt.
    const units = { channel: 'delivery' };
    await waitFor(
      async () =>
        valueOf((await scrape()).samples, 'patent_status_units_charged_total', units) -
          valueOf(before, 'patent_status_units_charged_total', units) ===
        1
          ? true
          : undefined,
      5_000,
      'the delivered unit',
    );
  });
});

describe('request ids', () => {
  it('echoes a well-formed X-Request-Id, and makes one up for a missing or malformed one', async () => {
    const sent = await ctx.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'lb-7f3a.9_Z-1' } });
    expect(sent.headers['x-request-id']).toBe('lb-7f3a.9_Z-1');
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    for (const bad of ['has space', 'x'.repeat(101), 'semi;colon', '']) {
      const response = await ctx.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': bad } });
      expect(response.headers['x-request-id']).toMatch(uuid);
    }
    const first = await ctx.app.inject({ method: 'GET', url: '/health' });
    const second = await ctx.app.inject({ method: 'GET', url: '/health' });
    expect(first.headers['x-request-id']).toMatch(uuid);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });

  it('puts the id in every error body: 401, 404, 422, a router error, an MCP error result', async () => {
    const cases = [
      { method: 'GET' as const, url: '/v1/patents/10600003/maintenance', headers: {} },
      { method: 'GET' as const, url: '/nope', headers: {} },
      { method: 'GET' as const, url: '/v1/patents/x/maintenance', headers: { 'x-api-key': key } },
      { method: 'GET' as const, url: '/v1/patents/%FF/maintenance', headers: { 'x-api-key': key } },
    ];
    for (const [index, request] of cases.entries()) {
      const id = `case-${index}`;
      const response = await ctx.app.inject({ ...request, headers: { ...request.headers, 'x-request-id': id } });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.headers['x-request-id']).toBe(id);
      expect(response.json().request_id).toBe(id);
    }
    const mcp = await ctx.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { authorization: `Bearer ${key}`, accept: 'application/json, text/event-stream', 'x-request-id': 'mcp-call-1' },
      payload: {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'get_application_status', arguments: { application_number: 'nope' } },
      },
    });
    const result = mcp.json().result as { isError: boolean; content: { text: string }[] };
    expect(result.isError).toBe(true);
    expect(JSON.parse(result.content[0]!.text)).toMatchObject({ error: 'validation_error', request_id: 'mcp-call-1' });
  });

  it('writes the id on every log line of the request, and no key or signature', async () => {
    lines.length = 0;
    await ctx.app.inject({
      method: 'GET',
      url: '/v1/patents/10600003/maintenance',
      headers: { 'x-api-key': key, 'x-request-id': 'logged-1', 'stripe-signature': 't=1,v1=abc' },
    });
    const ours = lines.filter((line) => line.reqId === 'logged-1');
    expect(ours.map((line) => line.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    expect(lines.filter((line) => line.req !== undefined || line.res !== undefined).every((line) => line.reqId === 'logged-1')).toBe(true);
    expect(JSON.stringify(lines)).not.toContain(key);

    // Redaction holds when a line does carry headers.
    lines.length = 0;
    const logger = createLogger(ctx.config, capture);
    const headers = { authorization: `Bearer ${key}`, 'x-api-key': key, 'stripe-signature': 't=1,v1=abc' };
    logger.info({ req: { headers }, headers, api_key: key, err: { header: 't=1,v1=abc' } }, 'with secrets');
    const written = JSON.stringify(lines);
    expect(written).not.toContain(key);
    expect(written).not.toContain('v1=abc');
    expect(written).toContain('[redacted]');
  });
});

describe('GET /health and /health/ready', () => {
  let broken = false;
  let other: TestContext;
  beforeAll(async () => {
    // A database that fails every query while `broken` (a lost server, a closed PGlite).
    const failing = (db: Database): Database =>
      new Proxy(db, {
        get(target, name, receiver) {
          const value = Reflect.get(target, name, receiver) as unknown;
          if (name !== 'query' || typeof value !== 'function') return typeof value === 'function' ? value.bind(target) : value;
          return (...args: unknown[]) => (broken ? Promise.reject(new Error('connection lost')) : value.apply(target, args));
        },
      });
    other = await createTestApp({ wrapDatabase: failing });
  });
  afterAll(async () => {
    broken = false;
    await other?.close();
  });

  it('is ready while the database answers: 200, with its latency', async () => {
    const ready = await other.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toStrictEqual({ ready: true, database: { reachable: true, latency_ms: expect.any(Number) } });
    const health = await other.app.inject({ method: 'GET', url: '/health' });
    expect(health.json()).toMatchObject({ status: 'ok', ready: true, database: { reachable: true } });
  });

  it('is not ready when the database fails: 503 from both, database unreachable', async () => {
    broken = true;
    try {
      const ready = await other.app.inject({ method: 'GET', url: '/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toStrictEqual({ ready: false, database: { reachable: false, latency_ms: null } });
      expect(ready.headers['x-request-id']).toBeDefined();
      const health = await other.app.inject({ method: 'GET', url: '/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({
        status: 'unavailable',
        ready: false,
        database: { reachable: false, latency_ms: null },
        products: [],
      });
    } finally {
      broken = false;
    }
    expect((await other.app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
  });
});
