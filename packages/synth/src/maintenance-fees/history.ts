/**
 * One patent's maintenance-fee history, as the MaintFeeEvents file records it (DOMAIN-RULES §2).
 *
 * Stage n (1, 2, 3) opens at grant + 3/7/11 years, is due without surcharge through grant +
 * 3.5/7.5/11.5 years (a payment on the next business day after a weekend or holiday due date is
 * still timely) and may be paid with a surcharge until the 4th/8th/12th anniversary. Per stage:
 * - `ontime`: one payment inside [open, due] (M1551/M2551/M3551 …, legacy codes for old payments);
 * - `refund`: a payment at the wrong entity rate, its refund (R…) and the correct payment, all in
 *   the window (a large entity that had claimed small status also gets STOL on the refund day);
 * - `late`: REM. a few weeks after the due date, then the payment and its surcharge on one day
 *   in the grace period;
 * - `lapse`: REM., then EXP. 25–45 days after the anniversary; later stages are never reached;
 * - `reinstated`: a lapse, then the petition surcharge (M1558/M3558, legacy M178/M188)
 *   with the payment 1–16 months later, PMFP/PMFG sometimes, and EXPX 2–17 weeks after that.
 * Around them: ASPN/RMPN (payer number), entity statements (SMAL, MICR, BIG., LTOS, SM0x) and,
 * when `entityChanges` is on, real entity changes between stages (LTOS, STOL, MICR, MTOS …).
 *
 * Anchors tie a stage to what the file wrapper of the same corpus shows (a payment, REM., EXP.
 * and their days): anchored events are copied, not invented, and a stage the file wrapper shows
 * paid on time is only sometimes told differently (refunded, paid late, reinstated), and then
 * only when the whole story ends, in force, before the file wrapper's date (`freeFrom`).
 */
import {
  entityChangeCode,
  MICRO_FROM,
  paymentCode,
  paymentStage,
  petitionCode,
  refundCode,
  restatementCode,
  type StageWindow,
  stageWindows,
  surchargeCode,
} from './schedule.js';
import { businessDay, isOfficeDay, type Rng } from '../core/random.js';
import type { Entity } from '../core/timeline.js';

export type Outcome = 'ontime' | 'refund' | 'late' | 'lapse' | 'reinstated';

/** What the file wrapper shows for one stage. */
export interface StageAnchor {
  payment?: { day: number; code: string };
  rem?: number;
  exp?: number;
}

export interface FeeHistoryInput {
  grant: number;
  filing: number;
  /** Entity at grant (and throughout, unless `entityChanges`). */
  entity: Entity;
  /** The file date: later events are left out. */
  cap: number;
  /** Invented events are dated from this day on; before it only anchors (and rare, in-force retellings of them). */
  freeFrom: number;
  anchors?: ReadonlyArray<StageAnchor | undefined>;
  entityChanges?: boolean;
  /** Make the first stage that allows it take this outcome, completed by `cap`. */
  force?: Outcome;
}

export interface FeeEvent {
  day: number;
  code: string;
}

export interface PendingStage {
  stage: number;
  window: StageWindow;
  entity: Entity;
  remSent: boolean;
}

export interface FeeHistory {
  /** Newest first (same-day events in reverse order of recording), each (day, code) once, none after `cap`. */
  events: FeeEvent[];
  /** The owner's entity status at `cap` (the file's entity column). */
  entity: Entity;
  /** Outcome of each stage that opened by `cap` (a stage cut short by `cap` still has its planned outcome). */
  outcomes: Outcome[];
  /** The stage open at `cap` and not yet paid nor lapsed, for "next week" events. */
  pending: PendingStage | null;
}

/** A business day in [lo, hi] (the last one before hi when none follows), or null when the range is empty. */
function pickDay(rng: Rng, lo: number, hi: number): number | null {
  if (!(hi >= lo)) return null;
  const d = rng.int(lo, hi);
  const b = businessDay(d);
  if (b <= hi) return b;
  let back = d;
  while (back > lo && !isOfficeDay(back)) back -= 1;
  return isOfficeDay(back) ? back : d;
}

const FREE_LAPSE = [0.1, 0.17, 0.25];
const REINSTATED_SHARE = 0.2;
type Weights = ReadonlyArray<readonly [Outcome, number]>;
/** A stage the file wrapper shows paid on time: mostly told as it is. */
const ANCHORED_WEIGHTS: Weights = [
  ['refund', 0.04],
  ['late', 0.05],
  ['reinstated', 0.03],
];
/** A stage nothing anchors, by stage: the later the stage, the more lapses. */
const FREE_WEIGHTS: readonly Weights[] = FREE_LAPSE.map((lapse) => [
  ['lapse', lapse * (1 - REINSTATED_SHARE)],
  ['reinstated', lapse * REINSTATED_SHARE],
  ['late', 0.06],
  ['refund', 0.03],
]);
const FALLBACKS: readonly Outcome[] = ['ontime', 'late', 'lapse'];

