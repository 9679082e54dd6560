/**
 * What a docket lists: the open deadlines of an application or its patent, each with the date it
 * is due, the last date any extension or surcharge reaches, what missing it costs, and what it
 * counts from. The rules that make them are prosecution-docket.ts and patent-docket.ts. Pure.
 */
import type { FeeWindow } from './maintenance.js';
import type { OfficeActionType } from './office-action-types.js';

export const DEADLINE_KINDS = [
  'office_action_reply',
  'issue_fee',
  'appeal_brief',
  'maintenance_fee',
  'end_of_term',
  'nonprovisional_filing',
] as const;
export type DeadlineKind = (typeof DEADLINE_KINDS)[number];

/** What happens when the last date passes with nothing filed or paid. */
export const MISSED_OUTCOMES = ['abandonment', 'appeal_dismissed', 'reply_brief_waived', 'lapse', 'term_ends', 'benefit_lost'] as const;
export type MissedOutcome = (typeof MISSED_OUTCOMES)[number];

export interface DeadlineBasis {
  /** The rules the dates come from, e.g. "35 USC 133; 37 CFR 1.134; MPEP 710.02(b)". */
  rule: string;
  /** The date the period counts from: a mailing, a filing, a grant, the term's start. */
  countsFrom: string;
  /** The transaction the period counts from, when one records it. */
  transaction: { code: string; date: string } | null;
  /** Why a special rule moved a date, or what the date rests on. */
  note: string | null;
}

export interface DocketDeadline {
  /** Stable within the application: the same deadline keeps its key as data arrives (a calendar event's UID). */
  key: string;
  kind: DeadlineKind;
  /** The office action the period was set by (office_action_reply and issue_fee). */
  actionType: OfficeActionType | null;
  /** The fee window (maintenance_fee). */
  window: FeeWindow | null;
  /** The patent the deadline concerns (maintenance_fee, end_of_term). */
  patentNumber: string | null;
  /** The last day without an extension of time or a surcharge, rolled to a business day. */
  dueDate: string;
  /** The last day with every extension the rules allow, or the surcharge; the due date when neither exists. */
  lastDate: string;
  /** The first day a fee can be paid (maintenance_fee); null otherwise. */
  opens: string | null;
  extendable: boolean;
  ifMissed: MissedOutcome;
  basis: DeadlineBasis;
  /**
   * A fee window of the same patent that comes first and is unpaid: once the data shows its grace
   * ended unpaid (the fee evidence covers a later date), the patent lapsed and this deadline is
   * moot. Null when nothing earlier is owed.
   */
  earlierFeeGraceEnds: string | null;
}
