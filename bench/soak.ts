/**
 * Soak: a mixed load for N minutes against one server process on the
 * PostgreSQL server — lookups, transaction lists, searches, maintenance answers and MCP tool calls
 * at 50 connections (wrk), while the worker in the same process delivers webhooks to a local
 * receiver and a next-day file is ingested every 20 seconds. RSS is sampled every 10 s.
 * Passes when: no 5xx, RSS after warm-up grows by less than 10% (last third against the second
 * third), and the balance fell by exactly the units the responses reported plus one per delivered
 * webhook. The corpus is the demo's (every product).
 *
 *   npx tsx bench/soak.ts [--minutes 10] [--keep]
 */
import { createServer } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureDemoCorpus } from '../src/commands/demo.js';
import { demoWatchedApplication } from '../src/commands/demo-webhooks.js';
import { loadConfig } from '../src/config.js';
import { addDays } from '../src/domain/dates.js';
import { buildApp } from '../src/http/app.js';
import { ingestFile, productOfCode } from '../src/products/registry.js';
import * as accounts from '../src/resources/accounts/accounts.sql.js';
import { signup } from '../src/resources/accounts/service.js';
import { buildServices } from '../src/services.js';
import { SYNTH_DEFAULTS } from '@patent-status/synth';
import { recordOf, writeNextDayFile } from '@patent-status/synth';
import { startWorker } from '../src/worker/start.js';
import { arg, benchDatabase, fmt } from './support.js';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const PORT = 18341;
const CREDIT = 1_000_000_000;

/** One wrk script for the whole mix; it sums X-Credits-Charged and counts 5xx per thread, reported by done(). */
function mixScript(path: string, requests: { method: string; path: string; body?: string }[], apiKey: string): string {
  const entries = requests.map((r) => `{"${r.method}", "${r.path}", ${r.body ? JSON.stringify(r.body) : 'nil'}}`).join(',\n');
  writeFileSync(
    path,
    `local requests = {\n${entries}\n}\n` +
      `local threads = {}\nfunction setup(thread) table.insert(threads, thread) end\n` +
      `charged = 0\nfivexx = 0\n` +
      `request = function()\n  local r = requests[math.random(#requests)]\n` +
      `  local headers = {["X-API-KEY"] = "${apiKey}", ["Authorization"] = "Bearer ${apiKey}"}\n` +
      `  if r[3] then headers["Content-Type"] = "application/json" end\n` +
      `  return wrk.format(r[1], r[2], headers, r[3])\nend\n` +
      `response = function(status, headers, body)\n  charged = charged + tonumber(headers["X-Credits-Charged"] or headers["x-credits-charged"] or "0")\n` +
      `  if status >= 500 then fivexx = fivexx + 1 end\nend\n` +
      `done = function(summary, latency, requests)\n  local c, f = 0, 0\n  for _, t in ipairs(threads) do c = c + t:get("charged"); f = f + t:get("fivexx") end\n` +
      `  io.write(string.format("charged %d\\nfivexx %d\\n", c, f))\n  io.write(string.format("p95us %d\\n", latency:percentile(95)))\nend\n`,
  );
  return path;
}

