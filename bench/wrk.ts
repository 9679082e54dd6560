/** wrk (apt-get install wrk) driven from a benchmark: 50 connections, latency percentiles, random paths. */
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { fmt } from './support.js';

export interface WrkResult {
  requestsPerSecond: number;
  p50: number;
  /** NaN unless the script is one of ours (its `done` prints it: wrk's own summary has no 95th). */
  p95: number;
  p99: number;
  non2xx: number;
}

function toMs(value: string): number {
  const match = /^([\d.]+)(us|ms|s)$/.exec(value.trim());
  if (!match) return Number.NaN;
  const n = Number(match[1]);
  return match[2] === 'us' ? n / 1000 : match[2] === 's' ? n * 1000 : n;
}

/** `--pin`: wrk on core 1, the benchmark process (its servers) on core 0; PostgreSQL stays unpinned. */
export const PIN = process.argv.includes('--pin');

export async function pinThisProcess(): Promise<void> {
  if (PIN) await promisify(execFile)('taskset', ['-cp', '0', String(process.pid)]);
}

/** Asynchronous: the servers under test live in the benchmark's process and must keep answering. */
export async function wrk(url: string, seconds: number, script: string | null): Promise<WrkResult> {
  const args = ['-t1', '-c50', `-d${seconds}s`, '--latency', ...(script ? ['-s', script] : []), url];
  const [command, commandArgs] = PIN ? ['taskset', ['-c', '1', 'wrk', ...args]] : ['wrk', args];
  const { stdout: out } = await promisify(execFile)(command, commandArgs, { encoding: 'utf8' });
  const percentile = (p: string) => toMs(new RegExp(`^\\s+${p}%\\s+(\\S+)`, 'm').exec(out)?.[1] ?? '');
  return {
    requestsPerSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]),
    p50: percentile('50'),
    p95: Number(/^p95us (\d+)$/m.exec(out)?.[1] ?? Number.NaN) / 1000,
    p99: percentile('99'),
    non2xx: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0),
  };
}

export const show = (label: string, r: WrkResult) =>
  console.log(
    `${label}: ${fmt(r.requestsPerSecond)} req/s, p50 ${r.p50.toFixed(2)} ms, p95 ${r.p95.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, non-2xx ${r.non2xx}`,
  );

/** Appended to our scripts: wrk's summary stops at the 90th and 99th percentiles. */
export const P95_REPORT =
  'done = function(summary, latency, requests)\n  io.write(string.format("p95us %d\\n", latency:percentile(95)))\nend\n';

/** A wrk script that GETs `prefix + one of values + suffix`, chosen at random, with the key. */
export function randomPathScript(path: string, values: readonly string[], prefix: string, suffix: string, apiKey: string): string {
  writeFileSync(
    path,
    `local values = {${values.map((v) => `"${v}"`).join(',')}}\n` +
      `request = function()\n  local v = values[math.random(#values)]\n` +
      `  return wrk.format("GET", "${prefix}" .. v .. "${suffix}", {["X-API-KEY"] = "${apiKey}"})\nend\n` +
      P95_REPORT,
  );
  return path;
}
