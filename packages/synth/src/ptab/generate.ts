/**
 * Synthetic PTAB trials in the shape of the Open Data Portal's trials API (ODP v1): a
 * proceedings file and a decisions file for the corpus of the same options as
 * writeFileWrapperFile. Every challenged patent is a granted utility patent of that corpus, with
 * its numbers, grant date, art unit, first inventor and applicant company (printed as the
 * corpus prints it); petitioners are a pool of frequent filers and the corpus's own companies
 * (ptab-parties.ts). What is planned (ptab-plan.ts, ptab-timeline.ts): IPR, PGR, a few CBM and
 * DER trials in campaigns of parallel petitions and repeat challenges, each pending, denied
 * (on the merits or at the Director's discretion), settled before or after institution, ended by
 * adverse judgment, or decided in a final written decision (all, some or no challenged claims
 * unpatentable), some appealed to the Federal Circuit and back with its mandate, all as of `asOf`.
 *
 * Files, in `dir`: `ptab-proceedings-YYYYMMDD.json` and `ptab-decisions-YYYYMMDD.json` (`asOf`),
 * each an API envelope `{"count", "requestIdentifier", "<bag>": [...]}`, newest trial first.
 * Deterministic: the same options give byte-identical files. Memory: the corpus's granted
 * patents in columns (ptab-corpus.ts) and the plan (a few hundred bytes a trial); the JSON is
 * written record by record.
 */
import { mkdir, open } from 'node:fs/promises';
import { join } from 'node:path';
import { SYNTH_DEFAULTS } from '../file-wrapper/generate.js';
import { readChallengeablePatents } from './corpus.js';
import { PetitionerPool } from './parties.js';
import { TrialPlanner } from './plan.js';
import { decisionRecords, proceedingRecord, type RecordContext } from './records.js';
import type { Trial } from './timeline.js';
import { day, Rng } from '../core/random.js';

export { NoPtabExampleError } from './plan.js';

export interface PtabOptions {
  /** The corpus described: the same options as writeFileWrapperFile's. */
  applications: number;
  seed: string | number;
  startSerial?: number;
  /** `YYYY-MM-DD` (default SYNTH_DEFAULTS.asOf): nothing is filed or decided after it. */
  asOf?: string;
  /** How many trials (default: about one per 150 granted patents, at least 12 when the corpus has 12 granted patents). */
  proceedings?: number;
}

/** Trials a demo can show without reading the files: trial numbers, a petitioner's printed name, a patent number. */
export interface PtabExamples {
  /** A final written decision holding all challenged claims unpatentable. */
  finalAllUnpatentable: string;
  /** A final written decision holding some of them unpatentable. */
  finalSome: string;
  /** Institution denied on the merits. */
  denied: string;
  /** Terminated-Settled. */
  settled: string;
  /** Pending: no decision yet. */
  pending: string;
  /** The petitioner name printed on the most trials. */
  busiestPetitioner: string;
  /** The patent challenged in the most trials. */
  challengedPatent: string;
}

export interface PtabFiles {
  /** The proceedings file, then the decisions file. */
  files: string[];
  proceedings: number;
  decisions: number;
  seconds: number;
  examples: PtabExamples;
}

/** The default number of trials for a corpus with `granted` patents. */
export function defaultProceedings(granted: number): number {
  return Math.max(Math.round(granted / 150), Math.min(12, granted));
}

