/**
 * GET /v1/applications/{n} with auth and charging, 50 connections (wrk), over a PostgreSQL
 * database of N applications, measured as a user meets it: first thing after the load (through
 * the one ingest runner, which leaves the planner's statistics current), no warm-up, and every
 * request a number not asked before, so no answer is remembered and each one reads the database.
 * The baseline, in the same rounds over the same numbers: a bare Fastify route reading the same
 * application row with one `pg` query. Rounds alternate which goes first (the second meets the
 * rows already in the page cache). Then a bare JSON route, the lookup over 20,000 numbers asked
 * again and again (answers remembered), one cached answer, batch status of 1,000 numbers, and what
 * the load's VACUUM (ANALYZE) costs when taken again.
 *   npx tsx bench/http.ts [--applications 1000000] [--seconds 15] [--rounds 3] [--pin] [--keep | --reuse DB]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { loadConfig } from '../src/config.js';
import { vacuumAnalyze } from '../src/db/analyze.sql.js';
import { buildApp } from '../src/http/app.js';
import { buildServices } from '../src/services.js';
import { FILE_WRAPPER_LOADER, loadFileWrapper } from '../src/products/file-wrapper/load.js';
import { parseFileWrapperFile } from '../src/products/file-wrapper/parse.js';
import { writeFileWrapperFile } from '@patent-status/synth';
import * as accounts from '../src/resources/accounts/accounts.sql.js';
import { signup } from '../src/resources/accounts/service.js';
import { arg, batchStatusTimings, benchDatabase, existingDatabase, fmt } from './support.js';
import { P95_REPORT, pinThisProcess, randomPathScript, show, wrk, type WrkResult } from './wrk.js';

/** The baseline's one read: the row by its primary key, prepared once per connection as the service's statements are. */
const ROW_BY_NUMBER = /* SQL */ `SELECT * FROM applications WHERE application_number = $1`;
const SERVICE = 'http://127.0.0.1:18301';
const BARE = 'http://127.0.0.1:18302';

/**
 * A wrk script asking `prefix + number` for each number of a file in turn (one wrk thread: one
 * sequence across its connections), starting over only when all have been asked. Read from a
 * file: LuaJIT refuses a table constructor of a few hundred thousand constants.
 */
function walkScript(dir: string, name: string, numbers: readonly string[], prefix: string, apiKey: string): string {
  const list = join(dir, `${name}.txt`);
  writeFileSync(list, `${numbers.join('\n')}\n`);
  const path = join(dir, `${name}.lua`);
  writeFileSync(
    path,
    `local values = {}\nfor line in io.lines("${list}") do values[#values + 1] = line end\nlocal i = 0\n` +
      `request = function()\n  i = i + 1\n  local v = values[(i - 1) % #values + 1]\n` +
      `  return wrk.format("GET", "${prefix}" .. v, {["X-API-KEY"] = "${apiKey}"})\nend\n` +
      P95_REPORT,
  );
  return path;
}