function roll(rng: Rng, weights: Weights): Outcome {
  const r = rng.next();
  let acc = 0;
  for (const [outcome, p] of weights) if (r < (acc += p)) return outcome;
  return 'ontime';
}

// The simulation is written without closures or array callbacks: it runs for millions of
// patents in the benchmark file, and under tsx every closure created costs a defineProperty.

export function simulateFees(rng: Rng, input: FeeHistoryInput): FeeHistory {
  const { grant, filing, cap, freeFrom } = input;
  const windows = stageWindows(grant);
  const changes = input.entityChanges === true;
  const events: FeeEvent[] = [];
  const outcomes: Outcome[] = [];
  let entity = input.entity;
  let forced = input.force;
  let pending: PendingStage | null = null;

  for (let s = 0; s < 3; s++) {
    const w = windows[s]!;
    if (w.open > cap) break;
    const stage = s + 1;
    const anchor = input.anchors?.[s];
    const start = events.length;
    let outcome: Outcome;
    let after: Entity | null = entity;
    if (anchor?.exp !== undefined) {
      outcome = 'lapse';
      if (anchor.rem !== undefined) events.push({ day: anchor.rem, code: 'REM.' });
      events.push({ day: anchor.exp, code: 'EXP.' });
    } else {
      const paid = anchor?.payment;
      outcome = forced ?? roll(rng, paid ? ANCHORED_WEIGHTS : FREE_WEIGHTS[s]!);
      // Retellings of an anchored payment must end, in force, before the file wrapper's date.
      const hi = paid || forced ? Math.min(cap, paid ? freeFrom - 1 : Infinity) : Infinity;
      const lo = paid ? -Infinity : freeFrom;
      after = planStage(rng, events, stage, w, outcome, entity, filing, anchor, lo, hi, changes);
      if (after !== null && forced) forced = undefined;
      if (after === null) events.length = start;
      if (after === null && paid) {
        outcome = 'ontime';
        after = entity;
        events.push({ day: paid.day, code: paid.code });
      }
      for (const fallback of FALLBACKS) {
        if (after !== null || fallback === outcome) continue;
        after = planStage(rng, events, stage, w, fallback, entity, filing, anchor, lo, Infinity, changes);
        if (after !== null) outcome = fallback;
        else events.length = start;
      }
    }
    if (after === null) break;
    entity = after;
    if (s === 0 && outcome !== 'lapse' && rng.chance(entity === 'micro' ? 0.2 : entity === 'small' ? 0.06 : 0.03)) {
      const pay = events[events.length - 1]!.day;
      const code = restatementCode(entity, pay, rng);
      if (code !== null && !hasCode(events, start, code)) events.push({ day: businessDay(pay - rng.int(1, 25)), code });
    }
    outcomes.push(outcome);
    let settled = false;
    let remSent = false;
    for (let i = start; i < events.length; i++) {
      const e = events[i]!;
      if (e.day > cap) continue;
      if (e.code === 'EXP.' || paymentStage(e.code) === stage) settled = true;
      if (e.code === 'REM.') remSent = true;
    }
    pending = settled ? null : { stage, window: w, entity, remSent };
    if (outcome === 'lapse') break;
  }

  if (rng.chance(0.38)) {
    const aspn = businessDay(grant + rng.int(-40, 1300));
    events.push({ day: aspn, code: 'ASPN' });
    if (rng.chance(0.18)) events.push({ day: rng.chance(0.4) ? aspn : businessDay(aspn + rng.int(1, 900)), code: 'RMPN' });
    if (rng.chance(0.1)) events.push({ day: businessDay(aspn + rng.int(200, 3000)), code: 'ASPN' });
  }
  return { events: newestFirst(events, cap), entity, outcomes, pending };
}

function hasCode(events: readonly FeeEvent[], from: number, code: string): boolean {
  for (let i = from; i < events.length; i++) if (events[i]!.code === code) return true;
  return false;
}

