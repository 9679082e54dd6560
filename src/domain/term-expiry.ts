/**
 * Whether a patent has expired, and why (spec: `expired`, `expiration_reason`): its term ended,
 * or a maintenance fee lapse ended it first. Pure.
 */
import type { CalculationStep, TermEstimate } from './patent-term.js';

export interface Lapse {
  /** The grant anniversary on which the lapse took effect (35 U.S.C. 41(b)). */
  effective: string;
  /** What shows it: "maintenance fee events: EXP. on 2027-06-07", or the unpaid window for a lapse not yet recorded. */
  source: string;
}

export interface Expiry {
  expired: boolean;
  expiration_reason: 'term ended' | 'maintenance fee not paid' | null;
  /** The estimate's calculation, with the lapse step when there is one. */
  calculation: CalculationStep[];
}

/**
 * The patent is in force through its end date and expired from the day after; the end of term is
 * a date of the calendar, judged against `today`. A lapse is judged by the caller as of the data
 * (maintenance.ts); one that took effect after the term ended changes nothing.
 */
export function expiryOf(term: TermEstimate, lapse: Lapse | null, today: string): Expiry {
  const calculation = lapse
    ? [...term.calculation, { step: 'lapsed: maintenance fee not paid', value: lapse.effective, source: lapse.source }]
    : term.calculation;
  if (lapse && (term.date === null || lapse.effective <= term.date))
    return { expired: true, expiration_reason: 'maintenance fee not paid', calculation };
  if (term.date !== null && today > term.date) return { expired: true, expiration_reason: 'term ended', calculation };
  return { expired: false, expiration_reason: null, calculation };
}

/** True once the term has ended: from the day after its end date. */
export function termHasEnded(term: Pick<TermEstimate, 'date'>, today: string): boolean {
  return term.date !== null && today > term.date;
}
