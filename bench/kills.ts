/**
 * Kill tests, on the PostgreSQL server: each process of the service (serve, worker, ingest)
 * SIGKILLed at random points, N times in a row, restarted each time on the same database;
 * then nothing may be lost and nothing done twice (kills-serve.ts, kills-worker.ts and
 * kills-ingest.ts say what each part checks). The kill moments come from a seeded generator:
 * the seed is printed, and `--seed` repeats a run's moments (the traffic around them follows the
 * machine's timing). Exits 1 when any check fails.
 *
 *   npx tsx bench/kills.ts [--kills 10] [--only serve|worker|ingest] [--seed S]
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Rng } from '@patent-status/synth';
import { ingestKills } from './kills-ingest.js';
import { serveKills } from './kills-serve.js';
import { check, type PartOptions, type PartResult } from './kills-support.js';
import { workerKills } from './kills-worker.js';
import { arg } from './support.js';

const PARTS = { serve: serveKills, worker: workerKills, ingest: ingestKills } as const;
type Part = keyof typeof PARTS;

function textArg(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

function printPart(result: PartResult): void {
  console.log(`\n${result.part}: ${result.cycles.length} kills, ${result.seconds.toFixed(0)} s`);
  console.log('| kill | drawn | when it died |');
  console.log('| --- | --- | --- |');
  result.cycles.forEach((cycle, i) => console.log(`| ${i + 1} | ${cycle.drawn} | ${cycle.state} |`));
  console.log('\n| check | result | detail |');
  console.log('| --- | --- | --- |');
  for (const c of result.checks) console.log(`| ${c.what} | ${c.ok ? 'pass' : '**FAIL**'} | ${c.detail} |`);
}

async function main(): Promise<void> {
  const kills = arg('kills', 10);
  const only = textArg('only');
  if (only !== undefined && !(only in PARTS)) throw new Error(`--only takes ${Object.keys(PARTS).join(', ')}`);
  const seed = textArg('seed') ?? randomBytes(4).toString('hex');
  const parts = (only ? [only] : Object.keys(PARTS)) as Part[];
  console.log(
    `seed ${seed}: npx tsx bench/kills.ts --seed ${seed} --kills ${kills}${only ? ` --only ${only}` : ''} draws the same kill moments`,
  );

  const results: PartResult[] = [];
  for (const part of parts) {
    const dir = mkdtempSync(join(tmpdir(), `pss-kills-${part}-`));
    // A stream per part: running one part alone draws the moments it draws in a whole run.
    const options: PartOptions = { kills, rng: new Rng(`${seed}:${part}`), dir, log: (line) => console.log(line) };
    const started = performance.now();
    try {
      results.push(await PARTS[part](options));
    } catch (error) {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      results.push({
        part,
        cycles: [],
        checks: [check('the part ran to its end', false, message)],
        seconds: (performance.now() - started) / 1000,
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    printPart(results.at(-1)!);
  }

  console.log('\n| part | kills | checks passed | seconds | result |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const r of results) {
    const passed = r.checks.filter((c) => c.ok).length;
    const ok = passed === r.checks.length;
    console.log(
      `| ${r.part} | ${r.cycles.length} | ${passed} / ${r.checks.length} | ${r.seconds.toFixed(0)} | ${ok ? 'pass' : '**FAIL**'} |`,
    );
  }
  const failed = results.some((r) => r.checks.some((c) => !c.ok));
  console.log(failed ? 'FAIL' : 'PASS');
  if (failed) process.exitCode = 1;
}

await main();
