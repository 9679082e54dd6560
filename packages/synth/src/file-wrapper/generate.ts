/**
 * Synthetic USPTO patent file wrapper data (ODP v1 JSON, products PTFWPRD/PTFWPRE) for the demo,
 * tests and benchmarks. Deterministic: the same seed, size, `startSerial` and `asOf` give
 * byte-identical output. Records have the shape of the real ones (odp-types.ts); the JSON is the
 * API envelope `{"count":N,"patentFileWrapperDataBag":[…],"requestIdentifier":"synthetic-<seed>"}`
 * or JSON Lines.
 *
 * What the corpus models (targets in mix.ts; a quota steers towards them, see family.ts):
 * - Final status: ~47 % patented (150), ~8 % lapsed for non-payment (250), ~20 % abandoned (161
 *   failure to respond, 164 issue fee not paid, 166 file-wrapper-continuation parent, 163 after
 *   appeal), ~22 % pending at every stage (19/20 pre-exam, 30 docketed or after an RCE, 41, 71, 61,
 *   80, 83, 93, 95, 120/123/124 on appeal), ~3 % expired provisionals (159, series 61–63).
 * - Types: ~91 % utility, ~5 % design (29/ series, D patents, never published), a few plant (PP)
 *   and reissue (RE). Filing dates from 2015 to `asOf`; application numbers follow the real series
 *   by filing date (14/ … 19/); patent numbers grow with the grant Tuesday (10,000,000 on
 *   2018-06-19, 12,000,000 on 2024-06-04); publications are `US<year><7 digits>A1` on Thursdays,
 *   ~18 months after the earliest priority.
 * - Histories consistent with the status, newest first: filing and pre-exam events, docketing,
 *   publication, restriction, CTNF/MCTNF (mailed 1–7 days later), replies inside the reply period
 *   (or with XT/G), CTFR/MCTFR, advisory actions, RCEs, appeals, allowance N/=. + MN/=., IFEE,
 *   WPIR (status 150) and the grant-day PGM/ (plus EPG/ from April 2023), maintenance payments,
 *   REM./EXP. for lapses, ABN2/ABN6/ABN10/DABN abandonments, entity changes, same-day duplicates.
 * - Families: ~30 % of applications continue an application of the corpus (CON/DIV/CIP, some
 *   chains of three), ~40 % claim a provisional; both sides of every link agree.
 * - Cast (pools.ts): ~390 examiners tied to 1–3 art units of their technology, with skewed
 *   dockets (`OPAP` / `CENTRAL, DOCKET` before docketing); ~45 applicant companies with name
 *   variants and a few big filers, ~8 % individual inventors; ~72 % undiscounted, ~24 % small,
 *   ~4 % micro; CPC symbols, USPC class and title from the technology of the art unit.
 *
 * Output is streamed record by record with backpressure. Memory stays flat: one family at a
 * time plus small per-day and per-week number counters. A path ending in `.gz` is gzipped.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { createGzip } from 'node:zlib';
import { FamilyPlanner } from '../core/family.js';
import { Numbering } from '../core/numbering.js';
import { buildRecord } from './record.js';
import type { OdpRecord } from './types.js';
import { Pools } from '../core/pools.js';
import { day, Rng } from '../core/random.js';

export type { OdpRecord } from './types.js';
export { TARGET_MIX } from '../core/mix.js';

export const SYNTH_DEFAULTS = {
  /** The demo corpus size. */
  applications: 2000,
  seed: 'patent-status',
  /** Serial floor within each series (0 = the whole series range). */
  startSerial: 0,
  asOf: '2026-11-20',
  layout: 'envelope',
} as const;

export interface GenerateOptions {
  applications: number;
  seed: string | number;
  /** Lowest 6-digit serial used in each application series (default 0); raise it to keep clear of other data. */
  startSerial?: number;
  /** `YYYY-MM-DD`: the day the corpus describes; nothing happens after it. */
  asOf?: string;
}

