/**
 * Maintenance-fee status of one patent (DOMAIN-RULES §2): the three fee windows, their
 * deadlines, the next fee, and lapse / reinstatement from the fee events. Pure, no I/O.
 *
 * Beyond the letter of §2.6, three readings make real records come out right:
 * - The window an EXP. ends is the one whose grant anniversary lies within six months of the
 *   EXP. date: USPTO records EXP. within weeks of it (observed from 3 days before, patent 4296211:
 *   granted 1981-10-20, EXP. 1993-10-17, to 5 weeks after), whatever payments the data shows or
 *   misses (PEDS 5904343 lists only an EXP. 2011-06-13, 26 days after its 12th anniversary).
 *   Failing that (an EXP. recorded late), the first window after the last settled one that had
 *   opened by the EXP. date; then the latest window whose grace had ended.
 * - A window with no payment on record counts as paid when a later window was paid, when the
 *   patent lapsed only at a later window, or when the lapse it caused was reinstated: USPTO
 *   accepts no fee for an expired patent, and reinstatement requires the missed fee (35 USC
 *   41(c)). PEDS lists miss payments (7770506 shows M1552 but no M1551); `inferredPaid` names
 *   such windows.
 * - A granted petition (PMFG) after the last EXP., with a fee paid on or after that EXP., is a
 *   reinstatement too: PEDS lists carry no EXPX (8457796: EXP. 2017-07-04, then PMFG, M2551 and
 *   M2558 on 2018-09-20; status "Patented Case").
 */
import { addMonths, nextBusinessDay } from './dates.js';
import { patentType } from './numbers.js';
import { classifyFeeCode, type FeeCodeMeaning, type FeeEventKind, type FeeStage } from './fee-codes.js';

export const FEE_WINDOWS = ['3.5y', '7.5y', '11.5y'] as const;
export type FeeWindow = (typeof FEE_WINDOWS)[number];
export type WindowValue = 'paid' | 'due' | 'grace' | 'expired' | 'upcoming' | 'n/a';
export type PatentKind = 'utility' | 'design' | 'plant' | 'reissue' | 'sir';

export interface FeeEvent {
  code: string;
  date: string;
}

export interface MaintenanceInput {
  kind: PatentKind;
  /** The grant date fees count from: the patent's own, or for a reissue its original patent's. */
  scheduleGrantDate: string;
  /** Actual filing date for the 1980-12-12 test (a reissue: its original's; a 371: the international filing date); null when unknown (then fees are assumed owed). */
  feeFilingDate: string | null;
  events: readonly FeeEvent[];
  /**
   * The date the windows are judged as of: the newest date the fee evidence covers (DESIGN D29),
   * never beyond it, so no lapse is asserted that the data cannot show.
   */
  asOf: string;
  /** The end of term once it has passed (by the calendar): no fee is owed for a window it makes moot. */
  termEnded?: string | null;
  closures?: ReadonlySet<string>;
}

export interface WindowDeadlines {
  /** First day a payment is accepted (not rolled: paying early is always possible). */
  opens: string;
  /** Last day to pay without surcharge, rolled to a business day (35 USC 21(b)). */
  due: string;
  /** Last day to pay with the surcharge, rolled to a business day. */
  surcharge_until: string;
}

export interface MaintenanceEvent {
  code: string;
  date: string;
  /** null for a code outside the fee-code table (also listed in `unknownCodes`). */
  kind: FeeEventKind | null;
  stage: FeeStage | null;
}

