/**
 * One PTAB JSON value → a trial snapshot and its decision, or a skip, or why it is no record.
 * ODP v1 (`trialNumber` with `trialMetaData`, `patentOwnerData`, `regularPetitionerData`,
 * `documentData`, `decisionData`; JSON-FORMATS.md §2) and the retired PTAB API v2 (flat
 * `proceedingNumber` objects, `MM-DD-YYYY` dates). Keys are missing until their event happens,
 * and downloads carry reduced records: nothing is required but the trial number. A trial document
 * that is no decision still carries its trial's snapshot, so it is read for that.
 */
import { parseApplicationNumber, parsePatentNumber, parseTrialNumber, trialType } from '../../domain/numbers.js';
import {
  claimsOutcome,
  decisionKind,
  derivedDecisionId,
  type DecisionTexts,
  isDecisionDocument,
  isFailedUploadText,
  isTruncatedText,
  statusEndsTrial,
} from '../../domain/ptab.js';
import { integer, isAbsent, odpDate, text } from '../../ingest/odp-json/fields.js';
import { isObject, type JsonObject } from '../../ingest/odp-json/json-value.js';
import type { OdpMapResult } from '../../ingest/odp-json/read.js';
import type { PtabDecision, PtabRecord, TextNote, TrialSnapshot } from './record.js';

const EMPTY: JsonObject = {};
const objectAt = (value: unknown): JsonObject => (isObject(value) ? value : EMPTY);

/** Strings of an array, blanks and the string "null" left out (v2 sends `issueType: [""]`). */
function strings(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((v) => (isAbsent(v) ? [] : [text(v)].filter((s): s is string => s !== null)));
}

/** `YYYY-MM-DDTHH:MM:SS` as the office wrote it (no zone), or a date alone at midnight. */
function dateTime(value: unknown): string | null {
  const s = text(value);
  if (s === null) return null;
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})/.exec(s);
  if (match && odpDate(match[1]) !== null) return `${match[1]}T${match[2]}`;
  const date = odpDate(s);
  return date === null ? null : `${date}T00:00:00`;
}

const ok = (record: PtabRecord): OdpMapResult<PtabRecord> => ({ ok: true, record, issues: [] });
const skip = (reason: string): OdpMapResult<PtabRecord> => ok({ kind: 'skip', reason });

export function mapPtabRecord(value: unknown): OdpMapResult<PtabRecord> {
  if (!isObject(value)) return { ok: false, reason: 'not a PTAB record (not an object)' };
  if (value.appealNumber !== undefined) return skip('ex parte appeal (not an AIA trial)');
  if (value.interferenceNumber !== undefined) return skip('interference (not an AIA trial)');
  if (value.trialNumber !== undefined) return mapV1(value);
  if (value.proceedingNumber !== undefined) return mapV2(value);
  return { ok: false, reason: 'not a PTAB record (no trialNumber or proceedingNumber)' };
}

/** The trial number, or why the record is not an AIA trial's. */
function trialOf(raw: unknown, typeHint: string | null): { number: string } | { skip: string } | { reject: string } {
  const printed = text(raw);
  if (printed === null) return { reject: 'PTAB record without a trial number' };
  const number = parseTrialNumber(printed);
  if (number !== null) return { number };
  if (/^\d{10}$/.test(printed) || typeHint === 'appeal') return { skip: 'ex parte appeal (not an AIA trial)' };
  if (/^\d{6}$/.test(printed)) return { skip: 'interference (not an AIA trial)' };
  return { reject: `trial number not of an AIA trial (IPR, PGR, CBM, DER): "${printed}` };
}

function resolved(trial: ReturnType<typeof trialOf>): OdpMapResult<PtabRecord> | string {
  if ('number' in trial) return trial.number;
  return 'skip' in trial ? skip(trial.skip) : { ok: false, reason: trial.reject };
}