export interface WriteOptions extends GenerateOptions {
  layout?: 'envelope' | 'jsonl';
}

export interface WriteResult {
  applications: number;
  /** Events written across all `eventDataBag`s. */
  transactions: number;
  /** Bytes of JSON produced (before any compression). */
  bytes: number;
}

/** Checks the options and fills in the defaults; throws a RangeError naming the bad option. */
function resolve(options: GenerateOptions): { total: number; startSerial: number; asOf: number } {
  const total = options.applications;
  if (!Number.isInteger(total) || total < 0) throw new RangeError(`applications must be a non-negative integer, got ${total}`);
  const startSerial = options.startSerial ?? SYNTH_DEFAULTS.startSerial;
  if (!Number.isInteger(startSerial) || startSerial < 0 || startSerial > 900_000)
    throw new RangeError(`startSerial must be 0–900000, got ${startSerial}`);
  const asOf = options.asOf ?? SYNTH_DEFAULTS.asOf;
  // The corpus starts in 2015 and the number series are mapped through 2027.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(asOf) || asOf < '2016-01-01' || asOf > '2027-06-30') {
    throw new RangeError(`asOf must be a date from 2016-01-01 to 2027-06-30, got ${asOf}`);
  }
  return { total, startSerial, asOf: day(asOf) };
}

export function* generateApplications(options: GenerateOptions): Generator<OdpRecord> {
  const { total, startSerial, asOf } = resolve(options);
  const rng = new Rng(options.seed);
  const recordRng = rng.fork('records');
  const planner = new FamilyPlanner({ asOf, rng, numbering: new Numbering(total, startSerial), pools: new Pools() });
  for (let emitted = 0; emitted < total;) {
    for (const member of planner.next(total - emitted)) {
      yield buildRecord(member, asOf, recordRng);
      emitted++;
    }
  }
}

export async function writeFileWrapperFile(path: string, options: WriteOptions): Promise<WriteResult> {
  const layout = options.layout ?? SYNTH_DEFAULTS.layout;
  resolve(options); // bad options fail before the file is created
  const file = createWriteStream(path);
  const gzip = path.endsWith('.gz') ? createGzip({ level: 6 }) : null;
  if (gzip) gzip.pipe(file);
  const sink = gzip ?? file;
  let failure: Error | null = null;
  const failed = new Promise<never>((_, reject) => {
    const onError = (error: Error) => {
      failure ??= error;
      reject(error);
    };
    file.once('error', onError);
    gzip?.once('error', onError);
  });
  const closed = once(file, 'close');
  // Both are awaited below; these handlers only keep an early failure from counting as unhandled.
  failed.catch(() => undefined);
  closed.catch(() => undefined);

  let bytes = 0;
  let transactions = 0;
  let applications = 0;
  let chunk = layout === 'envelope' ? `{"count":${options.applications},"patentFileWrapperDataBag":[\n` : '';
  const flush = async (): Promise<void> => {
    if (failure) throw failure;
    bytes += Buffer.byteLength(chunk);
    const ok = sink.write(chunk);
    chunk = '';
    if (!ok) await Promise.race([once(sink, 'drain'), failed]); // backpressure: memory stays flat
  };
  try {
    for (const record of generateApplications(options)) {
      transactions += record.eventDataBag.length;
      const json = JSON.stringify(record);
      chunk += layout === 'envelope' ? (applications === 0 ? json : `,\n${json}`) : `${json}\n`;
      applications++;
      if (chunk.length >= 1 << 18) await flush();
    }
    if (layout === 'envelope') chunk += `\n],"requestIdentifier":${JSON.stringify(`synthetic-${options.seed}`)}}\n`;
    await flush();
    sink.end();
    await Promise.race([closed, failed]);
  } catch (error) {
    sink.destroy();
    file.destroy();
    throw error;
  }
  return { applications, transactions, bytes };
}
