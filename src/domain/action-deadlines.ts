/**
 * The reply deadline of each office action of one application, withdrawn actions set aside: the
 * office-action list shows them and the docket reads them, so both come from here. Pure.
 */
import { type ListedAction, type ActionDocument, type MailingTransaction, withdrawnActions } from './office-action-list.js';
import { NO_PERIOD, replyDeadlines, type ReplyDeadline } from './reply-periods.js';

export interface ActionTransaction extends MailingTransaction {
  event_type: string | null;
}

export type ActionDeadline = ReplyDeadline & { withdrawn: boolean };

/** Transactions that are the applicant's reply to an action (for the advisory-action rule, MPEP 706.07(f)). */
export const isReply = (t: { code: string; event_type: string | null }) => t.event_type === 'response_filed' || t.code === 'N/AP';

/**
 * One per action (oldest first, as listOfficeActions gives them); a withdrawn action has none,
 * and the others' are computed as if it had never been mailed. `countsFrom` indexes `listed`.
 */
export function actionDeadlines<D extends ActionDocument>(
  listed: readonly ListedAction<D>[],
  transactions: readonly ActionTransaction[],
  closures: ReadonlySet<string>,
): ActionDeadline[] {
  const withdrawn = withdrawnActions(listed, transactions);
  const running = listed.map((_, place) => place).filter((place) => !withdrawn.has(place));
  const computed = replyDeadlines(
    running.map((place) => listed[place]!),
    { replies: transactions.filter(isReply).map((t) => t.date), closures },
  );
  const deadlines: ActionDeadline[] = listed.map(() => ({ ...NO_PERIOD, withdrawn: true }));
  running.forEach((place, i) => {
    const deadline = computed[i]!;
    deadlines[place] = { ...deadline, countsFrom: deadline.countsFrom === null ? null : running[deadline.countsFrom]!, withdrawn: false };
  });
  return deadlines;
}
