/**
 * MCP `tools/call get_application_status` at 50 connections (wrk), against the REST lookup
 * `GET /v1/applications/{n}` in the same rounds, alternating, over the same random working set of
 * a PostgreSQL corpus of N applications. Each MCP request is what a stateless client sends after
 * `initialize`: one JSON-RPC POST with the key as a bearer token.
 *
 *   npx tsx bench/mcp.ts [--applications 100000] [--seconds 15] [--rounds 2]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config.js';
import { buildApp } from '../src/http/app.js';
import { loadFileWrapper } from '../src/products/file-wrapper/load.js';
import { parseFileWrapperFile } from '../src/products/file-wrapper/parse.js';
import * as accounts from '../src/resources/accounts/accounts.sql.js';
import { signup } from '../src/resources/accounts/service.js';
import { buildServices } from '../src/services.js';
import { writeFileWrapperFile } from '@patent-status/synth';
import { arg, benchDatabase, fmt } from './support.js';
import { P95_REPORT, pinThisProcess, randomPathScript, show, wrk, type WrkResult } from './wrk.js';

const PORT = 18331;

/** A wrk script POSTing one tools/call per request, for a random number of `values`. */
function mcpCallScript(path: string, values: readonly string[], apiKey: string): string {
  writeFileSync(
    path,
    `local values = {${values.map((v) => `"${v}"`).join(',')}}\n` +
      `local headers = {["Content-Type"] = "application/json", ["Accept"] = "application/json, text/event-stream", ` +
      `["Authorization"] = "Bearer ${apiKey}", ["MCP-Protocol-Version"] = "2025-06-18"}\n` +
      `local id = 0\n` +
      `request = function()\n  id = id + 1\n  local v = values[math.random(#values)]\n` +
      `  local body = '{"jsonrpc":"2.0","id":' .. id .. ',"method":"tools/call","params":{"name":"get_application_status","arguments":{"application_number":"' .. v .. '"}}}'\n` +
      `  return wrk.format("POST", "/mcp", headers, body)\nend\n` +
      P95_REPORT,
  );
  return path;
}

async function main(): Promise<void> {
  await pinThisProcess();
  const applications = arg('applications', 100_000);
  const seconds = arg('seconds', 15);
  const rounds = arg('rounds', 2);
  const dir = mkdtempSync(join(tmpdir(), 'pss-mcp-'));
  const target = await benchDatabase();
  try {
    const file = join(dir, 'corpus.json');
    await writeFileWrapperFile(file, { applications, seed: 'mcp-bench' });
    const loaded = await loadFileWrapper(target.db, parseFileWrapperFile(file), {
      product: 'PTFWPRE',
      fileName: 'corpus.json',
      fileDate: '2026-11-20',
    });
    console.log(`corpus: ${fmt(loaded.inserted)} applications`);

    const { orgId, key } = await signup(target.db, 'bench@example.com', 'bench');
    await accounts.creditOrg(target.db, { orgId, units: 100_000_000, source: 'admin', reference: null });
    const sample = await target.db.query<{ application_number: string }>(
      `SELECT application_number FROM applications WHERE application_number ~ '^[0-9]{8}$' ORDER BY random() LIMIT 20000`,
    );
    const numbers = sample.rows.map((row) => row.application_number);
    const restScript = randomPathScript(join(dir, 'rest.lua'), numbers, '/v1/applications/', '', key.api_key);
    const mcpScript = mcpCallScript(join(dir, 'mcp.lua'), numbers, key.api_key);

    const config = loadConfig({ DATABASE_URL: target.url, PORT: String(PORT) });
    const app = await buildApp(buildServices({ config, db: target.db, notifier: { send: async () => undefined } }));
    await app.listen({ port: PORT, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${PORT}`;

    // One call by hand first: the benchmark measures answers, not errors.
    const probe = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key.api_key}` },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'get_application_status', arguments: { application_number: numbers[0] } },
      }),
    });
    const answer = (await probe.json()) as { result?: { isError?: boolean; structuredContent?: { application_number?: string } } };
    if (probe.status !== 200 || answer.result?.isError || answer.result?.structuredContent?.application_number !== numbers[0])
      throw new Error(`MCP probe failed: ${probe.status} ${JSON.stringify(answer).slice(0, 300)}`);

    // Warm-up, not counted: every number of the working set asked once (both paths share the
    // answers kept in memory), then each path for a few seconds (code optimised).
    for (let start = 0; start < numbers.length; start += 50) {
      await Promise.all(
        numbers.slice(start, start + 50).map(async (n) => {
          const response = await fetch(`${base}/v1/applications/${n}`, { headers: { 'x-api-key': key.api_key } });
          await response.arrayBuffer();
        }),
      );
    }
    await wrk(`${base}/`, 5, restScript);
    await wrk(`${base}/`, 5, mcpScript);
    const results: { rest: WrkResult; mcp: WrkResult }[] = [];
    for (let round = 1; round <= rounds; round += 1) {
      const rest = await wrk(`${base}/`, seconds, restScript);
      show(`round ${round}: GET /v1/applications/{n}`, rest);
      const mcp = await wrk(`${base}/`, seconds, mcpScript);
      show(`round ${round}: MCP get_application_status`, mcp);
      if (rest.non2xx + mcp.non2xx > 0) throw new Error('non-2xx answers: the run measured errors');
      console.log(`round ${round}: ratio ${(mcp.requestsPerSecond / rest.requestsPerSecond).toFixed(2)} of the REST lookup`);
      results.push({ rest, mcp });
    }
    const ratios = results.map(({ rest, mcp }) => mcp.requestsPerSecond / rest.requestsPerSecond);
    console.log(`ratios: ${ratios.map((r) => r.toFixed(2)).join(', ')} (target ≥ 0.5)`);
    await app.close();
  } finally {
    await target.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
