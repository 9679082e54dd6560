/**
 * The office actions of one application: every action its transactions say was mailed, merged
 * with the OA product's document of the same action. The document's mail date is the
 * notification date printed on the action (`submissionDate`), and the mailing transaction of the
 * same action carries the same date, so they pair on date and code (MCTNF ↔ CTNF, MN/=. ↔ NOA).
 * A document no listed transaction mails (its text arrived before the file wrapper's record, or a
 * petition decision, which transactions do not list) is an action of its own, paired with its
 * mailing transaction when one is on file. Pure: the Application's count and the list are the
 * same function.
 */
import {
  isMailingCodeOfDocument,
  mailingCodesOfDocument,
  OFFICE_ACTION_MAILING_CODES,
  officeActionTypeOfDocument,
  officeActionTypeOfTransaction,
  type OfficeActionType,
} from './office-action-types.js';

export interface MailingTransaction {
  code: string;
  date: string;
}

export interface ActionDocument {
  documentId: string;
  documentCode: string;
  mailedDate: string;
}

export interface ListedAction<D extends ActionDocument> {
  type: OfficeActionType;
  mailedDate: string;
  /** The transaction recording the mailing, when one is on file. */
  transaction: MailingTransaction | null;
  /** The OA product's document of the action, when it has arrived. */
  document: D | null;
}

const byDateThen = (a: { date: string; code: string }, b: { date: string; code: string }) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : a.code < b.code ? -1 : a.code > b.code ? 1 : 0;

/**
 * Oldest first. `transactions` may hold any of the application's transactions (the ones that
 * mail no action are ignored, except to pair a document with its mailing). One action per type
 * and day: a pre-exam notice recorded twice (INCD and MPEN the same day) is one notice.
 */
export function listOfficeActions<D extends ActionDocument>(
  transactions: readonly MailingTransaction[],
  documents: readonly D[],
): ListedAction<D>[] {
  const sorted = [...transactions].sort(byDateThen);
  const actions: ListedAction<D>[] = [];
  const seen = new Set<string>();
  for (const transaction of sorted) {
    const type = officeActionTypeOfTransaction(transaction.code);
    if (type === null || seen.has(`${type} ${transaction.date}`)) continue;
    seen.add(`${type} ${transaction.date}`);
    actions.push({ type, mailedDate: transaction.date, transaction, document: null });
  }
  const ordered = [...documents].sort((a, b) =>
    byDateThen({ date: a.mailedDate, code: a.documentId }, { date: b.mailedDate, code: b.documentId }),
  );
  for (const document of ordered) {
    const mails = (t: MailingTransaction) => t.date === document.mailedDate && isMailingCodeOfDocument(document.documentCode, t.code);
    const listed = actions.find((a) => a.document === null && a.transaction !== null && mails(a.transaction));
    if (listed) {
      listed.document = document;
      continue;
    }
    actions.push({
      type: officeActionTypeOfDocument(document.documentCode),
      mailedDate: document.mailedDate,
      transaction: sorted.find(mails) ?? null,
      document,
    });
  }
  return actions.sort((a, b) => (a.mailedDate < b.mailedDate ? -1 : a.mailedDate > b.mailedDate ? 1 : 0));
}

/** Letters withdrawing or vacating an office action (DOMAIN-RULES §5.1: W/AC, and its mailing MW/AC). */
const WITHDRAWAL_CODES: readonly string[] = ['W/AC', 'MW/AC'];

// Actions that set no period of their own are never what a withdrawal letter withdraws.
const WITHDRAWABLE = new Set<OfficeActionType>([
  'non_final',
  'final',
  'restriction',
  'quayle',
  'incomplete_reply',
  'non_compliant_amendment',
  'missing_parts',
  'notice_of_allowance',
  'restarted_period',
]);

/**
 * Places (in `actions`, oldest first) of the actions a withdrawal letter vacated: for each letter,
 * the latest action mailed on or before it that set a period. Its period no longer runs (MPEP
 * 710.06; DOMAIN-RULES §1.4). The W/AC and MW/AC of one letter, often days apart, name the same
 * action, which is withdrawn once.
 */
export function withdrawnActions(
  actions: readonly { type: OfficeActionType; mailedDate: string }[],
  transactions: readonly MailingTransaction[],
): Set<number> {
  const withdrawn = new Set<number>();
  for (const letter of transactions) {
    if (!WITHDRAWAL_CODES.includes(letter.code)) continue;
    let target = -1;
    for (let place = 0; place < actions.length && actions[place]!.mailedDate <= letter.date; place++)
      if (WITHDRAWABLE.has(actions[place]!.type)) target = place;
    if (target >= 0) withdrawn.add(target);
  }
  return withdrawn;
}

/**
 * The transactions an action list reads: mailings of actions and of petition decisions (the
 * open-ended MP + three digits are matched by the reader's SQL as well), withdrawal letters and
 * notices of appeal; replies are read by their event type.
 */
export const ACTION_LIST_CODES: readonly string[] = [
  ...OFFICE_ACTION_MAILING_CODES,
  ...mailingCodesOfDocument('PETDEC'),
  ...WITHDRAWAL_CODES,
  'N/AP',
];