/** `xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx` from the seed: the API's request ids are version-4 UUIDs. */
function requestIdentifier(rng: Rng): string {
  const hex = (n: number) => Array.from({ length: n }, () => rng.int(0, 15).toString(16)).join('');
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[rng.int(0, 3)]}${hex(3)}-${hex(12)}`;
}

/** Writes `{"count":N,"requestIdentifier":…,"<bag>":[` then each record as it comes, in chunks. */
async function writeEnvelope(path: string, count: number, id: string, bag: string, records: Iterable<object>): Promise<void> {
  const handle = await open(path, 'w');
  try {
    let chunk = `{"count":${count},"requestIdentifier":${JSON.stringify(id)},"${bag}":[`;
    let first = true;
    for (const record of records) {
      chunk += (first ? '\n' : ',\n') + JSON.stringify(record);
      first = false;
      if (chunk.length >= 1 << 20) {
        await handle.write(chunk);
        chunk = '';
      }
    }
    await handle.write(`${chunk}${first ? '' : '\n'}]}\n`);
  } finally {
    await handle.close();
  }
}

function examplesOf(trials: readonly Trial[], ctx: RecordContext): PtabExamples {
  const find = (what: string, test: (t: Trial) => boolean) => {
    const found = trials.find(test);
    if (!found) throw new Error(`the plan holds no ${what} trial`);
    return found.number;
  };
  const fwd = (fate: string) => (t: Trial) => t.fate === fate && t.decisions.some((d) => d.kind === 'fwd');
  const last = (t: Trial) => t.decisions.at(-1)?.kind;
  const most = (keys: Iterable<string>) => {
    const counts = new Map<string, number>();
    for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
    return [...counts].reduce((a, b) => (b[1] > a[1] ? b : a))[0];
  };
  return {
    finalAllUnpatentable: find('all-unpatentable', fwd('all')),
    finalSome: find('some-unpatentable', fwd('some')),
    denied: find('denied', (t) => last(t) === 'deny'),
    settled: find('settled', (t) => last(t) === 'settledBefore' || last(t) === 'settledAfter'),
    pending: find('pending', (t) => t.decisions.length === 0),
    busiestPetitioner: most(trials.map((t) => t.petitionerName)),
    challengedPatent: String(ctx.patents.patentNumber[Number(most(trials.map((t) => String(t.patent))))]!),
  };
}

export async function writePtabFiles(dir: string, options: PtabOptions): Promise<PtabFiles> {
  const started = Date.now();
  const asOf = options.asOf ?? SYNTH_DEFAULTS.asOf;
  if (options.proceedings !== undefined && (!Number.isInteger(options.proceedings) || options.proceedings < 0))
    throw new RangeError(`proceedings must be a non-negative integer, got ${options.proceedings}`);
  const patents = readChallengeablePatents({
    applications: options.applications,
    seed: options.seed,
    startSerial: options.startSerial,
    asOf,
  });
  const pool = new PetitionerPool(patents.companies);
  const ctx: RecordContext = { patents, pool, seed: options.seed, asOf: day(asOf) };
  const wanted = options.proceedings ?? defaultProceedings(patents.grantedTotal);
  // Newest first, as the API lists them.
  const trials = new TrialPlanner(patents, pool, ctx.asOf, options.seed).plan(wanted).reverse();
  const examples = examplesOf(trials, ctx);

  await mkdir(dir, { recursive: true });
  const stamp = asOf.replace(/-/g, '');
  const ids = new Rng(`${options.seed}|ptab|request|${asOf}|${wanted}`);
  const proceedingsPath = join(dir, `ptab-proceedings-${stamp}.json`);
  const decisionsPath = join(dir, `ptab-decisions-${stamp}.json`);
  const decisions = trials.reduce((n, t) => n + t.decisions.length, 0);
  await writeEnvelope(
    proceedingsPath,
    trials.length,
    requestIdentifier(ids),
    'patentTrialProceedingDataBag',
    (function* () {
      for (const t of trials) yield proceedingRecord(ctx, t);
    })(),
  );
  await writeEnvelope(
    decisionsPath,
    decisions,
    requestIdentifier(ids),
    'patentTrialDocumentDataBag',
    (function* () {
      for (const t of trials) yield* decisionRecords(ctx, t);
    })(),
  );
  return {
    files: [proceedingsPath, decisionsPath],
    proceedings: trials.length,
    decisions,
    seconds: (Date.now() - started) / 1000,
    examples,
  };
}
