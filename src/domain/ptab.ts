/**
 * PTAB trial rules (DOMAIN-RULES.md §6): whether a document is a Board decision and of what kind,
 * what a final written decision did to the challenged claims (and what its appeal left of that),
 * and whether a trial was instituted. The office's texts are free-form and inconsistent
 * ("Institution Decision:  Grant" with two spaces, "Decision Denying Institution of Inter Partes
 * Review", a download that puts the document category where the type description belongs), so
 * every rule reads all the texts a decision carries.
 */
import type { TrialType } from './numbers.js';

export const DECISION_KINDS = [
  'institution_granted',
  'institution_denied',
  'final_written_decision',
  'termination',
  'rehearing',
  'appeal_mandate',
  'other',
] as const;
export type DecisionKind = (typeof DECISION_KINDS)[number];

export const CLAIMS_OUTCOMES = ['all_unpatentable', 'some_unpatentable', 'none_unpatentable'] as const;
export type ClaimsOutcome = (typeof CLAIMS_OUTCOMES)[number];

export const TRIAL_TYPE_NAMES: Record<TrialType, string> = {
  IPR: 'inter partes review',
  PGR: 'post-grant review',
  CBM: 'covered business method review',
  DER: 'derivation',
};

/** The texts a decision document carries (ODP v1 `documentData`/`decisionData`, or the legacy v2 fields). */
export interface DecisionTexts {
  /** `documentTypeDescriptionText` (v1) or `documentTypeName` (v2). */
  typeDescription: string | null;
  documentTitle: string | null;
  /** `documentCategory`: DECISION, FINAL, TERMINATE, OTHER… */
  category: string | null;
  /** `trialOutcomeCategory` (v1) or `subdecisionTypeCategory` (v2). */
  outcome: string | null;
  /** `documentName`: the file name, the only hint some legacy decisions give. */
  documentName: string | null;
}

/** Lower case, one space between words: the office writes "Institution Decision:  Grant". */
function plainText(text: string | null | undefined): string {
  return (text ?? '').toLowerCase().replace(/\s+/g, ' ').trim();
}

const MANDATE = /\bmandate\b/;
const REHEARING = /\brehearing\b|\bdirector review\b/;
const FINAL = /\bfinal written decision\b|\bfinal decision\b|\bfwd\b/;
const TERMINATION = /\bterminat|\bsettle|\bdismiss|\badverse judgment\b|\bwithdraw/;
const DENIED = /\bden(y|ying|ied|ial)\b/;
const INSTITUTION = /\binstitut/;
const GRANTED = /\bgrant(ed|ing)?\b/;

/**
 * The kind of a Board decision. The outcome category decides when it is one of the office's
 * decisive values; otherwise the type description and title are read, most specific first (a
 * mandate or a rehearing decision often mentions the final written decision it concerns).
 */
export function decisionKind(texts: DecisionTexts): DecisionKind {
  const outcome = plainText(texts.outcome);
  if (outcome === 'institution granted') return 'institution_granted';
  if (outcome === 'institution denied') return 'institution_denied';
  const described = [texts.typeDescription, texts.documentTitle].map(plainText).join(' | ');
  const category = plainText(texts.category);
  if (MANDATE.test(described)) return 'appeal_mandate';
  if (REHEARING.test(described) || REHEARING.test(outcome)) return 'rehearing';
  if (outcome.startsWith('final written decision') || FINAL.test(described) || category === 'final') return 'final_written_decision';
  if (INSTITUTION.test(described) && !TERMINATION.test(described)) {
    if (DENIED.test(described)) return 'institution_denied';
    if (GRANTED.test(described) || /\binstitution of\b/.test(described)) return 'institution_granted';
  }
  if (/^director discretionary decision/.test(described) && DENIED.test(described)) return 'institution_denied';
  if (category === 'terminate' || TERMINATION.test(described) || TERMINATION.test(outcome)) return 'termination';
  if (/^(affirmed|reversed|remanded|vacated)/.test(outcome)) return 'appeal_mandate';
  if (TERMINATION.test(plainText(texts.documentName))) return 'termination';
  return 'other';
}