async function main(): Promise<void> {
  await pinThisProcess();
  const applications = arg('applications', 1_000_000);
  const seconds = arg('seconds', 15);
  const rounds = arg('rounds', 3);
  const reuse = process.argv.includes('--reuse') ? process.argv[process.argv.indexOf('--reuse') + 1]! : null;
  const keep = process.argv.includes('--keep');
  const dir = mkdtempSync(join(tmpdir(), 'pss-http-'));
  const target = reuse ? existingDatabase(reuse) : await benchDatabase();
  try {
    if (reuse) console.log(`reusing ${reuse}: NOT right after a load (its statistics are whatever the load left)`);
    else {
      const file = join(dir, 'corpus.json');
      await writeFileWrapperFile(file, { applications, seed: 'http-bench' });
      const started = performance.now();
      const loaded = await loadFileWrapper(target.db, parseFileWrapperFile(file), {
        product: 'PTFWPRE',
        fileName: 'corpus.json',
        fileDate: '2026-11-20',
      });
      console.log(
        `corpus: ${fmt(loaded.inserted)} applications loaded in ${((performance.now() - started) / 1000).toFixed(0)} s (VACUUM (ANALYZE) included)`,
      );
      rmSync(file);
    }

    const { orgId, key } = await signup(target.db, `bench-${Date.now()}@example.com`, 'bench');
    await accounts.creditOrg(target.db, { orgId, units: 100_000_000, source: 'admin', reference: null });
    const shuffled = await target.db.query<{ application_number: string }>(
      `SELECT application_number FROM applications WHERE application_number ~ '^[0-9]{8}$' ORDER BY random()`,
    );
    const numbers = shuffled.rows.map((row) => row.application_number);
    // Each round its own numbers, so neither route ever asks one the service has remembered.
    const slice = Math.floor(numbers.length / rounds);
    const walks = Array.from({ length: rounds }, (_, r) => numbers.slice(r * slice, (r + 1) * slice));

    const bare = Fastify();
    bare.get('/bare', async () => ({ hello: 'world', application_number: '17248024' }));
    // The same pool size as the service's (db/postgres-engine.ts).
    const pool = new pg.Pool({ connectionString: target.url, max: 20 });
    bare.get<{ Params: { number: string } }>('/pg/:number', async (request, reply) => {
      const { rows } = await pool.query({ name: 'bench_application_row', text: ROW_BY_NUMBER, values: [request.params.number] });
      return rows[0] ?? reply.code(404).send({ missing: request.params.number });
    });
    await bare.listen({ port: 18302, host: '127.0.0.1' });
    const config = loadConfig({ DATABASE_URL: target.url, PORT: '18301' });
    const app = await buildApp(buildServices({ config, db: target.db, notifier: { send: async () => undefined } }));
    await app.listen({ port: 18301, host: '127.0.0.1' });

    const results: { lookup: WrkResult; read: WrkResult }[] = [];
    for (const [r, walk] of walks.entries()) {
      const lookupScript = walkScript(dir, `lookup-${r}`, walk, '/v1/applications/', key.api_key);
      const readScript = walkScript(dir, `read-${r}`, walk, '/pg/', key.api_key);
      const lookupFirst = r % 2 === 0;
      const measure = { lookup: () => wrk(`${SERVICE}/`, seconds, lookupScript), read: () => wrk(`${BARE}/`, seconds, readScript) };
      const firstOne = lookupFirst ? await measure.lookup() : await measure.read();
      const secondOne = lookupFirst ? await measure.read() : await measure.lookup();
      const round = lookupFirst ? { lookup: firstOne, read: secondOne } : { lookup: secondOne, read: firstOne };
      results.push(round);
      const when = r === 0 && !reuse ? ', right after the load' : '';
      const asked = Math.round(round.lookup.requestsPerSecond * seconds);
      console.log(`round ${r + 1} (${lookupFirst ? 'lookup first' : 'pg read first'}), ${fmt(walk.length)} numbers${when}`);
      show('  GET /v1/applications/{n} (auth + charging), each number new', round.lookup);
      show('  bare Fastify route + one pg read of the same row', round.read);
      console.log(
        `  ratio ${(round.lookup.requestsPerSecond / round.read.requestsPerSecond).toFixed(2)}` +
          (asked > walk.length ? ` (about ${fmt(asked)} lookups over ${fmt(walk.length)} numbers: some answers were remembered)` : ''),
      );
    }
    const ratios = results.map((r) => r.lookup.requestsPerSecond / r.read.requestsPerSecond);
    const sum = (pick: (r: { lookup: WrkResult; read: WrkResult }) => number) => results.reduce((total, r) => total + pick(r), 0);
    console.log(
      `ratio ${reuse ? 'in round 1' : 'right after the load'} ${ratios[0]!.toFixed(2)}; per round ${ratios.map((x) => x.toFixed(2)).join(', ')}; ` +
        `all rounds ${(sum((r) => r.lookup.requestsPerSecond) / sum((r) => r.read.requestsPerSecond)).toFixed(2)}`,
    );

    const baseline = await wrk(`${BARE}/bare`, seconds, null);
    show('bare Fastify JSON route', baseline);
    const remembered = randomPathScript(join(dir, 'random.lua'), numbers.slice(0, 20_000), '/v1/applications/', '', key.api_key);
    const again = await wrk(`${SERVICE}/`, seconds, remembered);
    show('GET /v1/applications/{n}, 20,000 numbers asked again and again', again);
    // The same path when every answer is already remembered: what the service itself costs.
    const hot = join(dir, 'hot.lua');
    writeFileSync(hot, `wrk.headers["X-API-KEY"] = "${key.api_key}"\nwrk.path = "/v1/applications/${numbers[0]}"\n`);
    show('one application, answer cached', await wrk(`${SERVICE}/`, seconds, hot));

    const timings = await batchStatusTimings(18301, key.api_key, numbers);
    console.log(`batch status, 1,000 numbers: p50 ${timings[49]!.toFixed(1)} ms, p95 ${timings[94]!.toFixed(1)} ms`);

    // Again: ANALYZE costs what the load's did (it samples); VACUUM less (the pages are all-visible now).
    const analyzing = performance.now();
    await vacuumAnalyze(target.db, FILE_WRAPPER_LOADER.tables);
    console.log(`VACUUM (ANALYZE) of the file wrapper's tables, again: ${((performance.now() - analyzing) / 1000).toFixed(2)} s`);

    await app.close();
    await bare.close();
    await pool.end();
  } finally {
    if (keep && !reuse) {
      console.log(`kept: --reuse ${new URL(target.url).pathname.slice(1)}`);
      await target.db.close();
    } else await target.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
