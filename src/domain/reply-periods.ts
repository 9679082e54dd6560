/**
 * Reply deadlines of one application's mailed office actions (DOMAIN-RULES §1.1–§1.4). Pure, no
 * I/O; dates are `YYYY-MM-DD` strings in UTC, compared as strings.
 *
 * Every period counts from the mail date (§1.2, MPEP 710.01(a)); its last day rolls to the next
 * business day (35 USC 21(b)), and so does the outer limit, which is counted month by month from
 * the mail date, never from a rolled date (§0 traps 2 and 3).
 *
 * Not inputs, so the caller leaves them out: withdrawn or vacated actions (their period no longer
 * runs, §1.4), and actions whose period a granted petition restarted from the receipt date (the
 * receipt date is not in the data).
 *
 * Readings where §1 is silent or unconfirmed (U):
 * - A non-compliant amendment notice is taken to set 2 months unless the period running is a
 *   final's (after-final amendment: the final's period keeps running). Its period is U in §1.1.
 * - A letter restarting the period of a final restarts the plain 3 months: MPEP 706.07(f) speaks
 *   of a reply within 2 months of the final itself, so the advisory rule is not applied again.
 * - For the advisory rule, the final's stage ends at the next action that sets or restarts a
 *   period of its own; advisory actions, non-compliant amendment notices, misc letters and
 *   petition decisions mailed in between do not end it.
 */
import { isCalendarDate } from './calendar-date.js';
import { addDays, addMonths, isBusinessDay, nextBusinessDay } from './dates.js';
import type { OfficeActionType } from './office-action-types.js';

export interface ProsecutionAction {
  type: OfficeActionType;
  mailedDate: string;
}

export interface ReplyDeadline {
  /** The last day of the period as set, rolled to a business day. */
  responseDueEstimate: string | null;
  /** The last day with every extension of time the rules allow, rolled to a business day. */
  responseDueMax: string | null;
  responsePeriodMonths: number | null;
  responseExtendable: boolean | null;
  /** True when this action starts a new period, false when it leaves the running one (advisory, corrected notice, after-final non-compliant notice). */
  restartsPeriod: boolean | null;
  /** The rule(s), e.g. "35 USC 133; 37 CFR 1.134; MPEP 710.02(b)"; null with the period. */
  rule: string | null;
  /** Index (into the input list) of the action whose mailing the period counts from: itself, or the final an advisory belongs to, the notice a corrected notice corrects, …; null with the period. */
  countsFrom: number | null;
  /** Why the date is what it is when a special rule moved it; else null. */
  note: string | null;
}

export interface ReplyContext {
  /** Dates the applicant replied (response_filed / appeal filings: A..., A.NE, ELC., N/AP …), any order. */
  replies: readonly string[];
  /** Ad-hoc office closures (executive orders, days of mourning), counted like holidays. */
  closures?: ReadonlySet<string>;
}

interface PeriodTerms {
  months: number;
  extendable: boolean;
  /** 35 USC 133 caps a reply at 6 months from the mailing; a missing-parts period is not a 133 period (§1.1). */
  statutoryCap: boolean;
  /** Before the Patent Law Treaty changes: "1 month or 30 days, whichever is longer" (§1.1 notes). */
  thirtyDayMinimum: boolean;
  rule: string;
}

const RULES = {
  nonFinal: '35 USC 133; 37 CFR 1.134; MPEP 710.02(b)',
  final: '35 USC 133; 37 CFR 1.134; MPEP 706.07(f)',
  advisory: '35 USC 133; MPEP 706.07(f); MPEP 714.13',
  restriction: '35 USC 133; 37 CFR 1.134; MPEP 710.02(b)',
  quayle: '35 USC 133; 37 CFR 1.134; MPEP 714.14',
  incompleteReply: '35 USC 133; 37 CFR 1.135(c); MPEP 714.03',
  nonCompliantAmendment: '35 USC 133; 37 CFR 1.121; MPEP 714',
  nonCompliantAfterFinal: '35 USC 133; 37 CFR 1.121; MPEP 714; MPEP 706.07(f)',
  missingParts: '35 USC 111(a)(3); 37 CFR 1.53(f); 37 CFR 1.136(a); MPEP 601.01(a)',
  allowance: '35 USC 151; 37 CFR 1.311(a); MPEP 1306',
  examinersAnswer: '37 CFR 41.41; 37 CFR 1.136(a)(1)(ii)',
  restart: 'MPEP 710.06; MPEP 707.05(g)',
} as const;

