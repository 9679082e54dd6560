/**
 * Part 3 of `kills.ts`: `patent-status ingest file-wrapper` in a child process, SIGKILLed at a
 * random point again and again (a delay after the spawn, maybe before its first batch; right
 * after its k-th batch that wrote something; or not at all, when it finishes first), each time
 * re-run on what the last one left; then one run to its end. The database must then equal one
 * loaded cleanly (`snapshot` of test/helpers/file-wrapper-records.ts: the applications and their
 * rows, and the events), and loading the same file once more must change nothing. The kills are
 * shared between two files: a synthetic backfile (inserts, no events: the backfile rule) gets the
 * first half, the next day's file of the same corpus the rest; that one updates every
 * application and records its events (a second copy of an event would be a webhook sent twice).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { isDeepStrictEqual } from 'node:util';
import type { Database } from '../src/db/database.js';
import { snapshot } from '../test/helpers/file-wrapper-records.js';
import { IngestProcess } from '../test/helpers/ingest-process.js';
import {
  check,
  type Check,
  type Cycle,
  fileWrapperCorpus,
  loadCleanly,
  nextDayOfCorpus,
  type PartOptions,
  type PartResult,
} from './kills-support.js';
import { benchDatabase, fmt } from './support.js';

const APPLICATIONS = 5_000;
/** The loader's batch (FILE_WRAPPER_LOADER.batchSize): the file commits in this many batches. */
const BATCHES = Math.ceil(APPLICATIONS / 1_000);
const LONGEST_DELAY_MS = 5_000;
/** A batch kill comes after the 1st to this many batches that wrote something. */
const MOST_WORKING_BATCHES = 3;

type Point = { kind: 'delay'; ms: number } | { kind: 'batch'; batches: number } | { kind: 'end' };

const describe = (point: Point) =>
  point.kind === 'delay'
    ? `${point.ms} ms after the spawn`
    : point.kind === 'batch'
      ? `after the ${point.batches}${['st', 'nd', 'rd'][point.batches - 1] ?? 'th'} batch that wrote`
      : 'at its end';

/** How many of the batches wrote rows: a progress line carries the run's counts, so a batch wrote when inserted + updated grew. */
function workingBatches(lines: readonly string[]): number {
  let working = 0;
  let written = 0;
  for (const line of lines) {
    const counts = /inserted (\d+), updated (\d+)/.exec(line);
    const now = counts ? Number(counts[1]) + Number(counts[2]) : written;
    if (now > written) working += 1;
    written = now;
  }
  return working;
}

async function held(db: Database): Promise<string> {
  const { rows } = await db.query<{ applications: number; events: number }>(
    `SELECT (SELECT count(*) FROM applications)::int AS applications, (SELECT count(*) FROM events)::int AS events`,
  );
  return `${fmt(rows[0]!.applications)} applications, ${fmt(rows[0]!.events)} events held`;
}

/** Per table, how many rows differ between two snapshots (a diff short enough to print). */
function difference(ours: unknown, clean: unknown): string {
  const left = ours as Record<string, unknown[]>;
  const right = clean as Record<string, unknown[]>;
  return Object.keys(left)
    .filter((table) => !isDeepStrictEqual(left[table], right[table]))
    .map((table) => {
      const theirs = new Set(right[table]!.map((row) => JSON.stringify(row)));
      const strangers = left[table]!.filter((row) => !theirs.has(JSON.stringify(row))).length;
      return `${table}: ${left[table]!.length} rows against ${right[table]!.length}, ${strangers} not in the clean load`;
    })
    .join('; ');
}

/** A run to its end, and the counts of the run it recorded. */
async function runToEnd(db: Database, args: string[], url: string): Promise<Record<string, number>> {
  const ingest = new IngestProcess(args, { DATABASE_URL: url });
  const code = await ingest.exited;
  if (code !== 0) throw new Error(`ingest exited ${code}: ${ingest.output.stderr.slice(-500)}`);
  const { rows } = await db.query<{ counts: Record<string, number> }>(
    `SELECT json_build_object('inserted', inserted, 'updated', updated, 'unchanged', unchanged, 'events', events) AS counts
     FROM ingest_runs ORDER BY run_id DESC LIMIT 1`,
  );
  return rows[0]!.counts;
}

