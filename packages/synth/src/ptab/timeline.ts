/**
 * A trial's life at the Board, as dates: the petition and its accorded filing date, the
 * institution decision about six months later (the Director's discretionary denials a little
 * earlier), the final written decision within a year of institution, the Federal Circuit's
 * mandate a year and a half or two after it; settlements and adverse judgments cut a trial short.
 * A trial's fate is drawn whole and then cut at `asOf`, so recent petitions are pending or
 * running and older ones have ended, as in the real data.
 */
import { businessDaysAfter } from '../assignments/calendar.js';
import { businessDay, day, Rng, WeightedTable } from '../core/random.js';

export const TRIAL_TYPES = ['IPR', 'PGR', 'CBM', 'DER'] as const;
export type TrialType = (typeof TRIAL_TYPES)[number];

/** How the trial ends (or would end, for one still running at `asOf`). */
export type Fate = 'settledBefore' | 'denied' | 'discretionary' | 'settledAfter' | 'adverse' | 'all' | 'some' | 'none';
export type DecisionKind = 'grant' | 'deny' | 'discretionary' | 'settledBefore' | 'settledAfter' | 'adverse' | 'fwd' | 'mandate';

export interface Decision {
  kind: DecisionKind;
  day: number;
  /** Paper number in the trial's record. */
  paper: number;
  /** Document identifier, unique across the files (assigned once all decisions are known). */
  id: number;
}

/** The days a campaign's parallel petitions share: the Board decides them together. */
export interface Schedule {
  filed: number;
  accorded: number;
  ownerAppears: number;
  discretionary: number;
  institution: number;
  settledBefore: number;
  settledAfter: number;
  fwd: number;
}

export interface Trial {
  type: TrialType;
  /** `IPR2023-01234`, set once all trials are planned. */
  number: string;
  /** Index into ChallengeablePatents. */
  patent: number;
  petitioner: number;
  petitionerName: string;
  schedule: Schedule;
  fate: Fate;
  /** Day the losing side noticed its appeal to the Federal Circuit, or null. */
  appealNoticed: number | null;
  /** The mandate's outcome when it comes. */
  affirmed: boolean;
  /** What happened on or before `asOf`, oldest first. */
  decisions: Decision[];
  /** Order of planning: breaks ties between petitions of one day. */
  seq: number;
}

// The Director's interim process for discretionary denials began in March 2025; before it a
// discretionary denial came from a panel and reads as an ordinary denial.
const DIRECTOR_PROCESS = day('2025-03-26');

const FATES_BEFORE = WeightedTable.parse<Fate>(
  'settledBefore:14 denied:25 settledAfter:10 adverse:2.5 all:23 some:10 none:12 discretionary:1',
);
const FATES_DIRECTOR = WeightedTable.parse<Fate>(
  'settledBefore:12 denied:15 settledAfter:9 adverse:2.5 all:21 some:9 none:11 discretionary:22',
);
/** Parallel petitions of a campaign that did not settle: each is decided on its merits. */
const MERITS = WeightedTable.parse<Fate>('denied:22 adverse:2.5 all:23 some:10 none:12');
/** Fates shared by a whole campaign. */
const SHARED: ReadonlySet<Fate> = new Set(['settledBefore', 'settledAfter', 'discretionary']);

/** A petition's filing day: the business day on or after `raw` (or before it, when the week end would pass `asOf`), if that keeps it in [earliest, asOf]. */
export function filingDay(raw: number, earliest: number, asOf: number): number {
  const forward = businessDay(raw);
  const d = forward <= asOf ? forward : businessDaysAfter(asOf, 0);
  return d < earliest || d > asOf ? raw : d;
}

export function drawSchedule(rng: Rng, filed: number): Schedule {
  const accorded = rng.chance(0.85) ? filed : businessDay(filed + rng.int(1, 25));
  const institution = businessDay(accorded + rng.int(150, 184));
  return {
    filed,
    accorded,
    ownerAppears: filed + rng.int(14, 40),
    discretionary: businessDay(accorded + rng.int(95, 148)),
    institution,
    settledBefore: businessDay(filed + rng.int(30, 140)),
    settledAfter: businessDay(institution + rng.int(30, 330)),
    fwd: businessDay(institution + rng.int(355, 365)),
  };
}

export function campaignFate(rng: Rng, schedule: Schedule): Fate {
  return (schedule.institution >= DIRECTOR_PROCESS ? FATES_DIRECTOR : FATES_BEFORE).pick(rng);
}

/** A member's own fate: the campaign's when it is shared (a settlement ends every petition), else drawn on the merits. */
export function memberFate(rng: Rng, campaign: Fate, first: boolean): Fate {
  return first || SHARED.has(campaign) ? campaign : MERITS.pick(rng);
}