/** The document categories the Board files its decisions under (a final written decision, an institution or termination decision). */
const DECISION_CATEGORIES = new Set(['final', 'decision', 'terminate']);
/** A decision's document type: "Institution Decision:  Grant", "Director Discretionary Decision: Deny", "Other: Fed Circuit mandate". */
const DECISION_TYPE = /^[a-z ]*\bdecision ?:|\bmandate\b/;

/**
 * Whether a trial document is one of the Board's decisions, for the records that do not say (the
 * retired v2 documents API has no decision flag or decision data): the Board filed it (a party's
 * motion to terminate or request for rehearing is no decision) under a decision category or as a
 * decision type; the Board's orders, notices and transcripts are not.
 */
export function isDecisionDocument(doc: { filingParty: string | null; category: string | null; typeDescription: string | null }): boolean {
  const party = plainText(doc.filingParty);
  if (party !== '' && party !== 'board') return false;
  return DECISION_CATEGORIES.has(plainText(doc.category)) || DECISION_TYPE.test(plainText(doc.typeDescription));
}

// "Not all" first: it says some claims fell. Then none (no claim, not shown), all, some.
const SOME_NOT_ALL = /\bnot all (of the )?(remaining )?challenged claims?\b.{0,40}\bunpatentable/;
const NONE =
  /\bno (remaining )?challenged claims? (is |are |has been |have been )?(shown )?(to be )?unpatentable|\bnot shown .{0,60}\bany .{0,40}\bunpatentable/;
const ALL = /\ball (of the )?(remaining )?challenged claims? (is |are |have been )?(shown )?(to be )?unpatentable/;
const SOME = /\b(some|certain) (of the )?(remaining )?(challenged )?claims? (is |are |have been )?(shown )?(to be )?unpatentable/;

/** The mark the office ends a text it cut short with: " ...", "…". */
const CUT_MARK = /\s*(\.\.\.|…)$/;

/**
 * A title or text the office cut mid-word ("Determining All Challenged Claims Un …") still says
 * what it held when what is left of its last word can only begin "unpatentable": no word of a
 * decision's holding ends in "un", "unpa" and the like.
 */
function completeCutWord(plain: string): string {
  const last = /\b[a-z]+$/.exec(plain)?.[0];
  return last !== undefined && last.length >= 2 && last !== 'unpatentable' && 'unpatentable'.startsWith(last)
    ? `${plain.slice(0, -last.length)}unpatentable`
    : plain;
}

/** What a final written decision held, from its title (or, failing that, its text); null when it does not say. */
export function claimsOutcome(...texts: (string | null | undefined)[]): ClaimsOutcome | null {
  for (const text of texts) {
    const plain = completeCutWord(plainText(text).replace(CUT_MARK, ''));
    if (plain === '') continue;
    if (SOME_NOT_ALL.test(plain)) return 'some_unpatentable';
    if (NONE.test(plain)) return 'none_unpatentable';
    if (ALL.test(plain)) return 'all_unpatentable';
    if (SOME.test(plain)) return 'some_unpatentable';
  }
  return null;
}

const INSTITUTED_STATUSES = new Set([
  'trial instituted',
  'instituted',
  'final written decision',
  'final written decision - appealed',
  'fwd entered',
]);
const NOT_INSTITUTED_STATUSES = new Set(['institution denied', 'discretionary denial', 'terminated-denied', 'denied', 'not instituted']);
/**
 * Ended for a reason other than a denial. A denial ends the trial the day it is made, so a trial
 * that outlived its institution decision and then ended so had been instituted.
 */
const ENDED_OTHER_THAN_DENIED = /^terminated-(settled|dismissed|adverse judgment)/;

/**
 * Whether the office's status says the trial is over (a final written decision, a termination, a
 * denial): the retired v2 API gives such a trial's end only as its `decisionDate`.
 */
export function statusEndsTrial(status: string | null): boolean {
  const plain = plainText(status);
  return (
    plain.startsWith('terminated') ||
    plain.startsWith('final written decision') ||
    plain === 'fwd entered' ||
    NOT_INSTITUTED_STATUSES.has(plain)
  );
}