export interface MaintenanceStatus {
  owesFees: boolean;
  noFeesReason: string | null;
  windows: Record<FeeWindow, WindowValue>;
  deadlines: Record<FeeWindow, WindowDeadlines | null>;
  /** The first window due, in grace or upcoming; null when nothing is owed, the patent lapsed or its term ended, or all are paid. */
  next_fee: (WindowDeadlines & { window: FeeWindow; status: WindowValue }) | null;
  /** An EXP. with no reinstatement after it; effective on the grant anniversary that ended the window. */
  lapse: { window: FeeWindow; effective: string; recorded: string } | null;
  /** A window whose grace ended unpaid with no EXP. on record yet (USPTO records it weeks later). */
  unrecordedLapse: { window: FeeWindow; effective: string } | null;
  reinstated: { date: string; code: 'EXPX' | 'PMFG' } | null;
  /** Windows left unpaid that the end of term made moot (n/a): no fee is owed after the term (35 U.S.C. 41(b)). */
  mootAfterTerm: FeeWindow[];
  /** Windows counted as paid without a payment on record (see the module comment). */
  inferredPaid: FeeWindow[];
  /** Every event in date order (ties by code). */
  events: MaintenanceEvent[];
  /** Distinct codes not in the fee-code table, for the caller to count and report. */
  unknownCodes: string[];
}

/** Utility applications filed from this date on owe maintenance fees (35 USC 41(b); 37 CFR 1.362(a)). */
const FEES_OWED_FROM_FILING_DATE = '1980-12-12';

/** The kind the fee rules go by, from the patent number's prefix; the historical series (T, X, AI) owe nothing, like SIRs. */
export function patentKindOf(patentNumber: string): PatentKind {
  const type = patentType(patentNumber) ?? 'utility';
  return type === 'utility' || type === 'design' || type === 'plant' || type === 'reissue' ? type : 'sir';
}

interface Schedule extends WindowDeadlines {
  /** The un-rolled grant anniversary (4th/8th/12th) on which an unpaid window's lapse takes effect. */
  anniversary: string;
}

interface Classified {
  code: string;
  date: string;
  meaning: Readonly<FeeCodeMeaning> | null;
}

const byDate = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function noFeesReason(input: MaintenanceInput): string | null {
  if (input.kind === 'design') return 'design patents owe no maintenance fees (35 U.S.C. 41(b)(3))';
  if (input.kind === 'plant') return 'plant patents owe no maintenance fees (35 U.S.C. 41(b)(3))';
  if (input.kind === 'sir') return 'statutory invention registrations owe no maintenance fees (MPEP 2504)';
  if (input.feeFilingDate !== null && input.feeFilingDate < FEES_OWED_FROM_FILING_DATE) {
    return `application filed ${input.feeFilingDate}, before ${FEES_OWED_FROM_FILING_DATE}: no maintenance fees (37 CFR 1.362(a))`;
  }
  return null;
}

// Stage n (y = 4n years): opens at y − 1 years, due at y − ½, grace to y (§2.1), from the grant.
function scheduleOf(grant: string, closures: ReadonlySet<string> | undefined): Schedule[] {
  return FEE_WINDOWS.map((_, index) => {
    const months = 48 * (index + 1);
    const anniversary = addMonths(grant, months);
    return {
      opens: addMonths(grant, months - 12),
      due: nextBusinessDay(addMonths(grant, months - 6), closures),
      surcharge_until: nextBusinessDay(anniversary, closures),
      anniversary,
    };
  });
}

// Stages paid by events dated up to `asOf`. Each refund cancels one payment of the code it
// reverses made on or before the refund's day; a refund of a code never paid cancels nothing
// (6788977 in USPTO's sample: M1551, then R2551 with STOL, stays paid).
function paidStages(events: readonly Classified[], asOf: string | null): Set<FeeStage> {
  const isRefund = (e: Classified) => Number(e.meaning?.kind === 'refund');
  const ordered = events.filter((e) => asOf === null || e.date <= asOf).sort((a, b) => byDate(a.date, b.date) || isRefund(a) - isRefund(b));
  const open = new Map<string, { stage: FeeStage; count: number }>();
  for (const { code, meaning } of ordered) {
    if (meaning?.kind === 'paid' && meaning.stage !== null) {
      open.set(code, { stage: meaning.stage, count: (open.get(code)?.count ?? 0) + 1 });
    } else if (meaning?.kind === 'refund' && meaning.reverses !== null) {
      const paid = open.get(meaning.reverses);
      if (paid && paid.count > 0) paid.count -= 1;
    }
  }
  return new Set([...open.values()].filter((p) => p.count > 0).map((p) => p.stage));
}