async function main(): Promise<void> {
  const minutes = arg('minutes', 10);
  const dir = mkdtempSync(join(tmpdir(), 'pss-soak-'));
  const target = await benchDatabase();
  const receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(204).end());
  });
  await new Promise<void>((listening) => receiver.listen(0, '127.0.0.1', listening));
  const receiverPort = (receiver.address() as { port: number }).port;
  try {
    const started = performance.now();
    await ensureDemoCorpus(target.db, dir, () => undefined);
    console.log(`corpus: the demo's, loaded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    const { orgId, key } = await signup(target.db, 'soak@example.com', 'soak');
    await accounts.creditOrg(target.db, { orgId, units: CREDIT, source: 'admin', reference: null });

    const config = loadConfig({ DATABASE_URL: target.url, PORT: String(PORT), WEBHOOK_ALLOW_PRIVATE: '1' });
    const services = buildServices({ config, db: target.db, notifier: { send: async () => undefined } });
    const app = await buildApp(services);
    // What the server charged on the responses it finished sending: wrk stops with up to 50 answers unread.
    let sentCharged = 0;
    app.addHook('onResponse', async (_request, reply) => {
      sentCharged += Number(reply.getHeader('x-credits-charged') ?? 0);
    });
    await app.listen({ port: PORT, host: '127.0.0.1' });
    const worker = await startWorker(services, {
      log: { info: () => undefined, warn: () => undefined, error: (fields, message) => console.error(message, fields) },
      deliveryPollMs: 200,
    });
    const base = `http://127.0.0.1:${PORT}`;

    const watched = (await demoWatchedApplication(target.db))!;
    const monitor = await fetch(`${base}/v1/monitors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key.api_key },
      body: JSON.stringify({ targets: { application_numbers: [watched] }, webhook_url: `http://127.0.0.1:${receiverPort}/hook` }),
    });
    if (monitor.status !== 201) throw new Error(`monitor: ${monitor.status} ${await monitor.text()}`);
    const monitorCharge = Number(monitor.headers.get('x-credits-charged'));

    const sample = await target.db.query<{ a: string; p: string | null }>(
      `SELECT application_number AS a, patent_number AS p FROM applications WHERE application_number ~ '^[0-9]{8}$' ORDER BY random() LIMIT 300`,
    );
    const patents = sample.rows.map((row) => row.p).filter((p): p is string => p !== null);
    const requests = [
      ...sample.rows.map((row) => ({ method: 'GET', path: `/v1/applications/${row.a}` })),
      ...sample.rows.slice(0, 100).map((row) => ({ method: 'GET', path: `/v1/applications/${row.a}/transactions?limit=20` })),
      ...patents.slice(0, 60).map((p) => ({ method: 'GET', path: `/v1/patents/${p}/maintenance` })),
      ...['battery', 'guide+rna', 'wireless', 'antibody', 'semiconductor'].map((q) => ({
        method: 'GET',
        path: `/v1/search?q=${q}&limit=10`,
      })),
      ...sample.rows.slice(0, 100).map((row, i) => ({
        method: 'POST',
        path: '/mcp',
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: i,
          method: 'tools/call',
          params: { name: 'get_application_status', arguments: { application_number: row.a } },
        }),
      })),
    ];
    const script = mixScript(join(dir, 'mix.lua'), requests, key.api_key);

    // The concurrent ingest: a next-day file for the watched application every 20 s, each a day later.
    const record = recordOf({ applications: 2_000, seed: SYNTH_DEFAULTS.seed }, watched)!;
    let day = addDays(SYNTH_DEFAULTS.asOf, 1);
    let ingests = 0;
    const ingestTimer = setInterval(() => {
      void (async () => {
        const file = await writeNextDayFile(dir, record, day);
        day = addDays(day, 1);
        await ingestFile(target.db, productOfCode('PTFWPRD'), file.path, { product: 'PTFWPRD', fileDate: file.fileDate });
        services.provenance.invalidate();
        ingests += 1;
      })().catch((error) => console.error('ingest failed', error));
    }, 20_000);

    const rss: number[] = [];
    const sampler = setInterval(() => rss.push(process.memoryUsage().rss), 10_000);
    const { stdout } = await promisify(execFile)('wrk', ['-t1', '-c50', `-d${minutes * 60}s`, '--latency', '-s', script, `${base}/`], {
      maxBuffer: 1 << 20,
    });
    clearInterval(sampler);
    clearInterval(ingestTimer);
    // Let the last deliveries go out before counting.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    await worker.stop();
    await app.close();

    const charged = Number(/^charged (\d+)$/m.exec(stdout)?.[1]);
    const fivexx = Number(/^fivexx (\d+)$/m.exec(stdout)?.[1]);
    const rate = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1]);
    const p95 = Number(/^p95us (\d+)$/m.exec(stdout)?.[1]) / 1000;
    const delivered = await target.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM webhook_deliveries WHERE delivered_at IS NOT NULL`,
    );
    const org = await accounts.findOrgById(target.db, orgId);
    const spent = CREDIT - org!.balance_units;
    const expected = sentCharged + delivered.rows[0]!.n;
    const third = Math.floor(rss.length / 3);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const middle = mean(rss.slice(third, 2 * third));
    const last = mean(rss.slice(2 * third));
    const mb = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MB`;
    console.log(
      `${minutes} min: ${fmt(rate)} req/s, p95 ${p95.toFixed(1)} ms, 5xx ${fivexx}; ${ingests} ingests, ${delivered.rows[0]!.n} webhooks delivered`,
    );
    console.log(`RSS every 10 s: ${rss.map(mb).join(' ')}`);
    console.log(`RSS second third ${mb(middle)}, last third ${mb(last)}: ${(((last - middle) / middle) * 100).toFixed(1)}% (limit 10%)`);
    console.log(
      `units: balance fell by ${fmt(spent)}; responses sent ${fmt(sentCharged)} (wrk read ${fmt(charged + monitorCharge)}) + deliveries ${delivered.rows[0]!.n} = ${fmt(expected)}`,
    );
    const ok = fivexx === 0 && (last - middle) / middle < 0.1 && spent === expected && sentCharged - charged - monitorCharge <= 50;
    console.log(ok ? 'PASS' : 'FAIL');
    if (!ok) process.exitCode = 1;
  } finally {
    receiver.close();
    if (!process.argv.includes('--keep')) await target.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