/** What `instituted` is read from: the trial's status and dates, and its decisions as known. */
export interface InstitutionFacts {
  status: string | null;
  institutionDecisionDate: string | null;
  terminationDate: string | null;
  decisions: readonly { kind: DecisionKind; outcome: string | null }[];
}

/**
 * True once the Board instituted the trial, false when it refused to or the trial ended before
 * it decided, null while undecided (or when the data cannot tell).
 */
export function instituted(facts: InstitutionFacts): boolean | null {
  const kinds = new Set(facts.decisions.map((d) => d.kind));
  if (kinds.has('institution_granted') || kinds.has('final_written_decision')) return true;
  const status = plainText(facts.status);
  if (INSTITUTED_STATUSES.has(status)) return true;
  if (kinds.has('institution_denied') || NOT_INSTITUTED_STATUSES.has(status)) return false;
  for (const decision of facts.decisions) {
    const outcome = plainText(decision.outcome);
    if (/after institution|post-di/.test(outcome)) return true;
    if (/before institution|pre-di/.test(outcome)) return false;
  }
  const { institutionDecisionDate: decided, terminationDate: ended } = facts;
  if (ENDED_OTHER_THAN_DENIED.test(status) && decided !== null && ended !== null && ended > decided) return true;
  // Ended with no institution decision on record: it ended before one was made.
  if (ended !== null && decided === null) return false;
  return null;
}

/** The final written decision a trial's outcome rests on: the latest one (a decision on remand replaces the original). */
export function latestFinalDecision<D extends { kind: DecisionKind; date: string | null }>(decisions: readonly D[]): D | null {
  let latest: D | null = null;
  for (const d of decisions)
    if (d.kind === 'final_written_decision' && (latest === null || (d.date ?? '') >= (latest.date ?? ''))) latest = d;
  return latest;
}

/**
 * Whether a Federal Circuit mandate set the Board's decision aside, wholly or in part, from the
 * office's outcome category ("Affirmed/Reversed in Part", "Remanded-in part", "Vacated"); an
 * affirmance or an outcome that does not say leaves it standing.
 */
const setsAside = (mandateOutcome: string | null): boolean => /\brevers|\bvacat|\bremand/.test(plainText(mandateOutcome));

/**
 * What the trial's final written decision held of the claims, as its appeal left it: a mandate
 * that affirms keeps it; one that reverses, vacates or remands, wholly or in part, leaves no
 * holding standing as written (a decision on remand, when it comes, is a later final written
 * decision and decides). A mandate dated before the decision concerns an earlier one.
 */
export function standingClaimsOutcome(
  decisions: readonly { kind: DecisionKind; date: string | null; outcome: string | null; claimsOutcome: ClaimsOutcome | null }[],
): ClaimsOutcome | null {
  const final = latestFinalDecision(decisions);
  if (final === null) return null;
  const setAside = decisions.some((d) => d.kind === 'appeal_mandate' && (d.date ?? '') > (final.date ?? '') && setsAside(d.outcome));
  return setAside ? null : final.claimsOutcome;
}

/**
 * The key of a decision the office sent without its document (the reduced bulk download): its
 * trial, date and kind. `~` never occurs in a document identifier, so the two never collide, and a
 * later copy with the document replaces it (products/ptab/load.sql.ts).
 */
export function derivedDecisionId(trialNumber: string, date: string | null, kind: DecisionKind): string {
  return `${trialNumber}~${date ?? ''}~${kind}`;
}

export const isDerivedDecisionId = (id: string): boolean => id.includes('~');

/** A party's name without the " et al." the office adds when it names several ("Samsung Electronics Co., Ltd. et al."). */
export function leadParty(printed: string): string {
  return printed.replace(/[\s,]+et\.?\s*al\.?\s*$/i, '').trim();
}

/** The text the office stores in place of a decision's text when its upload failed ("upload to S3 failed"). */
export function isFailedUploadText(text: string): boolean {
  return /^\s*upload to s3 failed\s*$/i.test(text);
}

/** The office cuts its OCR text short and ends it with " ...". */
export function isTruncatedText(text: string): boolean {
  return /\s\.\.\.\s*$/.test(text);
}
