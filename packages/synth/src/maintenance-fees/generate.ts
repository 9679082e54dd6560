/**
 * Synthetic maintenance-fee events (product PTMNFEE2): `MaintFeeEvents_YYYYMMDD.txt` and
 * `MaintFeeEventsDesc_YYYYMMDD.txt` for the corpus of the same seed and size, in USPTO's
 * fixed-width layout (maintenance-fee-format.ts).
 *
 * The rows belong to the corpus's granted utility patents: the same patent and application
 * numbers, filing and grant dates as its file wrapper and grant files. Design and plant patents
 * owe no fees and get no rows; the corpus's reissues get none either, because nothing in it
 * names the utility patent they reissue, whose grant date their schedule would run from. Each
 * patent's history (maintenance-fee-history.ts) follows the real schedule and copies the
 * maintenance events its file wrapper shows (the payment, REM., EXP. and their days): a patent
 * the file wrapper shows lapsed (status 250) is lapsed here, never reinstated. A few payments
 * the file wrapper shows on time are told with more detail (a refunded wrong-rate payment, a
 * late payment with surcharge, a lapse and reinstatement), always ending in force before the
 * file wrapper's date. Events after the corpus's `asOf` (when `fileDate` is later) are invented.
 * The entity column is the owner's status in the file wrapper.
 *
 * Lines are sorted by patent number, each patent's rows newest first (as in the real file). The
 * `examples` always exist (a chosen patent is given the story when chance did not), so a demo
 * can print them; the rows are held in memory, which suits corpus sizes (for benchmark-size
 * files see writeCumulativeFeeFile).
 */
import { mkdir, open, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SYNTH_DEFAULTS, generateApplications } from '../file-wrapper/generate.js';
import { compactDate, codeField, descFileText, feeFileNames, feeLinePrefix } from './format.js';
import { type FeeHistory, type Outcome, simulateFees, type StageAnchor } from './history.js';
import { paymentStage, stageWindows } from './schedule.js';
import { day, iso, onOrAfter, Rng, TUESDAY } from '../core/random.js';
import type { Entity } from '../core/timeline.js';

export { writeCumulativeFeeFile } from './cumulative.js';
export { feePatentField } from './format.js';

export interface MaintenanceFeeOptions {
  seed: string;
  applications: number;
  /** `YYYY-MM-DD`: the file's date (data through this day); also in the file names. */
  fileDate: string;
  /** The corpus's `asOf` (default SYNTH_DEFAULTS.asOf): must match the corpus the rows belong to. */
  asOf?: string;
}

export interface MaintenanceFeeExamples {
  /** Every fee due so far paid on time, in force. */
  live: string;
  /** EXP. and no EXPX after it. */
  lapsed: string;
  /** A design patent of the corpus: no rows. */
  design: string | null;
  /** EXP. followed by EXPX. */
  reinstated: string | null;
  /** A refund (R…) of a payment, then the correct payment. */
  refunded: string | null;
}

export interface MaintenanceFeeFiles {
  eventsPath: string;
  descPath: string;
  lines: number;
  examples: MaintenanceFeeExamples;
}

/** A corpus too small or too young for the examples (no patent whose first fee window has closed): nothing is written. */
export class NoFeeExampleError extends RangeError {
  constructor(applications: number, fileDate: string, kind: string) {
    super(`the corpus (${applications} applications) has no patent old enough on ${fileDate} for a ${kind} maintenance-fee example`);
    this.name = 'NoFeeExampleError';
  }
}

/** The file date the `synth` command uses: the last Tuesday on or before the corpus's `asOf`. */
export function feeFileDateFor(asOf: string): string {
  return iso(onOrAfter(day(asOf) - 6, TUESDAY));
}

const ENTITY: Readonly<Record<string, Entity>> = { 'Regular Undiscounted': 'large', Small: 'small', Micro: 'micro' };

interface CorpusPatent {
  patentNumber: string;
  applicationNumber: string;
  filingDate: string;
  grantDate: string;
  entity: Entity;
  anchors: StageAnchor[];
  history: FeeHistory;
}

/** The corpus's granted utility patents (by patent number) with the maintenance events their file wrappers show, and its first design patent. */
function corpusPatents(options: MaintenanceFeeOptions & { asOf: string }): { patents: CorpusPatent[]; design: string | null } {
  const patents: CorpusPatent[] = [];
  let design: string | null = null;
  for (const record of generateApplications({ applications: options.applications, seed: options.seed, asOf: options.asOf })) {
    const meta = record.applicationMetaData;
    if (!meta.patentNumber || !meta.grantDate || meta.grantDate > options.fileDate) continue;
    if (meta.applicationTypeCode === 'DES') {
      if (design === null || Number(meta.patentNumber.slice(1)) < Number(design.slice(1))) design = meta.patentNumber;
      continue;
    }
    if (meta.applicationTypeCode !== 'UTL') continue;
    const windows = stageWindows(day(meta.grantDate));
    const anchors: StageAnchor[] = [];
    for (const e of record.eventDataBag) {
      const d = day(e.eventDate);
      const stage = /^M[123]55[123]$/.test(e.eventCode) ? paymentStage(e.eventCode) : null;
      if (stage !== null) (anchors[stage - 1] ??= {}).payment = { day: d, code: e.eventCode };
      else if (e.eventCode === 'REM.' || e.eventCode === 'EXP.') {
        const s = windows.findIndex((w) => w.open <= d && d <= w.end + 200);
        if (s < 0) continue;
        const anchor = (anchors[s] ??= {});
        if (e.eventCode === 'REM.') anchor.rem = d;
        else anchor.exp = d;
      }
    }
    const entity = ENTITY[meta.entityStatusData.businessEntityStatusCategory] ?? 'large';
    patents.push({
      patentNumber: meta.patentNumber,
      applicationNumber: record.applicationNumberText,
      filingDate: meta.filingDate,
      grantDate: meta.grantDate,
      entity,
      anchors,
      history: { events: [], entity, outcomes: [], pending: null },
    });
  }
  patents.sort((a, b) => Number(a.patentNumber) - Number(b.patentNumber));
  return { patents, design };
}

