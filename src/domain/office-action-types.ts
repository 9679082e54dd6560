/**
 * What kind of office action a mailing is, from either side of the data: the transaction (event)
 * code that records the mailing, or the OA product's document code (legacyDocumentCodeIdentifier).
 * The two are different namespaces even where the strings match (DOMAIN-RULES §5): the document
 * code CTNF is a mailed non-final action, while the transaction code CTNF is only "counted" and
 * dated days before the mailing. Clocks run from the mail date (§0 trap 6, §5.2), so only the
 * mail transaction codes map here; their counted twins are null. Pure, no I/O.
 */

export const OFFICE_ACTION_TYPES = [
  'non_final',
  'final',
  'restriction',
  'quayle',
  'advisory',
  'misc',
  'restarted_period',
  'incomplete_reply',
  'non_compliant_amendment',
  'missing_parts',
  'notice_of_allowance',
  'corrected_notice_of_allowance',
  'examiners_answer',
  'petition_decision',
  'other',
] as const;
export type OfficeActionType = (typeof OFFICE_ACTION_TYPES)[number];

// §5.1. INCR and NINA have no counted twin: the one code is the mailing. MPEN and INCD are both
// pre-exam notices to file missing parts (§1.1).
const MAILING_CODE_TYPES: ReadonlyMap<string, OfficeActionType> = new Map<string, OfficeActionType>([
  ['MCTNF', 'non_final'],
  ['MCTFR', 'final'],
  ['MCTRS', 'restriction'],
  ['MCTEQ', 'quayle'],
  ['MCTAV', 'advisory'],
  ['MCTMS', 'misc'],
  ['MNRES', 'restarted_period'],
  ['INCR', 'incomplete_reply'],
  ['NINA', 'non_compliant_amendment'],
  ['MPEN', 'missing_parts'],
  ['INCD', 'missing_parts'],
  ['MN/=.', 'notice_of_allowance'],
  ['MC/N=', 'corrected_notice_of_allowance'],
  ['MCNOA', 'corrected_notice_of_allowance'],
  ['MAPEA', 'examiners_answer'],
]);

const DOCUMENT_CODE_TYPES: ReadonlyMap<string, OfficeActionType> = new Map<string, OfficeActionType>([
  ['CTNF', 'non_final'],
  ['CTFR', 'final'],
  ['CTRS', 'restriction'],
  ['CTEQ', 'quayle'],
  ['CTAV', 'advisory'],
  ['CTMS', 'misc'],
  ['NRES', 'restarted_period'],
  ['INCR', 'incomplete_reply'],
  ['NINA', 'non_compliant_amendment'],
  ['NOA', 'notice_of_allowance'],
  ['CNOA', 'corrected_notice_of_allowance'],
  ['APEA', 'examiners_answer'],
  ['PETDEC', 'petition_decision'],
]);

// Petition decisions are mailed under many codes, one per petition kind and outcome
// (samples/code-tables/transaction-event-codes.observed.csv); the MPnnn family is open-ended, so
// matching goes through isMailingCodeOfDocument and this list holds only the codes seen.
const PETITION_DECISION_MAILING_CODES: readonly string[] = [
  'MOPPT',
  'MPTDI',
  'MPTGR',
  'MPREV',
  'MPMFG',
  'MP003',
  'MP006',
  'MP014',
  'MP034',
];
const NUMBERED_PETITION_DECISION_MAILING = /^MP\d{3}$/;

// Codes arrive verbatim from several feeds; case varies between them (see transaction-codes.ts).
function normalize(code: string): string {
  return typeof code === 'string' ? code.trim().toUpperCase() : '';
}

/**
 * The type of an action mailed by this transaction code, or null when the code mails no office
 * action: the counted twins (CTNF, CTFR, N/=., APEA …) and petition decisions, which are not
 * listed from transactions. MPEN and INCD may both be recorded on the same day for ONE missing
 * parts notice: the caller de-duplicates by date.
 */
export function officeActionTypeOfTransaction(code: string): OfficeActionType | null {
  return MAILING_CODE_TYPES.get(normalize(code)) ?? null;
}

/**
 * The type of an office-action document by the OA product's document code
 * (legacyDocumentCodeIdentifier, e.g. CTNF, NOA, PETDEC); 'other' for an unknown code.
 */
export function officeActionTypeOfDocument(code: string): OfficeActionType {
  return DOCUMENT_CODE_TYPES.get(normalize(code)) ?? 'other';
}

/**
 * The transaction codes that record the mailing of a document of this code (to match an OA record
 * with its mailing transaction of the same date). For PETDEC only the codes seen so far; use
 * isMailingCodeOfDocument to match the whole MPnnn family.
 */
export function mailingCodesOfDocument(code: string): readonly string[] {
  const type = officeActionTypeOfDocument(code);
  if (type === 'petition_decision') return PETITION_DECISION_MAILING_CODES;
  if (type === 'other') return [];
  return [...MAILING_CODE_TYPES].filter(([, mailed]) => mailed === type).map(([mailingCode]) => mailingCode);
}

/** Whether this transaction code records the mailing of a document of this code. */
export function isMailingCodeOfDocument(documentCode: string, transactionCode: string): boolean {
  const mailingCode = normalize(transactionCode);
  if (officeActionTypeOfDocument(documentCode) === 'petition_decision' && NUMBERED_PETITION_DECISION_MAILING.test(mailingCode)) {
    return true;
  }
  return mailingCodesOfDocument(documentCode).includes(mailingCode);
}

/** Every transaction code that mails a listed office action (for SQL `code = ANY($1)`). */
export const OFFICE_ACTION_MAILING_CODES: readonly string[] = [...MAILING_CODE_TYPES.keys()];