function mapV1(value: JsonObject): OdpMapResult<PtabRecord> {
  const number = resolved(trialOf(value.trialNumber, null));
  if (typeof number !== 'string') return number;
  const meta = objectAt(value.trialMetaData);
  // A derivation's parties: the petitioner and the respondent; a review's: petitioner and patent owner.
  const owner = isObject(value.patentOwnerData) ? value.patentOwnerData : objectAt(value.respondentData);
  const petitioner = isObject(value.regularPetitionerData) ? value.regularPetitionerData : objectAt(value.derivationPetitionerData);
  const category = text(value.trialDocumentCategory);
  const snapshot: TrialSnapshot = {
    trialNumber: number,
    trialType: trialType(number)!,
    modifiedAt: dateTime(meta.trialLastModifiedDateTime) ?? dateTime(value.lastModifiedDateTime) ?? dateTime(meta.trialLastModifiedDate),
    fromProceeding: category === null && value.documentData === undefined && value.decisionData === undefined,
    status: text(meta.trialStatusCategory),
    filedDate: odpDate(meta.petitionFilingDate),
    accordedFilingDate: odpDate(meta.accordedFilingDate),
    institutionDecisionDate: odpDate(meta.institutionDecisionDate),
    latestDecisionDate: odpDate(meta.latestDecisionDate),
    terminationDate: odpDate(meta.terminationDate),
    patentNumber: patentNumberOf(owner.patentNumber),
    applicationNumber: applicationNumberOf(owner.applicationNumberText),
    grantDate: odpDate(owner.grantDate),
    petitioner: text(petitioner.realPartyInInterestName) ?? text(petitioner.patentOwnerName),
    patentOwner: text(owner.realPartyInInterestName) ?? text(owner.patentOwnerName),
  };
  const documentData = objectAt(value.documentData);
  const decisionData = objectAt(value.decisionData);
  // The office flags each trial document a decision or not; a record without the flag is read by its decision data or its document.
  const isDecision =
    category !== null
      ? category.toLowerCase() === 'decision'
      : value.decisionData !== undefined ||
        (value.documentData !== undefined &&
          isDecisionDocument({
            filingParty: text(documentData.filingPartyCategory),
            category: text(documentData.documentCategory),
            typeDescription: text(documentData.documentTypeDescriptionText),
          }));
  if (!isDecision) return ok({ kind: 'trial', snapshot, decision: null, documentId: text(documentData.documentIdentifier) });
  const decision = decisionOf(number, {
    documentId: text(documentData.documentIdentifier),
    documentNumber: integer(documentData.documentNumber),
    date: odpDate(decisionData.decisionIssueDate) ?? odpDate(documentData.documentFilingDate),
    texts: {
      typeDescription: text(documentData.documentTypeDescriptionText),
      documentTitle: text(documentData.documentTitleText),
      category: text(documentData.documentCategory),
      outcome: text(decisionData.trialOutcomeCategory),
      documentName: text(documentData.documentName),
    },
    statutes: strings(decisionData.statuteAndRuleBag),
    issueTypes: strings(decisionData.issueTypeBag),
    pdfUrl: text(documentData.fileDownloadURI),
    text: typeof documentData.documentOCRText === 'string' ? documentData.documentOCRText : null,
  });
  return ok({ kind: 'trial', snapshot, decision, documentId: null });
}

