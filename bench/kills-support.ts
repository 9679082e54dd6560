/**
 * What the three parts of `kills.ts` share: their result's shape, the file wrapper corpus they
 * load, and the wait between two looks at a process or a database.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { runIngest } from '../src/commands/ingest.js';
import { writeSyntheticCorpus } from '../src/commands/synth.js';
import type { Database } from '../src/db/database.js';
import { generateApplications } from '@patent-status/synth';
import { mailedOn } from '@patent-status/synth';
import type { Rng } from '@patent-status/synth';

/** One kill: the moment drawn, and what had happened by the time the process was gone. */
export interface Cycle {
  drawn: string;
  state: string;
}

export interface Check {
  what: string;
  ok: boolean;
  detail: string;
}

export interface PartResult {
  part: 'serve' | 'worker' | 'ingest';
  cycles: Cycle[];
  checks: Check[];
  seconds: number;
}

export interface PartOptions {
  kills: number;
  /** This part's own stream: `--only` another part leaves this one's kill moments as they were. */
  rng: Rng;
  /** A scratch directory, removed after the run. */
  dir: string;
  log: (line: string) => void;
}

export const check = (what: string, ok: boolean, detail: string): Check => ({ what, ok, detail });

/** The synthetic corpus's file wrapper file, and the arguments that load it as `ingest` takes them. */
export async function fileWrapperCorpus(dir: string, applications: number): Promise<{ file: string; args: string[] }> {
  const file = (await writeSyntheticCorpus({ out: dir, applications, seed: `kills-${applications}` })).fileWrapperFile;
  return { file, args: ['file-wrapper', '--product', 'PTFWPRE', '--file-date', '2026-11-20', file] };
}

/**
 * The next day's file of that corpus (PTFWPRD): every application with a non-final rejection
 * mailed that day, so loading it updates each one and records its events.
 */
export async function nextDayOfCorpus(dir: string, applications: number, date: string): Promise<{ file: string; args: string[] }> {
  const file = join(dir, `pfw-next-day-all-${date.replaceAll('-', '')}.json`);
  const records = [...generateApplications({ applications, seed: `kills-${applications}` })].map((record) =>
    JSON.stringify(mailedOn(record, date)),
  );
  await writeFile(file, `{"count":${records.length},"patentFileWrapperDataBag":[\n${records.join(',\n')}\n]}\n`);
  return { file, args: ['file-wrapper', '--product', 'PTFWPRD', '--file-date', date, file] };
}

/** Loads it in this process, as one clean run. */
export async function loadCleanly(db: Database, args: string[]): Promise<void> {
  await runIngest(db, args, { line: () => undefined, progress: null });
}

/** Polls `probe` every `everyMs` until it is true or `timeoutMs` passed; returns whether it became true. */
export async function until(probe: () => boolean | Promise<boolean>, timeoutMs: number, everyMs = 20): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await probe()) return true;
    if (Date.now() > deadline) return false;
    await sleep(everyMs);
  }
}