// Index of the window an EXP. recorded on `expDate` ends, given the windows settled by then (see
// the module comment). Anniversaries are four years apart, so at most one lies within six months.
function windowEndedBy(expDate: string, settled: ReadonlySet<number>, schedule: readonly Schedule[]): number {
  const near = schedule.findIndex(({ anniversary }) => addMonths(anniversary, -6) <= expDate && expDate <= addMonths(anniversary, 6));
  if (near >= 0) return near;
  const next = Math.max(-1, ...settled) + 1;
  if (next <= 2 && schedule[next]!.opens <= expDate) return next;
  for (let index = 2; index >= 0; index -= 1) if (schedule[index]!.anniversary <= expDate) return index;
  return Math.min(next, 2); // an EXP. before any window could end: bad data, the next window
}

function record<T>(value: (window: FeeWindow, index: number) => T): Record<FeeWindow, T> {
  return Object.fromEntries(FEE_WINDOWS.map((window, index) => [window, value(window, index)])) as Record<FeeWindow, T>;
}

/** Window values, deadlines, next fee, lapse and reinstatement of one patent (§2.6). */
export function maintenanceStatus(input: MaintenanceInput): MaintenanceStatus {
  const classified: Classified[] = input.events
    .map(({ code, date }) => ({ code: code.trimEnd(), date, meaning: classifyFeeCode(code) }))
    .sort((a, b) => byDate(a.date, b.date) || byDate(a.code, b.code));
  const events = classified.map(({ code, date, meaning }) => ({ code, date, kind: meaning?.kind ?? null, stage: meaning?.stage ?? null }));
  const unknownCodes = [...new Set(classified.filter((e) => e.meaning === null).map((e) => e.code))].sort();
  const reason = noFeesReason(input);
  if (reason !== null) {
    return {
      owesFees: false,
      noFeesReason: reason,
      windows: record(() => 'n/a'),
      deadlines: record(() => null),
      next_fee: null,
      lapse: null,
      unrecordedLapse: null,
      reinstated: null,
      mootAfterTerm: [],
      inferredPaid: [],
      events,
      unknownCodes,
    };
  }

  const schedule = scheduleOf(input.scheduleGrantDate, input.closures);
  const datesOf = (kind: FeeEventKind) => [...new Set(classified.filter((e) => e.meaning?.kind === kind).map((e) => e.date))];
  const expDates = datesOf('expired');
  const expxDates = datesOf('reinstated');
  const pmfgDates = [...new Set(classified.filter((e) => e.code === 'PMFG').map((e) => e.date))];
  const feePaidOnOrAfter = (date: string) =>
    classified.some((e) => e.meaning?.kind === 'paid' && e.meaning.stage !== null && e.date >= date);
  // Each EXP. but the last was undone (the patent expired again later), so a reinstatement signal
  // between it and the next EXP. is enough; after the last one a granted petition also needs a
  // fee paid, since a petition alone may have been about something else.
  const reinstatementAfter = (from: string, until: string | undefined): MaintenanceStatus['reinstated'] => {
    const within = (dates: string[]) => dates.filter((d) => d >= from && (until === undefined || d < until)).at(-1);
    const expx = within(expxDates);
    if (expx) return { date: expx, code: 'EXPX' };
    const pmfg = within(pmfgDates);
    return pmfg && (until !== undefined || feePaidOnOrAfter(from)) ? { date: pmfg, code: 'PMFG' } : null;
  };

  const inferred = new Set<number>();
  let lapse: MaintenanceStatus['lapse'] = null;
  let reinstated: MaintenanceStatus['reinstated'] = null;
  for (const [i, expDate] of expDates.entries()) {
    const settled = new Set([...inferred, ...[...paidStages(classified, expDate)].map((stage) => stage - 1)]);
    const ended = windowEndedBy(expDate, settled, schedule);
    const reinstatement = reinstatementAfter(expDate, expDates[i + 1]);
    for (let index = 0; index < ended; index += 1) inferred.add(index);
    if (reinstatement) inferred.add(ended);
    if (i < expDates.length - 1) continue;
    if (reinstatement) reinstated = reinstatement;
    else lapse = { window: FEE_WINDOWS[ended]!, effective: schedule[ended]!.anniversary, recorded: expDate };
  }
  const paid = paidStages(classified, null);
  for (let index = 0; index < Math.max(0, ...paid) - 1; index += 1) inferred.add(index);
  const lapsedIndex = lapse === null ? null : FEE_WINDOWS.indexOf(lapse.window);
  if (lapsedIndex !== null) inferred.delete(lapsedIndex);
  for (const stage of paid) inferred.delete(stage - 1);

  const windows = {} as Record<FeeWindow, WindowValue>;
  let lapsedByLaw: number | null = null;
  for (const [index, window] of FEE_WINDOWS.entries()) {
    const { opens, due, surcharge_until } = schedule[index]!;
    if (paid.has((index + 1) as FeeStage) || inferred.has(index)) windows[window] = 'paid';
    else if (lapsedIndex !== null && index >= lapsedIndex) windows[window] = 'expired';
    // Lapsed by law once the grace ends unpaid; a later window can then never be paid.
    else if (lapsedByLaw !== null || input.asOf > surcharge_until) {
      lapsedByLaw ??= index;
      windows[window] = 'expired';
    } else if (input.asOf < opens) windows[window] = 'upcoming';
    else windows[window] = input.asOf <= due ? 'due' : 'grace';
  }
  // Once the term has ended nothing more is owed: a window still open, or one whose unpaid grace
  // would have ended the patent only after its term did, is moot. A recorded lapse stays.
  const mootAfterTerm: FeeWindow[] = [];
  const termEnded = input.termEnded ?? null;
  if (termEnded !== null) {
    if (lapsedByLaw !== null && schedule[lapsedByLaw]!.anniversary > termEnded) lapsedByLaw = null;
    for (const [index, window] of FEE_WINDOWS.entries()) {
      const movedByLaw = windows[window] === 'expired' && (lapsedIndex === null || index < lapsedIndex) && lapsedByLaw === null;
      if (['due', 'grace', 'upcoming'].includes(windows[window]) || movedByLaw) {
        windows[window] = 'n/a';
        mootAfterTerm.push(window);
      }
    }
  }
  const unrecordedLapse =
    lapsedIndex === null && lapsedByLaw !== null
      ? { window: FEE_WINDOWS[lapsedByLaw]!, effective: schedule[lapsedByLaw]!.anniversary }
      : null;
  const nextIndex = FEE_WINDOWS.findIndex((w) => ['due', 'grace', 'upcoming'].includes(windows[w]));
  const alive = lapsedIndex === null && unrecordedLapse === null && termEnded === null;
  const deadlinesOf = (index: number): WindowDeadlines => {
    const { opens, due, surcharge_until } = schedule[index]!;
    return { opens, due, surcharge_until };
  };

  return {
    owesFees: true,
    noFeesReason: null,
    windows,
    deadlines: record((_, index) => deadlinesOf(index)),
    next_fee:
      alive && nextIndex >= 0
        ? { window: FEE_WINDOWS[nextIndex]!, ...deadlinesOf(nextIndex), status: windows[FEE_WINDOWS[nextIndex]!] }
        : null,
    lapse,
    unrecordedLapse,
    reinstated,
    mootAfterTerm,
    inferredPaid: FEE_WINDOWS.filter((_, index) => inferred.has(index)),
    events,
    unknownCodes,
  };
}