type Kind = 'live' | 'lapsed' | 'reinstated' | 'refunded';
const FORCED: Readonly<Record<Kind, Outcome>> = { live: 'ontime', lapsed: 'lapse', reinstated: 'reinstated', refunded: 'refund' };

/** Whether a history tells the story an example is named for. */
function feeHistoryIs(kind: Kind, h: Pick<FeeHistory, 'events' | 'pending' | 'outcomes'>): boolean {
  const codes = h.events.map((e) => e.code); // newest first
  const lastExp = codes.indexOf('EXP.');
  const reinstated = lastExp > 0 && codes.slice(0, lastExp).includes('EXPX');
  if (kind === 'lapsed') return lastExp >= 0 && !reinstated;
  if (kind === 'reinstated') return reinstated;
  if (kind === 'refunded') return codes.some((c) => /^R\d/.test(c)) && lastExp < 0;
  return lastExp < 0 && h.pending === null && codes.some((c) => paymentStage(c) !== null) && h.outcomes.every((o) => o === 'ontime');
}

export async function writeMaintenanceFeeFiles(dir: string, options: MaintenanceFeeOptions): Promise<MaintenanceFeeFiles> {
  const asOf = options.asOf ?? SYNTH_DEFAULTS.asOf;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(options.fileDate) || iso(day(options.fileDate)) !== options.fileDate)
    throw new RangeError(`fileDate must be a YYYY-MM-DD date, got ${options.fileDate}`);
  const { patents, design } = corpusPatents({ ...options, asOf });
  const cap = day(options.fileDate);
  const freeFrom = day(asOf) + 1;
  const simulate = (p: CorpusPatent, force?: Outcome): FeeHistory =>
    simulateFees(new Rng(`${options.seed}|maintenance-fees|${p.patentNumber}${force ? `|${force}` : ''}`), {
      grant: day(p.grantDate),
      filing: day(p.filingDate),
      entity: p.entity,
      cap,
      freeFrom,
      anchors: p.anchors,
      force,
    });
  for (const p of patents) p.history = simulate(p);

  // The examples: the first patent that tells each story (for `live`, the one with the most
  // payments), else a patent given that story.
  const chosen = new Map<Kind, CorpusPatent>();
  const payments = (p: CorpusPatent) => p.history.events.filter((e) => paymentStage(e.code) !== null).length;
  for (const kind of ['lapsed', 'reinstated', 'refunded', 'live'] as const) {
    for (const p of patents) {
      if (!feeHistoryIs(kind, p.history) || [...chosen.values()].includes(p)) continue;
      if (kind !== 'live' || !chosen.has(kind) || payments(p) > payments(chosen.get(kind)!)) chosen.set(kind, p);
      if (kind !== 'live') break;
    }
  }
  for (const kind of ['lapsed', 'reinstated', 'refunded', 'live'] as const) {
    if (chosen.has(kind)) continue;
    // Prefer patents whose file wrapper shows a payment (lapsing one of them contradicts it least when it is the only way).
    const order = [...patents].sort((a, b) => Number(b.anchors.some((x) => x?.payment)) - Number(a.anchors.some((x) => x?.payment)));
    for (const p of order) {
      if ([...chosen.values()].includes(p) || p.anchors.some((x) => x?.exp !== undefined)) continue;
      const history = simulate(p, FORCED[kind]);
      if (!feeHistoryIs(kind, history)) continue;
      p.history = history;
      chosen.set(kind, p);
      break;
    }
  }
  const live = chosen.get('live');
  const lapsed = chosen.get('lapsed');
  if (!live || !lapsed) throw new NoFeeExampleError(options.applications, options.fileDate, live ? 'lapsed' : 'live');

  await mkdir(dir, { recursive: true });
  const names = feeFileNames(options.fileDate);
  const eventsPath = join(dir, names.events);
  const descPath = join(dir, names.desc);
  const handle = await open(eventsPath, 'w');
  let lines = 0;
  try {
    let chunk = '';
    for (const p of patents) {
      const prefix = feeLinePrefix({ ...p, entity: p.history.entity });
      for (const e of p.history.events) {
        chunk += prefix + compactDate(iso(e.day)) + codeField(e.code);
        lines++;
      }
      if (chunk.length >= 1 << 20) {
        await handle.write(chunk);
        chunk = '';
      }
    }
    await handle.write(chunk);
  } finally {
    await handle.close();
  }
  await writeFile(descPath, descFileText());
  return {
    eventsPath,
    descPath,
    lines,
    examples: {
      live: live.patentNumber,
      lapsed: lapsed.patentNumber,
      design,
      reinstated: chosen.get('reinstated')?.patentNumber ?? null,
      refunded: chosen.get('refunded')?.patentNumber ?? null,
    },
  };
}