/** `kills` runs of one file killed, then a run to its end and one more; checked against `clean`. */
async function killsOnFile(
  name: string,
  kills: number,
  args: string[],
  target: { db: Database; url: string },
  clean: unknown,
  options: PartOptions,
): Promise<{ cycles: Cycle[]; checks: Check[]; killed: number }> {
  const cycles: Cycle[] = [];
  let killedRuns = 0;
  const failures: string[] = [];
  for (let cycle = 1; cycle <= kills; cycle += 1) {
    const point = options.rng.weighted<Point>([
      [{ kind: 'delay', ms: options.rng.int(0, LONGEST_DELAY_MS) }, 3.5],
      [{ kind: 'batch', batches: options.rng.int(1, MOST_WORKING_BATCHES) }, 5.5],
      [{ kind: 'end' }, 0.5],
    ]);
    const ingest = new IngestProcess(args, { DATABASE_URL: target.url });
    if (point.kind === 'delay') await Promise.race([sleep(point.ms), ingest.exited]);
    else if (point.kind === 'batch') await ingest.until((lines) => workingBatches(lines) >= point.batches);
    else await ingest.exited;
    const killed = ingest.running;
    if (killed) killedRuns += 1;
    await ingest.kill();
    const code = await ingest.exited;
    if (!killed && code !== 0) failures.push(`run ${cycle} exited ${code}: ${ingest.output.stderr.slice(-300)}`);
    const batches = `${ingest.batches.length} batches committed (${workingBatches(ingest.batches)} wrote)`;
    const state = `${killed ? 'killed' : `ended first (exit ${code})`}: ${batches}; ${await held(target.db)}`;
    cycles.push({ drawn: `${name}, ${describe(point)}`, state });
    options.log(`  ingest ${name} ${cycle}: ${describe(point)}: ${state}`);
  }

  const final = await runToEnd(target.db, args, target.url);
  const afterFinal = await snapshot(target.db);
  const again = await runToEnd(target.db, args, target.url);
  const afterAgain = await snapshot(target.db);
  const equal = isDeepStrictEqual(afterFinal, clean);
  const checks = [
    check(`${name}: no run that ended by itself failed`, failures.length === 0, failures[0] ?? 'none'),
    check(
      `${name}: after the kills and one full run, the data equal one clean load`,
      equal,
      equal ? `the full run: ${JSON.stringify(final)}; ${await held(target.db)}` : difference(afterFinal, clean),
    ),
    check(
      `${name}: the same file once more changes nothing`,
      isDeepStrictEqual(afterAgain, afterFinal) && again.inserted === 0 && again.updated === 0 && again.events === 0,
      JSON.stringify(again),
    ),
  ];
  return { cycles, checks, killed: killedRuns };
}

export async function ingestKills(options: PartOptions): Promise<PartResult> {
  const started = performance.now();
  const result: PartResult = { part: 'ingest', cycles: [], checks: [], seconds: 0 };
  const clean = await benchDatabase();
  const target = await benchDatabase();
  try {
    const backfile = await fileWrapperCorpus(options.dir, APPLICATIONS);
    const nextDay = await nextDayOfCorpus(options.dir, APPLICATIONS, '2026-11-21');
    const cleanStarted = performance.now();
    await loadCleanly(clean.db, backfile.args);
    const cleanBackfile = await snapshot(clean.db);
    await loadCleanly(clean.db, nextDay.args);
    const cleanNextDay = await snapshot(clean.db);
    options.log(
      `ingest: ${fmt(APPLICATIONS)} applications (${BATCHES} batches), a backfile and the next day's file loaded cleanly in ` +
        `${((performance.now() - cleanStarted) / 1000).toFixed(1)} s; ${await held(clean.db)}`,
    );

    let killed = 0;
    for (const [name, file, reference, kills] of [
      ['backfile', backfile, cleanBackfile, Math.ceil(options.kills / 2)],
      ['next day', nextDay, cleanNextDay, Math.floor(options.kills / 2)],
    ] as const) {
      const { cycles, checks, killed: onFile } = await killsOnFile(name, kills, file.args, target, reference, options);
      killed += onFile;
      result.cycles.push(...cycles);
      result.checks.push(...checks);
    }
    const runs = await target.db.query<{ outcome: string; n: number }>(
      `SELECT outcome, count(*)::int AS n FROM ingest_runs GROUP BY 1 ORDER BY 1`,
    );
    const outcomes = Object.fromEntries(runs.rows.map((row) => [row.outcome, row.n]));
    // A killed run that got as far as its row leaves it running; a run killed before that has none.
    result.checks.push(
      check(
        'ingest runs: none failed, killed ones left running, the rest succeeded',
        outcomes.failed === undefined &&
          (outcomes.running ?? 0) <= killed &&
          (outcomes.succeeded ?? 0) === result.cycles.length - killed + 4,
        `${runs.rows.map((row) => `${row.n} ${row.outcome}`).join(', ')} (${killed} runs killed)`,
      ),
    );
  } finally {
    await clean.drop();
    await target.drop();
  }
  result.seconds = (performance.now() - started) / 1000;
  return result;
}