function mapV2(value: JsonObject): OdpMapResult<PtabRecord> {
  const type = text(value.proceedingTypeCategory)?.toLowerCase() ?? null;
  const number = resolved(trialOf(value.proceedingNumber, type));
  if (typeof number !== 'string') return number;
  // Three endpoints, one flat shape: a decision has a decision type, a document an identifier, a proceeding neither.
  const isDecisionRecord = value.decisionTypeCategory !== undefined;
  const isDocument = !isDecisionRecord && value.documentIdentifier !== undefined;
  const fromProceeding = !isDecisionRecord && !isDocument;
  const status = fromProceeding ? text(value.proceedingStatusCategory) : null;
  // A proceeding's `decisionDate` is its latest decision's; once the status says the trial is over, that decision ended it.
  const proceedingDecisionDate = fromProceeding ? odpDate(value.decisionDate) : null;
  const snapshot: TrialSnapshot = {
    trialNumber: number,
    trialType: trialType(number)!,
    modifiedAt: dateTime(value.proceedingLastModifiedDate),
    fromProceeding,
    status,
    filedDate: odpDate(value.proceedingFilingDate),
    accordedFilingDate: odpDate(value.accordedFilingDate),
    institutionDecisionDate: odpDate(value.institutionDecisionDate),
    latestDecisionDate: proceedingDecisionDate,
    terminationDate: statusEndsTrial(status) ? proceedingDecisionDate : null,
    patentNumber: patentNumberOf(value.respondentPatentNumber),
    applicationNumber: applicationNumberOf(value.respondentApplicationNumberText),
    grantDate: odpDate(value.respondentGrantDate),
    petitioner: text(value.petitionerPartyName),
    patentOwner: text(value.respondentPatentOwnerName) ?? text(value.respondentPartyName),
  };
  const isDecision =
    isDecisionRecord ||
    (isDocument &&
      isDecisionDocument({
        filingParty: text(value.filingPartyCategory),
        category: text(value.documentCategory),
        typeDescription: text(value.documentTypeName),
      }));
  if (!isDecision) return ok({ kind: 'trial', snapshot, decision: null, documentId: text(value.documentIdentifier) });
  const decision = decisionOf(number, {
    documentId: text(value.documentIdentifier) ?? text(value.identifier),
    documentNumber: integer(value.documentNumber),
    // A document record dates a decision by its filing (the Board files a decision the day it enters it).
    date: odpDate(value.decisionDate) ?? odpDate(value.documentFilingDate),
    texts: {
      typeDescription: text(value.documentTypeName),
      documentTitle: text(value.documentTitleText),
      category: text(value.documentCategory),
      outcome: text(value.subdecisionTypeCategory),
      documentName: text(value.documentName),
    },
    statutes: strings(value.boardRulings),
    issueTypes: strings(value.issueType),
    pdfUrl: null,
    text: typeof value.ocrSearchText === 'string' ? value.ocrSearchText : null,
  });
  return ok({ kind: 'trial', snapshot, decision, documentId: null });
}

interface DecisionFields {
  documentId: string | null;
  documentNumber: number | null;
  date: string | null;
  texts: DecisionTexts;
  statutes: string[];
  issueTypes: string[];
  pdfUrl: string | null;
  text: string | null;
}

function decisionOf(trialNumber: string, f: DecisionFields): PtabDecision {
  const kind = decisionKind(f.texts);
  const { body, note } = decisionText(f.text);
  // The download variant prints the category in the type description and the type in the title.
  const documentType =
    f.texts.typeDescription !== null && /^[A-Z]+$/.test(f.texts.typeDescription) ? f.texts.documentTitle : f.texts.typeDescription;
  return {
    documentId: f.documentId ?? derivedDecisionId(trialNumber, f.date, kind),
    trialNumber,
    documentNumber: f.documentNumber,
    date: f.date,
    kind,
    outcome: f.texts.outcome,
    claimsOutcome: kind === 'final_written_decision' ? claimsOutcome(f.texts.documentTitle, f.texts.typeDescription, body) : null,
    statutes: f.statutes,
    issueTypes: f.issueTypes,
    title: f.texts.documentTitle,
    documentType,
    pdfUrl: f.pdfUrl,
    text: body,
    textNote: note,
  };
}

function decisionText(raw: string | null): { body: string | null; note: TextNote } {
  if (raw === null || raw.trim() === '') return { body: null, note: null };
  if (isFailedUploadText(raw)) return { body: null, note: 'upload_failed' };
  return { body: raw, note: isTruncatedText(raw) ? 'truncated' : null };
}

function patentNumberOf(value: unknown): string | null {
  const printed = text(value);
  return printed === null ? null : parsePatentNumber(printed);
}

function applicationNumberOf(value: unknown): string | null {
  const printed = text(value);
  return printed === null ? null : parseApplicationNumber(printed);
}