/** Fills in the trial's decisions and appeal up to `asOf`. */
export function liveTrial(rng: Rng, trial: Omit<Trial, 'decisions' | 'appealNoticed' | 'affirmed'>, asOf: number): Trial {
  const s = trial.schedule;
  const all: Array<[DecisionKind, number, number]> = [];
  const next = (kind: DecisionKind, d: number, from: number, to: number) => all.push([kind, d, (all.at(-1)?.[2] ?? 0) + rng.int(from, to)]);
  let appealNoticed: number | null = null;
  const affirmed = rng.chance(0.75);
  switch (trial.fate) {
    case 'settledBefore':
      next('settledBefore', s.settledBefore, 6, 14);
      break;
    case 'discretionary':
      next(s.discretionary >= DIRECTOR_PROCESS ? 'discretionary' : 'deny', s.discretionary, 9, 16);
      break;
    case 'denied':
      next('deny', s.institution, 8, 30);
      break;
    default:
      next('grant', s.institution, 8, 30);
      if (trial.fate === 'settledAfter') next('settledAfter', s.settledAfter, 6, 30);
      else if (trial.fate === 'adverse') next('adverse', businessDay(s.institution + rng.int(40, 300)), 4, 20);
      else {
        next('fwd', s.fwd, 25, 110);
        if (rng.chance(0.4)) {
          appealNoticed = s.fwd + rng.int(35, 63);
          next('mandate', businessDay(s.fwd + rng.int(480, 720)), 3, 20);
        }
      }
  }
  const decisions = all.filter(([, d]) => d <= asOf).map(([kind, d, paper]) => ({ kind, day: d, paper, id: 0 }));
  return { ...trial, decisions, appealNoticed: appealNoticed !== null && appealNoticed <= asOf ? appealNoticed : null, affirmed };
}

/** What the Board's records show after `n` of the trial's decisions, on `asOf`-or-earlier day `on`. */
export function statusAfter(trial: Trial, n: number, on: number): { status: string; institution?: number; termination?: number } {
  let institution: number | undefined;
  let termination: number | undefined;
  let status = 'Pending';
  for (const d of trial.decisions.slice(0, n)) {
    if (d.kind === 'grant' || d.kind === 'deny' || d.kind === 'discretionary') institution = d.day;
    if (d.kind !== 'grant' && d.kind !== 'mandate') termination = d.day;
    status = STATUS[d.kind];
    if (d.kind === 'fwd' && trial.appealNoticed !== null && trial.appealNoticed <= on) status = 'Final Written Decision - Appealed';
  }
  return { status, institution, termination };
}

const STATUS: Readonly<Record<DecisionKind, string>> = {
  grant: 'Trial Instituted',
  deny: 'Institution Denied',
  discretionary: 'Discretionary Denial',
  settledBefore: 'Terminated-Settled',
  settledAfter: 'Terminated-Settled',
  adverse: 'Terminated-Adverse Judgment',
  fwd: 'Final Written Decision',
  // After the mandate the Board's records show the trial's decision again (as the real ones do).
  mandate: 'Final Written Decision',
};

// Document identifiers grow with the filing date, about 680 a day (171095016 on 2025-06-11).
const ID_ORIGIN_DAY = day('2016-01-01');
const ID_ORIGIN = 168_750_000;

/** Numbers the trials per type and year in filing order, and the decisions' documents in date order. */
export function numberTrials(trials: Trial[], rng: Rng): void {
  trials.sort((a, b) => a.schedule.filed - b.schedule.filed || a.seq - b.seq);
  const counters = new Map<string, number>();
  for (const t of trials) {
    const key = `${t.type}${new Date(t.schedule.filed * 86_400_000).getUTCFullYear()}`;
    // Numbers the Board gave to petitions withdrawn before they were made public leave gaps.
    const n = (counters.get(key) ?? 0) + 1 + (rng.chance(0.12) ? rng.int(1, 2) : 0);
    if (n > 99_999) throw new RangeError(`more than 99,999 ${key.slice(0, 3)} petitions in ${key.slice(3)}: ask for fewer proceedings`);
    counters.set(key, n);
    t.number = `${key}-${String(n).padStart(5, '0')}`;
  }
  const all = trials.flatMap((t, i) => t.decisions.map((d, k) => [d, i, k] as const));
  all.sort((a, b) => a[0].day - b[0].day || a[1] - b[1] || a[2] - b[2]);
  let last = 0;
  for (const [d] of all) last = d.id = Math.max(last + rng.int(1, 40), ID_ORIGIN + (d.day - ID_ORIGIN_DAY) * 680);
}
