/**
 * The open prosecution deadlines of one pending application (DOMAIN-RULES §1): the reply to the
 * action whose period runs, the issue fee of a notice of allowance, the appeal brief after a
 * notice of appeal, and the non-provisional filing a provisional waits for. Pure.
 *
 * Only the latest action that sets a period has one running: an earlier period ended with the
 * reply that led to the later action. A period counts as answered by a filing dated on or after
 * the latest mailing that carries it (the action itself, or an advisory action carrying a
 * final's period). Readings where §1 leaves a choice:
 * - An amendment after a final rejection leaves its period running (MPEP 706.07(f)); only a
 *   request for continued examination or a notice of appeal answers it.
 * - The issue fee is answered by its payment (N084 verified, IFEE received) or by an RCE, which
 *   withdraws the application from issue (37 CFR 1.114).
 * - A notice of appeal starts the appeal brief's 2 months (37 CFR 41.37(a)); a pre-appeal
 *   conference request holds it until the panel's decision, after which the brief is due one
 *   month from the decision or at the end of the 2 months, whichever is later (MPEP 1204.02); a
 *   decision that reopens prosecution or withdraws the rejection ends the appeal.
 */
import type { ActionDeadline, ActionTransaction } from './action-deadlines.js';
import { isReply } from './action-deadlines.js';
import { addMonths, nextBusinessDay } from './dates.js';
import type { DocketDeadline } from './docket.js';
import type { ListedAction, ActionDocument } from './office-action-list.js';

const ISSUE_FEE_PAID = new Set(['N084', 'IFEE']);
const RCE = 'RCEX';
const NOTICE_OF_APPEAL = 'N/AP';
const APPEAL_BRIEF_FILED = 'AP.B';
const REPLY_BRIEF_FILED = 'APRB';
const PRE_APPEAL_REQUEST = 'AP.C';
const PANEL_PROCEEDS = 'MAPCP';
/** Panel decisions that end the appeal: prosecution reopened, rejection withdrawn. */
const PANEL_ENDS_APPEAL = new Set(['MAPCR', 'MAPCA']);
const EXTENSION_MONTHS = 5; // 37 CFR 1.136(a)(1)

const BRIEF_RULE = '37 CFR 41.37(a); 37 CFR 1.136(a); MPEP 1205.01';
const PANEL_RULE = '37 CFR 41.37(a); MPEP 1204.02';

/** The transactions the prosecution docket reads, besides the replies (event type response_filed). */
export const PROSECUTION_DOCKET_CODES: readonly string[] = [
  ...ISSUE_FEE_PAID,
  RCE,
  NOTICE_OF_APPEAL,
  APPEAL_BRIEF_FILED,
  REPLY_BRIEF_FILED,
  PRE_APPEAL_REQUEST,
  PANEL_PROCEEDS,
  ...PANEL_ENDS_APPEAL,
];

/** Whether a filing dated on or after an action's mailing answers a period of this kind. */
function answers(type: string, t: ActionTransaction): boolean {
  if (t.code === RCE) return true;
  if (type === 'notice_of_allowance') return ISSUE_FEE_PAID.has(t.code);
  if (type === 'final') return t.code === NOTICE_OF_APPEAL;
  if (type === 'examiners_answer') return t.code === REPLY_BRIEF_FILED;
  return isReply(t);
}

/** The place of the action whose period runs, and of the latest mailing carrying it; null when none runs. */
function runningPeriod(deadlines: readonly ActionDeadline[]): { setter: number; carrier: number } | null {
  let running: { setter: number; carrier: number } | null = null;
  deadlines.forEach((deadline, place) => {
    if (deadline.withdrawn || deadline.responseDueEstimate === null) return;
    if (deadline.restartsPeriod === true) running = { setter: place, carrier: place };
    else if (deadline.restartsPeriod === false && running !== null) running = { ...running, carrier: place };
  });
  return running;
}

function replyDeadline<D extends ActionDocument>(
  listed: readonly ListedAction<D>[],
  deadlines: readonly ActionDeadline[],
  transactions: readonly ActionTransaction[],
): DocketDeadline | null {
  const running = runningPeriod(deadlines);
  if (running === null) return null;
  const action = listed[running.setter]!;
  const deadline = deadlines[running.setter]!;
  const carriedSince = listed[running.carrier]!.mailedDate;
  if (transactions.some((t) => t.date >= carriedSince && answers(action.type, t))) return null;
  const from = listed[deadline.countsFrom ?? running.setter]!;
  const issueFee = action.type === 'notice_of_allowance';
  return {
    key: `${issueFee ? 'issue_fee' : 'office_action_reply'}:${action.mailedDate}:${action.type}`,
    kind: issueFee ? 'issue_fee' : 'office_action_reply',
    actionType: action.type,
    window: null,
    patentNumber: null,
    dueDate: deadline.responseDueEstimate!,
    lastDate: deadline.responseDueMax ?? deadline.responseDueEstimate!,
    opens: null,
    extendable: deadline.responseExtendable ?? false,
    ifMissed: action.type === 'examiners_answer' ? 'reply_brief_waived' : 'abandonment',
    basis: {
      rule: deadline.rule!,
      countsFrom: from.mailedDate,
      transaction: from.transaction && { code: from.transaction.code, date: from.transaction.date },
      note: deadline.note,
    },
    earlierFeeGraceEnds: null,
  };
}