// The USPTO applied the Patent Law Treaty's 2-month minimum to actions mailed from this date.
const PLT_EFFECTIVE = '2013-12-18';
const STATUTORY_MAXIMUM_MONTHS = 6; // 35 USC 133
const EXTENSION_MONTHS = 5; // 37 CFR 1.136(a)(1)

/** The deadline of an action that sets no period (its letter states one, or it sets none). */
export const NO_PERIOD: ReplyDeadline = {
  responseDueEstimate: null,
  responseDueMax: null,
  responsePeriodMonths: null,
  responseExtendable: null,
  restartsPeriod: null,
  rule: null,
  countsFrom: null,
  note: null,
};

// Types that set no period of their own: they carry one (a non-compliant amendment notice does
// so within a final's stage, the only place these lists are read), or the letter states it.
const CARRIERS: readonly OfficeActionType[] = ['advisory', 'non_compliant_amendment', 'corrected_notice_of_allowance'];
const PERIOD_IN_LETTER: readonly OfficeActionType[] = ['misc', 'petition_decision', 'other'];

function ssp(months: number, rule: string): PeriodTerms {
  return { months, extendable: true, statutoryCap: true, thirtyDayMinimum: false, rule };
}

function shortPeriod(mailedDate: string, rule: string): PeriodTerms {
  return mailedDate < PLT_EFFECTIVE ? { ...ssp(1, rule), thirtyDayMinimum: true } : ssp(2, rule);
}

