import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { EventLoopUtilization } from 'node:perf_hooks';
import pg from 'pg';
import type { Database } from '../src/db/database.js';
import { loadConfig } from '../src/config.js';
import { migrate } from '../src/db/migrate.js';
import { buildApp } from '../src/http/app.js';
import * as accounts from '../src/resources/accounts/accounts.sql.js';
import { signup } from '../src/resources/accounts/service.js';
import { buildServices } from '../src/services.js';
import { openPostgres } from '../src/db/postgres-engine.js';
import { databaseUrlFor } from '../test/helpers/postgres-urls.js';

export const SERVER_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A fresh, migrated database on the PostgreSQL server, dropped by `drop()`. */
export async function benchDatabase(): Promise<{ db: Database; url: string; drop(): Promise<void> }> {
  const name = `pss_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = databaseUrlFor(SERVER_URL, name);
  const db = openPostgres({ connectionString: url });
  await migrate(db);
  return {
    db,
    url,
    async drop() {
      await db.close();
      const cleanup = new pg.Client({ connectionString: SERVER_URL });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** An existing database on the server (a `--keep` run's), measured again; `drop()` only closes it. */
export function existingDatabase(name: string): { db: Database; url: string; drop(): Promise<void> } {
  const url = databaseUrlFor(SERVER_URL, name);
  const db = openPostgres({ connectionString: url });
  return { db, url, drop: () => db.close() };
}

/** The p-th percentile of ascending timings. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** The service on a real port over the database, with a key of a well-funded org: what the HTTP benchmarks call. */
export async function benchServer(db: Database, url: string, port: number): Promise<{ apiKey: string; close: () => Promise<void> }> {
  const { orgId, key } = await signup(db, `bench-${Date.now()}@example.com`, 'bench');
  await accounts.creditOrg(db, { orgId, units: 10_000_000, source: 'admin', reference: null });
  const app = await buildApp(
    buildServices({ config: loadConfig({ DATABASE_URL: url, PORT: String(port) }), db, notifier: { send: async () => undefined } }),
  );
  await app.listen({ port, host: '127.0.0.1' });
  return { apiKey: key.api_key, close: () => app.close() };
}

export function arg(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
}

export const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

/** Runs `work` once and prints its time and MB/s over `megabytes`. */
export async function timed<T>(
  label: string,
  megabytes: number,
  work: () => Promise<T>,
): Promise<{ seconds: number; rate: number; result: T }> {
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  const rate = megabytes / seconds;
  console.log(`${label}: ${seconds.toFixed(1)} s, ${rate.toFixed(1)} MB/s`);
  return { seconds, rate, result };
}

/**
 * Times `queries` sequential GETs of `path()` against the service on `port` (a real HTTP round
 * trip each), fails on any answer but 200 (or 504 with `tolerateTimeouts`: a search past its time
 * limit, counted and timed), prints p50 and p95 under `label` and returns the p95.
 */
export async function measureGets(
  server: { port: number; apiKey: string; queries: number },
  label: string,
  path: () => string,
  { tolerateTimeouts = false } = {},
): Promise<number> {
  const timings: number[] = [];
  let timedOut = 0;
  for (let i = 0; i < server.queries; i += 1) {
    const url = `http://127.0.0.1:${server.port}${path()}`;
    const t0 = performance.now();
    const response = await fetch(url, { headers: { 'x-api-key': server.apiKey } });
    await response.arrayBuffer();
    timings.push(performance.now() - t0);
    if (response.status === 504 && tolerateTimeouts) timedOut += 1;
    else if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  }
  timings.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(52)} p50 ${percentile(timings, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(timings, 95).toFixed(1).padStart(6)} ms` +
      (tolerateTimeouts ? `   ${timedOut} of ${server.queries} answered 504` : ''),
  );
  return percentile(timings, 95);
}

/** 100 batch-status requests of 1,000 numbers drawn from `numbers`, one at a time: their timings, ascending. */
export async function batchStatusTimings(port: number, apiKey: string, numbers: readonly string[]): Promise<number[]> {
  const timings: number[] = [];
  for (let i = 0; i < 100; i += 1) {
    const batch = Array.from({ length: 1000 }, () => numbers[Math.floor(Math.random() * numbers.length)]);
    const t0 = performance.now();
    const response = await fetch(`http://127.0.0.1:${port}/v1/applications/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
      body: JSON.stringify({ application_numbers: batch }),
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`batch status answered ${response.status}`);
    timings.push(performance.now() - t0);
  }
  return timings.sort((a, b) => a - b);
}

/** This process's CPU seconds so far (user and system, every thread). */
const cpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};
/** The machine's busy CPU seconds so far, all cores (Linux's /proc/stat in ticks of 10 ms, all but idle and iowait); null elsewhere. */
function machineBusy(): number | null {
  try {
    const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
    return (ticks.reduce((a, b) => a + b, 0) - ticks[3]! - ticks[4]!) / 100;
  } catch {
    return null;
  }
}
export type Cpu = { own: number; busy: number | null; loop: EventLoopUtilization };
export const cpuNow = (): Cpu => ({ own: cpuSeconds(), busy: machineBusy(), loop: performance.eventLoopUtilization() });
/**
 * CPU seconds from `from` to `to`: this process's (and how long its main thread was busy, by event-loop
 * utilization), the stand-in's process's when known, and the machine's (PostgreSQL's included).
 */
export function cpuText(from: Cpu, to: Cpu, seconds: number, standIn: number | null): string {
  const cores = availableParallelism();
  return (
    `CPU ${(to.own - from.own).toFixed(1)} s in this process ` +
    `(its main thread busy ${(performance.eventLoopUtilization(to.loop, from.loop).active / 1000).toFixed(1)} s)` +
    (standIn === null ? '' : `, ${standIn.toFixed(1)} s in the stand-in's`) +
    (to.busy === null || from.busy === null
      ? ''
      : `, ${(to.busy - from.busy).toFixed(1)} s busy of the machine's ${(cores * seconds).toFixed(1)} (${cores} cores)`)
  );
}