/** The brief of the latest notice of appeal that no brief, RCE or panel decision ended. */
function appealBriefDeadline(transactions: readonly ActionTransaction[], closures: ReadonlySet<string>): DocketDeadline | null {
  const sorted = [...transactions].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const notice = sorted.filter((t) => t.code === NOTICE_OF_APPEAL).at(-1);
  if (notice === undefined) return null;
  const after = sorted.filter((t) => t.date >= notice.date);
  if (after.some((t) => t.code === APPEAL_BRIEF_FILED || t.code === RCE || PANEL_ENDS_APPEAL.has(t.code))) return null;
  let start = { date: notice.date, months: 2 };
  let rule = BRIEF_RULE;
  let note: string | null = null;
  if (after.some((t) => t.code === PRE_APPEAL_REQUEST)) {
    const panel = after.find((t) => t.code === PANEL_PROCEEDS);
    if (panel === undefined) return null; // the panel has not decided: no period runs (MPEP 1204.02)
    const fromPanel = { date: panel.date, months: 1 };
    const later = addMonths(fromPanel.date, 1) > addMonths(start.date, 2);
    note = later
      ? `pre-appeal conference: one month from the panel's decision of ${panel.date}, later than two months from the notice of appeal`
      : `pre-appeal conference: two months from the notice of appeal, later than one month from the panel's decision of ${panel.date}`;
    if (later) start = fromPanel;
    rule = `${BRIEF_RULE}; ${PANEL_RULE}`;
  }
  const nominalDue = addMonths(start.date, start.months);
  const nominalLast = addMonths(start.date, start.months + EXTENSION_MONTHS);
  return {
    key: `appeal_brief:${notice.date}`,
    kind: 'appeal_brief',
    actionType: null,
    window: null,
    patentNumber: null,
    dueDate: nextBusinessDay(nominalDue, closures),
    lastDate: nextBusinessDay(nominalLast, closures),
    opens: null,
    extendable: true,
    ifMissed: 'appeal_dismissed',
    basis: { rule, countsFrom: start.date, transaction: { code: notice.code, date: notice.date }, note },
    earlierFeeGraceEnds: null,
  };
}

/**
 * The open deadlines of a pending application's prosecution. `transactions` holds its replies
 * and the codes of PROSECUTION_DOCKET_CODES (others are ignored).
 */
export function prosecutionDeadlines<D extends ActionDocument>(
  listed: readonly ListedAction<D>[],
  deadlines: readonly ActionDeadline[],
  transactions: readonly ActionTransaction[],
  closures: ReadonlySet<string>,
): DocketDeadline[] {
  const reply = replyDeadline(listed, deadlines, transactions);
  // A notice of appeal answers the action appealed from; an action mailed after it (an examiner's
  // answer, a new action on reopened prosecution) is the period that runs instead of the brief's.
  const brief = reply === null ? appealBriefDeadline(transactions, closures) : null;
  return [reply, brief].filter((deadline): deadline is DocketDeadline => deadline !== null);
}

/** Provisional applications: series 60 to 63 (DOMAIN-RULES §7.1). */
export function isProvisionalNumber(applicationNumber: string): boolean {
  return /^6[0-3]\d{6}$/.test(applicationNumber);
}

const PROVISIONAL_RULE = '35 USC 119(e)(1); 35 USC 111(b)(5); 37 CFR 1.78(a)(1); 37 CFR 1.78(b); 37 CFR 1.7(b)';

/**
 * A provisional's non-provisional filing: due 12 months after its filing date (the last day
 * rolls, 37 CFR 1.7(b)); with a petition to restore the benefit, 14 months (37 CFR 1.78(b)).
 * Answered once any application claims it.
 */
export function provisionalDeadline(filingDate: string, claimed: boolean, closures: ReadonlySet<string>): DocketDeadline | null {
  if (claimed) return null;
  return {
    key: 'nonprovisional_filing',
    kind: 'nonprovisional_filing',
    actionType: null,
    window: null,
    patentNumber: null,
    dueDate: nextBusinessDay(addMonths(filingDate, 12), closures),
    lastDate: nextBusinessDay(addMonths(filingDate, 14), closures),
    opens: null,
    extendable: false,
    ifMissed: 'benefit_lost',
    basis: {
      rule: PROVISIONAL_RULE,
      countsFrom: filingDate,
      transaction: null,
      note: 'the last date is for restoring the benefit by petition (unintentional delay); the provisional itself cannot be revived',
    },
    earlierFeeGraceEnds: null,
  };
}
