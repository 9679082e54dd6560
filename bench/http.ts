/**
 * GET /v1/applications/{n} with auth and charging, 50 connections (wrk), over a PostgreSQL
 * database of N applications, as a ratio to a bare Fastify JSON route measured the same way
 * in the same run; then batch status of 1,000 numbers.
 *   npx tsx bench/http.ts [--applications 1000000] [--seconds 15] [--pin]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { loadConfig } from '../src/config.js';
import { buildApp } from '../src/http/app.js';
import { buildServices } from '../src/services.js';
import { loadFileWrapper } from '../src/ingest/file-wrapper/load.js';
import { parseFileWrapperFile } from '../src/ingest/file-wrapper/parse.js';
import { writeFileWrapperFile } from '../src/synth/file-wrapper.js';
import * as accounts from '../src/resources/accounts/accounts.sql.js';
import { signup } from '../src/resources/accounts/service.js';
import { arg, batchStatusTimings, benchDatabase, fmt } from './support.js';
import { pinThisProcess, randomPathScript, show, wrk } from './wrk.js';

async function main(): Promise<void> {
  await pinThisProcess();
  const applications = arg('applications', 1_000_000);
  const seconds = arg('seconds', 15);
  const dir = mkdtempSync(join(tmpdir(), 'pss-http-'));
  const target = await benchDatabase();
  try {
    const file = join(dir, 'corpus.json');
    await writeFileWrapperFile(file, { applications, seed: 'http-bench' });
    const started = performance.now();
    const loaded = await loadFileWrapper(target.db, parseFileWrapperFile(file), {
      product: 'PTFWPRE',
      fileName: 'corpus.json',
      fileDate: '2026-11-20',
    });
    console.log(`corpus: ${fmt(loaded.inserted)} applications loaded in ${((performance.now() - started) / 1000).toFixed(0)} s`);

    const { orgId, key } = await signup(target.db, 'bench@example.com', 'bench');
    await accounts.creditOrg(target.db, { orgId, units: 100_000_000, source: 'admin', reference: null });
    const sample = await target.db.query<{ application_number: string }>(
      `SELECT application_number FROM applications WHERE application_number ~ '^[0-9]{8}$' ORDER BY random() LIMIT 20000`,
    );
    const numbers = sample.rows.map((row) => row.application_number);
    const script = randomPathScript(join(dir, 'random.lua'), numbers, '/v1/applications/', '', key.api_key);

    const bare = Fastify();
    bare.get('/bare', async () => ({ hello: 'world', application_number: '17248024' }));
    await bare.listen({ port: 18302, host: '127.0.0.1' });
    const config = loadConfig({ DATABASE_URL: target.url, PORT: '18301' });
    const app = await buildApp(buildServices({ config, db: target.db, notifier: { send: async () => undefined } }));
    await app.listen({ port: 18301, host: '127.0.0.1' });

    await wrk('http://127.0.0.1:18301/health', 3, null); // warm-up
    const baseline = await wrk('http://127.0.0.1:18302/bare', seconds, null);
    show('bare Fastify JSON route', baseline);
    const lookup = await wrk('http://127.0.0.1:18301/', seconds, script);
    show('GET /v1/applications/{n} (auth + charging)', lookup);
    console.log(`ratio: ${(lookup.requestsPerSecond / baseline.requestsPerSecond).toFixed(2)} of the bare route`);
    // The same path when every answer is already remembered: what the service itself costs.
    const hot = join(dir, 'hot.lua');
    writeFileSync(hot, `wrk.headers["X-API-KEY"] = "${key.api_key}"\nwrk.path = "/v1/applications/${numbers[0]}"\n`);
    const cached = await wrk('http://127.0.0.1:18301/', seconds, hot);
    show('  one application, answer cached', cached);

    const timings = await batchStatusTimings(18301, key.api_key, numbers);
    console.log(`batch status, 1,000 numbers: p50 ${timings[49]!.toFixed(1)} ms, p95 ${timings[94]!.toFixed(1)} ms`);

    await app.close();
    await bare.close();
  } finally {
    await target.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
