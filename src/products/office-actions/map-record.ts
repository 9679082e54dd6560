/**
 * One office-action JSON value → an action's text, a rejection row or a citation row, or a skip,
 * or why it is no record. ODP v1 and the retired DS-API write the same fields with different
 * habits (JSON-FORMATS.md §3): most text fields are one-element arrays, section texts sit under
 * literal dotted keys (`sections.section103RejectionText`), "no date" is `0001-01-01T…`, absent
 * values may be the string "null", and DS-API writes Eastern midnight in UTC (`…T05:00:00Z`),
 * whose date part is the date.
 */
import { characters } from '../../db/copy-text.js';
import { parseApplicationNumber } from '../../domain/numbers.js';
import { flag, integer, isAbsent, odpDate, text } from '../../ingest/odp-json/fields.js';
import { isObject, type JsonObject } from '../../ingest/odp-json/json-value.js';
import type { OdpMapResult } from '../../ingest/odp-json/read.js';
import type { ActionSection, OfficeActionRecord } from './record.js';

/** The per-statute rejection texts an action may carry, by their key after `sections.`. */
const SECTION_KEYS: ReadonlyArray<readonly [key: string, statute: string, heading: string]> = [
  ['section101RejectionText', '101', 'Claim Rejections - 35 USC § 101'],
  ['section102RejectionText', '102', 'Claim Rejections - 35 USC § 102'],
  ['section102AndOr103RejectionText', '102/103', 'Claim Rejections - 35 USC § 102 or 103'],
  ['section103RejectionText', '103', 'Claim Rejections - 35 USC § 103'],
  ['section112RejectionText', '112', 'Claim Rejections - 35 USC § 112'],
  ['doublePatentingRejectionText', 'double_patenting', 'Double Patenting'],
];

const REJECTION_FLAGS = [
  ['hasRej101', '101'],
  ['hasRej102', '102'],
  ['hasRej103', '103'],
  ['hasRej112', '112'],
] as const;

/** The value, or the first element of a one-element array (the office's habit for text fields). */
function one(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

/** A field's text, absent values ("null", blanks, arrays of them) as null. */
function field(record: JsonObject, key: string): string | null {
  const value = one(record[key]);
  return isAbsent(value) ? null : text(value);
}

/** Texts of a (one-element) array joined, as the office splits nothing else. */
function longText(value: unknown): string | null {
  const parts = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string' && !isAbsent(v));
  return parts.length === 0 ? null : parts.join('\n');
}

/** A flag written 0/1, true/false or "Y"/"N". */
function isSet(value: unknown): boolean {
  const v = one(value);
  return v === 1 || v === '1' || flag(v) === true;
}

/** `"1,10,2"` (one comma-joined string in an array, unsorted) → [1, 2, 10]; "0" means none named. */
function claimNumbers(value: unknown): number[] {
  const numbers = new Set<number>();
  for (const part of (Array.isArray(value) ? (value as unknown[]) : [value]).flatMap((v) => (typeof v === 'string' ? v.split(',') : [v]))) {
    const n = integer(typeof part === 'string' ? part.trim() : part);
    if (n !== null && n > 0) numbers.add(n);
  }
  return [...numbers].sort((a, b) => a - b);
}

const ok = (record: OfficeActionRecord): OdpMapResult<OfficeActionRecord> => ({ ok: true, record, issues: [] });
const reject = (reason: string): OdpMapResult<OfficeActionRecord> => ({ ok: false, reason });

// Enriched citations name the reference in citedDocumentIdentifier and may leave it out (non-patent literature).
const isCitation = (v: JsonObject) =>
  v.referenceIdentifier !== undefined ||
  v.parsedReferenceIdentifier !== undefined ||
  v.citedDocumentIdentifier !== undefined ||
  v.citationCategoryCode !== undefined;
const isRejection = (v: JsonObject) =>
  v.legalSectionCode !== undefined || v.claimNumberArrayDocument !== undefined || v.hasRej103 !== undefined;

export function mapOfficeActionRecord(value: unknown): OdpMapResult<OfficeActionRecord> {
  if (!isObject(value)) return reject('not an office-action record (not an object)');
  if (Array.isArray(value.fields) && value.apiKey !== undefined) return ok({ kind: 'skip', reason: 'API field list (no records)' });
  const applicationNumber = parseApplicationNumber(field(value, 'patentApplicationNumber') ?? '');
  if (applicationNumber === null)
    return reject(`office-action record without a valid application number "${String(one(value.patentApplicationNumber))}`);
  const documentId = field(value, 'obsoleteDocumentIdentifier');
  const createdDate = odpDate(one(value.createDateTime));
  const rowId = field(value, 'id');

  if (isCitation(value)) {
    if (documentId === null) return ok({ kind: 'skip', reason: 'citation tied to no office action (no obsoleteDocumentIdentifier)' });
    const reference =
      field(value, 'parsedReferenceIdentifier') ??
      field(value, 'referenceIdentifier') ??
      field(value, 'citedDocumentIdentifier') ??
      field(value, 'publicationNumber');
    if (reference === null) return ok({ kind: 'skip', reason: 'citation row without a reference' });
    if (rowId === null) return reject('citation row without an id');
    return ok({
      kind: 'citation',
      rowId,
      applicationNumber,
      documentId,
      legalSection: field(value, 'legalSectionCode'),
      actionCategory: field(value, 'actionTypeCategory')?.toLowerCase() ?? null,
      reference,
      examinerCited: flag(one(value.examinerCitedReferenceIndicator)),
      createdDate,
    });
  }

  const documentCode = field(value, 'legacyDocumentCodeIdentifier')?.toUpperCase() ?? null;
  if (documentCode === null) return reject('office action without a document code (legacyDocumentCodeIdentifier)');
  const mailedDate = odpDate(one(value.submissionDate));
  if (mailedDate === null) return reject(`office action without a mail date (submissionDate) "${String(one(value.submissionDate))}`);
  const documentKey = documentId ?? rowId;
  if (documentKey === null) return reject('office action without a document identifier or id');

  if (isRejection(value)) {
    if (rowId === null) return reject('rejection row without an id');
    return ok({
      kind: 'rejection',
      rowId,
      applicationNumber,
      documentId: documentKey,
      documentCode,
      mailedDate,
      legalSection: field(value, 'legalSectionCode'),
      paragraph: field(value, 'paragraphNumber'),
      actionCategory: field(value, 'actionTypeCategory')?.toLowerCase() ?? null,
      claims: claimNumbers(value.claimNumberArrayDocument),
      flaggedStatutes: REJECTION_FLAGS.filter(([key]) => isSet(value[key])).map(([, statute]) => statute),
      doublePatenting: isSet(value.hasRejDP),
      createdDate,
    });
  }

  const sections: ActionSection[] = [];
  for (const [key, statute, heading] of SECTION_KEYS) {
    const sectionText = longText(value[`sections.${key}`]);
    if (sectionText !== null) sections.push({ statute, heading, text: sectionText, chars: characters(sectionText) });
  }
  return ok({
    kind: 'text',
    applicationNumber,
    documentId: documentKey,
    documentCode,
    mailedDate,
    bodyText: longText(value.bodyText),
    sections,
    createdDate,
  });
}