/** The period an action sets by its type alone, or null when it sets none of its own. */
function ownTerms(type: OfficeActionType, mailedDate: string): PeriodTerms | null {
  switch (type) {
    case 'non_final':
      return ssp(3, RULES.nonFinal);
    case 'final':
      return ssp(3, RULES.final);
    case 'quayle':
      return ssp(2, RULES.quayle);
    case 'restriction':
      return shortPeriod(mailedDate, RULES.restriction);
    case 'incomplete_reply':
      return shortPeriod(mailedDate, RULES.incompleteReply);
    case 'non_compliant_amendment':
      return shortPeriod(mailedDate, RULES.nonCompliantAmendment);
    case 'missing_parts':
      return { months: 2, extendable: true, statutoryCap: false, thirtyDayMinimum: false, rule: RULES.missingParts };
    case 'notice_of_allowance':
      return { months: 3, extendable: false, statutoryCap: true, thirtyDayMinimum: false, rule: RULES.allowance };
    case 'examiners_answer':
      return { months: 2, extendable: false, statutoryCap: true, thirtyDayMinimum: false, rule: RULES.examinersAnswer };
    default:
      return null;
  }
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function rollNote(label: string, nominal: string, closures: ReadonlySet<string> | undefined): string | null {
  if (isBusinessDay(nominal, closures)) return null;
  const day = new Date(`${nominal}T00:00:00Z`).getUTCDay();
  const why = day === 0 || day === 6 ? '' : closures?.has(nominal) ? ' (office closure)' : ' (federal holiday)';
  return `${label} rolled from ${WEEKDAYS[day]} ${nominal}${why}`;
}

function joinNotes(notes: ReadonlyArray<string | null>): string | null {
  const present = notes.filter((note): note is string => note !== null);
  return present.length > 0 ? present.join('; ') : null;
}

/** The outer limit, counted from the mail date (§1.2): 6 months at most for a 35 USC 133 period. */
function nominalMaximum(terms: PeriodTerms, mailedDate: string, nominalEnd: string): string {
  if (!terms.extendable) return nominalEnd;
  const months = terms.months + EXTENSION_MONTHS;
  return addMonths(mailedDate, terms.statutoryCap ? Math.min(months, STATUTORY_MAXIMUM_MONTHS) : months);
}

function periodDeadline(
  terms: PeriodTerms,
  mailedDate: string,
  countsFrom: number,
  closures: ReadonlySet<string> | undefined,
  leadNote: string | null = null,
): ReplyDeadline {
  const monthEnd = addMonths(mailedDate, terms.months);
  const thirtyDays = addDays(mailedDate, 30);
  const nominalEnd = terms.thirtyDayMinimum && thirtyDays > monthEnd ? thirtyDays : monthEnd;
  const nominalMax = nominalMaximum(terms, mailedDate, nominalEnd);
  const preTreaty = terms.thirtyDayMinimum
    ? `pre-PLT period (action mailed before ${PLT_EFFECTIVE}): 1 month or 30 days, whichever is longer, ends ${nominalEnd}`
    : null;
  return {
    responseDueEstimate: nextBusinessDay(nominalEnd, closures),
    responseDueMax: nextBusinessDay(nominalMax, closures),
    responsePeriodMonths: terms.months,
    responseExtendable: terms.extendable,
    restartsPeriod: true,
    rule: terms.rule,
    countsFrom,
    note: joinNotes([
      leadNote,
      preTreaty,
      rollNote('due date', nominalEnd, closures),
      terms.extendable ? rollNote('maximum', nominalMax, closures) : null,
    ]),
  };
}

/**
 * MPEP 706.07(f) (§1.3): when the first reply comes within 2 months of the final and the advisory
 * action is mailed after the 3-month date, the period ends on the advisory's mailing date, never
 * past 6 months. A reply on the business day after a weekend 2-month date counts as within.
 */
function finalDeadline(
  position: number,
  order: readonly number[],
  actions: readonly ProsecutionAction[],
  replies: readonly string[],
  closures: ReadonlySet<string> | undefined,
): ReplyDeadline {
  const index = order[position]!;
  const finalDate = actions[index]!.mailedDate;
  let advisoryDate: string | null = null;
  let stageEnd: string | null = null;
  for (const later of order.slice(position + 1)) {
    const { type, mailedDate } = actions[later]!;
    if (type === 'advisory') advisoryDate ??= mailedDate;
    else if (!CARRIERS.includes(type) && !PERIOD_IN_LETTER.includes(type)) {
      stageEnd = mailedDate;
      break;
    }
  }
  const firstReply = replies.find((reply) => reply >= finalDate && (stageEnd === null || reply < stageEnd)) ?? null;
  const twoMonthDate = addMonths(finalDate, 2);
  const threeMonthDate = addMonths(finalDate, 3);
  const capDate = addMonths(finalDate, STATUTORY_MAXIMUM_MONTHS);
  const replyInTime = firstReply !== null && firstReply <= nextBusinessDay(twoMonthDate, closures);
  const within =
    firstReply !== null && firstReply > twoMonthDate
      ? `first reply within 2 months (${firstReply}, the business day after the 2-month date ${twoMonthDate})`
      : 'first reply within 2 months';

  let nominalEnd = threeMonthDate;
  let caseNote: string;
  if (!replyInTime) caseNote = 'no reply within 2 months of the final rejection: 3 months (MPEP 706.07(f))';
  else if (advisoryDate === null) caseNote = `${within}, no advisory action yet: 3 months until one is mailed (MPEP 706.07(f))`;
  else if (advisoryDate <= threeMonthDate) caseNote = `${within}, advisory action mailed by the 3-month date: 3 months (MPEP 706.07(f))`;
  else if (advisoryDate <= capDate) {
    nominalEnd = advisoryDate;
    caseNote = `${within}, advisory action mailed after the 3-month date: the period ends on its mailing date (MPEP 706.07(f))`;
  } else {
    nominalEnd = capDate;
    caseNote = `${within}, advisory action mailed after the 6-month date: the period ends at the 6-month maximum (35 USC 133; MPEP 706.07(f))`;
  }
  return {
    responseDueEstimate: nextBusinessDay(nominalEnd, closures),
    responseDueMax: nextBusinessDay(capDate, closures),
    responsePeriodMonths: 3,
    responseExtendable: true,
    restartsPeriod: true,
    rule: RULES.final,
    countsFrom: index,
    note: joinNotes([caseNote, rollNote('due date', nominalEnd, closures), rollNote('maximum', capDate, closures)]),
  };
}

/** An action that leaves the running period alone shows that period's dates. */
function carried(source: ReplyDeadline, rule: string): ReplyDeadline {
  return { ...source, restartsPeriod: false, rule };
}

interface PeriodSetter {
  index: number;
  /** The type whose period runs: a restart letter's is the type of the action it restarted. */
  kind: OfficeActionType;
  terms: PeriodTerms;
}

/** One deadline per action, same order as `actions` (which may come in any order; sort a copy by date internally). */
export function replyDeadlines(actions: readonly ProsecutionAction[], context: ReplyContext): ReplyDeadline[] {
  for (const date of [...actions.map((action) => action.mailedDate), ...context.replies]) {
    if (!isCalendarDate(date)) throw new RangeError(`not a YYYY-MM-DD date: ${JSON.stringify(date)}`);
  }
  const { closures } = context;
  const replies = [...context.replies].sort();
  // Same-day actions keep their input order (Array.prototype.sort is stable).
  const order = actions
    .map((_, index) => index)
    .sort((a, b) => (actions[a]!.mailedDate < actions[b]!.mailedDate ? -1 : actions[a]!.mailedDate > actions[b]!.mailedDate ? 1 : 0));
  const deadlines: ReplyDeadline[] = actions.map(() => ({ ...NO_PERIOD }));
  let setter: PeriodSetter | null = null;
  let latestAllowance: number | null = null;

  for (const [position, index] of order.entries()) {
    const { type, mailedDate } = actions[index]!;
    if (type === 'final') {
      deadlines[index] = finalDeadline(position, order, actions, replies, closures);
      setter = { index, kind: type, terms: ownTerms(type, mailedDate)! };
    } else if (type === 'advisory' || (type === 'non_compliant_amendment' && setter?.kind === 'final')) {
      const rule = type === 'advisory' ? RULES.advisory : RULES.nonCompliantAfterFinal;
      if (setter?.kind === 'final') deadlines[index] = carried(deadlines[setter.index]!, rule);
    } else if (type === 'corrected_notice_of_allowance') {
      // §1.4 (U): a corrected notice does not restart the issue-fee period.
      if (latestAllowance !== null) deadlines[index] = carried(deadlines[latestAllowance]!, RULES.allowance);
    } else if (type === 'restarted_period') {
      // Form paragraph 7.81: "The period for reply of [N] MONTHS … is restarted to begin with the
      // mailing date of this letter": the terms of the period that was running.
      if (setter !== null) {
        const restarted = `restarts the period of the action mailed ${actions[setter.index]!.mailedDate} (MPEP 710.06)`;
        deadlines[index] = {
          ...periodDeadline(setter.terms, mailedDate, index, closures, restarted),
          rule: `${setter.terms.rule}; ${RULES.restart}`,
        };
        setter = { index, kind: setter.kind, terms: setter.terms };
      }
    } else {
      const terms = ownTerms(type, mailedDate);
      if (terms !== null) {
        deadlines[index] = periodDeadline(terms, mailedDate, index, closures);
        setter = { index, kind: type, terms };
        if (type === 'notice_of_allowance') latestAllowance = index;
      }
    }
  }
  return deadlines;
}