/** A change of entity status a few weeks before a payment (benchmark histories only); returns the new entity. */
function changeEntity(rng: Rng, out: FeeEvent[], entity: Entity, payDay: number, lo: number): Entity {
  if (!rng.chance(0.05)) return entity;
  const to: Entity =
    entity === 'large'
      ? 'small'
      : entity === 'micro'
        ? rng.chance(0.7)
          ? 'small'
          : 'large'
        : payDay >= MICRO_FROM + 60 && rng.chance(0.3)
          ? 'micro'
          : 'large';
  const at = Math.max(lo, businessDay(payDay - rng.int(1, 45)));
  if (at > payDay) return entity;
  out.push({ day: at, code: entityChangeCode(entity, to, at, rng) });
  return to;
}

/** REM.: mailed a week to six weeks after the due date (or the anchored one), or null when that is before `lo`. */
function reminderDay(rng: Rng, w: StageWindow, anchor: StageAnchor | undefined, lo: number): number | null {
  return anchor?.rem ?? pickDay(rng, Math.max(lo, w.due + 7), w.due + 40);
}

/**
 * Appends one stage's events told as `outcome` to `out`; returns the entity after the stage,
 * or null when the outcome does not fit [lo, hi] (the caller then drops what was appended).
 */
function planStage(
  rng: Rng,
  out: FeeEvent[],
  stage: number,
  w: StageWindow,
  outcome: Outcome,
  entity: Entity,
  filing: number,
  anchor: StageAnchor | undefined,
  lo: number,
  hi: number,
  changes: boolean,
): Entity | null {
  const paid = anchor?.payment;
  if (outcome === 'ontime') {
    const pay = paid?.day ?? pickDay(rng, Math.max(w.open, lo), w.due);
    if (pay === null) return null;
    if (!paid && changes) entity = changeEntity(rng, out, entity, pay, lo);
    out.push({ day: pay, code: paid?.code ?? paymentCode(stage, entity, pay, filing) });
  } else if (outcome === 'refund') {
    const pay = paid?.day ?? pickDay(rng, Math.max(w.open, lo) + 2, w.due);
    if (pay === null || pay > hi) return null;
    const wrongAt = pickDay(rng, Math.max(w.open, lo), pay - 2);
    if (wrongAt === null || wrongAt >= pay) return null;
    const refundAt = Math.min(pay, businessDay(wrongAt + rng.int(1, Math.max(1, pay - wrongAt))));
    const wrongCode = paymentCode(stage, entity === 'small' ? 'large' : 'small', wrongAt, filing);
    out.push({ day: wrongAt, code: wrongCode }, { day: refundAt, code: refundCode(wrongCode) });
    if (entity === 'large') out.push({ day: refundAt, code: 'STOL' });
    out.push({ day: pay, code: paid?.code ?? paymentCode(stage, entity, pay, filing) });
  } else if (outcome === 'late') {
    const pay = pickDay(rng, Math.max(w.dueRolled + 1, lo), w.end);
    if (pay === null || pay > hi) return null;
    const reminder = reminderDay(rng, w, anchor, lo);
    if (reminder !== null && reminder < pay) out.push({ day: reminder, code: 'REM.' });
    if (changes) entity = changeEntity(rng, out, entity, pay, lo);
    out.push({ day: pay, code: paymentCode(stage, entity, pay, filing) }, { day: pay, code: surchargeCode(stage, entity, pay, filing) });
  } else {
    const reminder = reminderDay(rng, w, anchor, lo);
    if (reminder !== null) out.push({ day: reminder, code: 'REM.' });
    const expired = anchor?.exp ?? businessDay(Math.max(lo, w.end + rng.int(25, 45)));
    out.push({ day: expired, code: 'EXP.' });
    if (outcome === 'reinstated') {
      const pay = businessDay(expired + rng.int(30, 500));
      const confirmed = businessDay(pay + rng.int(14, 120));
      if (confirmed > hi) return null;
      if (rng.chance(0.4)) out.push({ day: pay, code: 'PMFP' });
      out.push({ day: pay, code: paymentCode(stage, entity, pay, filing) }, { day: pay, code: petitionCode(entity, pay) });
      if (rng.chance(0.4)) out.push({ day: confirmed, code: 'PMFG' });
      out.push({ day: confirmed, code: 'EXPX' });
    } else if (expired > hi) return null;
  }
  return entity;
}

/** Newest first, same-day events in reverse recording order; duplicates of (day, code) and events after `cap` dropped. */
function newestFirst(events: readonly FeeEvent[], cap: number): FeeEvent[] {
  const out: FeeEvent[] = [];
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.day > cap) continue;
    let j = out.length;
    while (j > 0 && out[j - 1]!.day < e.day) j--;
    let duplicate = false;
    for (let k = j - 1; k >= 0 && out[k]!.day === e.day; k--) if (out[k]!.code === e.code) duplicate = true;
    if (!duplicate) out.splice(j, 0, e);
  }
  return out;
}
