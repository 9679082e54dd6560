/**
 * The open deadlines of one granted patent: each maintenance-fee window not paid yet (DOMAIN-RULES
 * §2) and the end of its term (§3). Pure; the caller has judged the fee status and the term
 * (facts/assess.ts), so these rows say what the maintenance record says.
 *
 * A window whose due date falls after the end of term is left out: no fee maintains a patent
 * beyond its term (35 USC 41(b)). Each later deadline names the grace end of the first unpaid
 * window before it: once the fee data covers that day with no payment, the patent has lapsed and
 * the later deadlines are moot (read against the data's date when the docket is asked).
 */
import type { DocketDeadline } from './docket.js';
import { FEE_WINDOWS, type MaintenanceStatus } from './maintenance.js';
import type { TermEstimate } from './patent-term.js';

export interface PatentDocketInput {
  patentNumber: string;
  /** The grant date the fee windows count from: the patent's own, or a reissue's original's. */
  scheduleGrantDate: string;
  status: MaintenanceStatus;
  estimate: TermEstimate;
  /** Expired by a lapse or by the end of its term: nothing is due. */
  expired: boolean;
  /** Why the schedule is what it is, when it needs saying (a reissue's original unknown). */
  scheduleNote: string | null;
}

const FEE_RULE = '35 USC 41(b); 37 CFR 1.362(d)–(e); 35 USC 21(b)';
const OPEN_WINDOWS = new Set(['due', 'grace', 'upcoming']);

function endOfTerm(input: PatentDocketInput, date: string, earlierFeeGraceEnds: string | null): DocketDeadline {
  const { calculation, possiblyShorter } = input.estimate;
  const start = calculation.find((step) => step.step.includes('term start') && typeof step.value === 'string');
  const statutes = [...new Set(calculation.map((step) => step.source).filter((source) => source.startsWith('35 U.S.C.')))];
  return {
    key: `end_of_term:${input.patentNumber}`,
    kind: 'end_of_term',
    actionType: null,
    window: null,
    patentNumber: input.patentNumber,
    dueDate: date,
    lastDate: date,
    opens: null,
    extendable: false,
    ifMissed: 'term_ends',
    basis: {
      rule: statutes.length > 0 ? statutes.join('; ') : '35 U.S.C. 154(a)(2)',
      countsFrom: (start?.value as string | undefined) ?? input.scheduleGrantDate,
      transaction: null,
      note: possiblyShorter
        ? 'an estimate: a terminal disclaimer on record, or an ancestor whose filing date is unknown, may end the term earlier'
        : 'an estimate from the term start, base term and adjustment on file',
    },
    earlierFeeGraceEnds: earlierFeeGraceEnds !== null && earlierFeeGraceEnds < date ? earlierFeeGraceEnds : null,
  };
}

export function patentDeadlines(input: PatentDocketInput): DocketDeadline[] {
  const { status, estimate } = input;
  if (input.expired || status.lapse !== null || status.unrecordedLapse !== null) return [];
  const deadlines: DocketDeadline[] = [];
  let firstUnpaidGraceEnds: string | null = null;
  for (const window of FEE_WINDOWS) {
    const dates = status.deadlines[window];
    if (!status.owesFees || dates === null || !OPEN_WINDOWS.has(status.windows[window])) continue;
    if (estimate.date !== null && dates.due > estimate.date) continue;
    deadlines.push({
      key: `maintenance_fee:${input.patentNumber}:${window}`,
      kind: 'maintenance_fee',
      actionType: null,
      window,
      patentNumber: input.patentNumber,
      dueDate: dates.due,
      lastDate: dates.surcharge_until,
      opens: dates.opens,
      extendable: false,
      ifMissed: 'lapse',
      basis: {
        rule: FEE_RULE,
        countsFrom: input.scheduleGrantDate,
        transaction: null,
        note: [
          `the ${window} fee: payable from ${dates.opens}, with the surcharge after ${dates.due}`,
          ...(input.scheduleNote ? [input.scheduleNote] : []),
        ].join('; '),
      },
      earlierFeeGraceEnds: firstUnpaidGraceEnds,
    });
    firstUnpaidGraceEnds ??= dates.surcharge_until;
  }
  if (estimate.date !== null) deadlines.push(endOfTerm(input, estimate.date, firstUnpaidGraceEnds));
  return deadlines;
}
