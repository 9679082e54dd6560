/**
 * Maps one assembled ODP patent file wrapper record (API v1 or the 2024 beta) to our
 * `FileWrapperRecord`. Pure: no I/O, no clock. See samples/JSON-FORMATS.md §1 and §1b.
 *
 * - v1 keeps metadata under `applicationMetaData`; the beta puts the same fields directly on
 *   the record and nests continuity as `continuityBag: {parentContinuityBag, childContinuityBag}`.
 * - Metadata present → full record: an omitted bag is `[]`. Metadata absent → partial record (an
 *   API sub-endpoint): `metadata: null` and an omitted part is `null`. Continuity is one part:
 *   when either continuity bag (or the beta `continuityBag`) is present, the other one omitted
 *   means "no links" (`[]`), as the /continuity endpoint omits an empty bag.
 * - A record without a readable application number is rejected whole. A defect inside a record
 *   (an unreadable continuity number, an event without code or date, an unreadable patent or
 *   publication number) drops only that part and is returned as an issue, so the caller can
 *   report it: nothing is dropped silently.
 */
import { parseAnyApplicationNumber, parsePatentNumber, parsePublicationNumber } from '../../domain/numbers.js';
import { cpcSymbol } from '../../domain/cpc.js';
import { show } from '../../ingest/show.js';
import { entityStatus, flag, integer, isAbsent, isObject, odpDate, text, type JsonObject } from './fields.js';
import { mapParties } from './map-parties.js';
import { mapRecordations } from './map-recordations.js';
import type { ApplicationMetadata, ContinuityLink, FileWrapperRecord, MapIssue, Transaction } from './record.js';
import type { PtaRecord } from '../../domain/patent-term.js';

export type { MapIssue };

export type MapResult = { ok: true; record: FileWrapperRecord; issues: MapIssue[] } | { ok: false; reason: string };

// Any of these directly on a record marks a beta full record (metadata not nested).
const BETA_METADATA_KEYS = [
  'applicationStatusCode',
  'applicationStatusDescriptionText',
  'applicationTypeCode',
  'filingDate',
  'effectiveFilingDate',
  'inventionTitle',
  'groupArtUnitNumber',
  'examinerNameText',
  'businessEntityStatusCategory',
  'firstApplicantName',
  'patentNumber',
] as const;

export function mapFileWrapperRecord(raw: unknown): MapResult {
  if (!isObject(raw)) return { ok: false, reason: `record is not a JSON object (got ${describeType(raw)})` };
  if (raw.applicationNumberText === undefined && raw.applId !== undefined) {
    return { ok: false, reason: `PEDS legacy record is not supported (applId ${show(raw.applId)})` };
  }
  const applicationNumber = applicationNumberOf(raw.applicationNumberText);
  if (applicationNumber === null) {
    const keys = raw.applicationNumberText === undefined ? `; object keys: ${Object.keys(raw).slice(0, 12).join(', ')}` : '';
    return { ok: false, reason: `unreadable applicationNumberText: ${show(raw.applicationNumberText)}${keys}` };
  }

  const issues: MapIssue[] = [];
  const meta = isObject(raw.applicationMetaData) ? raw.applicationMetaData : BETA_METADATA_KEYS.some((k) => k in raw) ? raw : null;
  const full = meta !== null;

  const events = bag(raw.eventDataBag, 'eventDataBag', full, issues);
  const nested = isObject(raw.continuityBag) ? raw.continuityBag : null;
  const parentRaw = raw.parentContinuityBag ?? nested?.parentContinuityBag;
  const childRaw = raw.childContinuityBag ?? nested?.childContinuityBag;
  const continuityCarried = full || nested !== null || !isAbsent(parentRaw) || !isAbsent(childRaw);
  const parents = bag(parentRaw, 'parentContinuityBag', continuityCarried, issues);
  const children = bag(childRaw, 'childContinuityBag', continuityCarried, issues);
  const pta = isObject(raw.patentTermAdjustmentData) ? raw.patentTermAdjustmentData : null;
  const recordations = bag(raw.assignmentBag, 'assignmentBag', full, issues);

  const record: FileWrapperRecord = {
    applicationNumber,
    metadata: meta === null ? null : mapMetadata(meta, issues),
    transactions: events === null ? null : mapTransactions(events, issues),
    parents: parents === null ? null : mapLinks(parents, 'parent', issues),
    children: children === null ? null : mapLinks(children, 'child', issues),
    parties: meta === null ? null : mapParties(meta, issues),
    recordations: recordations === null ? null : mapRecordations(recordations, issues),
    ptaDays: pta === null ? null : integer(pta.adjustmentTotalQuantity),
    ptaParts: pta === null ? null : ptaParts(pta),
    lastIngestionAt: text(raw.lastIngestionDateTime),
  };
  return { ok: true, record, issues };
}

/** ODP names; the non-overlapping days come as `nonOverlappingDayQuantity` or `nonOverlappingDayDelayQuantity`. */
function ptaParts(pta: JsonObject): PtaRecord {
  return {
    total: integer(pta.adjustmentTotalQuantity),
    a: integer(pta.aDelayQuantity),
    b: integer(pta.bDelayQuantity),
    c: integer(pta.cDelayQuantity),
    overlap: integer(pta.overlappingDayQuantity),
    applicantDelay: integer(pta.applicantDayDelayQuantity),
    nonOverlapping: integer(pta.nonOverlappingDayQuantity ?? pta.nonOverlappingDayDelayQuantity),
  };
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

function applicationNumberOf(value: unknown): string | null {
  const s = text(value);
  return s === null ? null : parseAnyApplicationNumber(s);
}

/** The bag as a list; when omitted: `[]` if its part was carried, else null. */
function bag(value: unknown, name: string, carried: boolean, issues: MapIssue[]): unknown[] | null {
  if (Array.isArray(value)) return value as unknown[];
  if (value !== undefined && value !== null) issues.push({ reason: `${name} is not an array; ignored`, value });
  return carried ? [] : null;
}

function mapMetadata(m: JsonObject, issues: MapIssue[]): ApplicationMetadata {
  const entity = isObject(m.entityStatusData) ? m.entityStatusData : m;
  return {
    filingDate: odpDate(m.filingDate),
    effectiveFilingDate: odpDate(m.effectiveFilingDate),
    applicationType: applicationTypeOf(m),
    statusCode: integerField(m, 'applicationStatusCode', issues),
    statusDescription: text(m.applicationStatusDescriptionText),
    statusDate: odpDate(m.applicationStatusDate),
    patentNumber: patentNumberField(m, 'patentNumber', issues),
    grantDate: odpDate(m.grantDate),
    publicationNumber: publicationNumberOf(m, issues),
    publicationDate: odpDate(m.earliestPublicationDate),
    title: text(m.inventionTitle),
    applicantName: text(m.firstApplicantName) ?? firstApplicant(m.applicantBag),
    examinerName: text(m.examinerNameText),
    artUnit: text(m.groupArtUnitNumber),
    entityStatus: entityStatus(entity.businessEntityStatusCategory, entity.smallEntityStatusIndicator),
    customerNumber: text(m.customerNumber),
    docketNumber: text(m.docketNumber),
    firstInventorToFile: flag(m.firstInventorToFileIndicator),
    cpc: cpcList(m.cpcClassificationBag),
  };
}

/** The office code; the beta writes `?` for a PCT application (label and category `PCT`). */
function applicationTypeOf(m: JsonObject): string | null {
  const code = text(m.applicationTypeCode);
  if (code !== null && code !== '?') return code;
  const pct = text(m.applicationTypeLabelName) === 'PCT' || text(m.applicationTypeCategory) === 'PCT';
  return pct ? 'PCT' : null;
}

function integerField(o: JsonObject, key: string, issues: MapIssue[]): number | null {
  const value = o[key];
  if (isAbsent(value)) return null;
  const n = integer(value);
  if (n === null) issues.push({ reason: `unreadable ${key}: ${show(value)}`, value });
  return n;
}

function patentNumberField(o: JsonObject, key: string, issues: MapIssue[]): string | null {
  const value = o[key];
  if (isAbsent(value)) return null;
  const s = text(value);
  const n = s === null ? null : parsePatentNumber(s);
  if (n === null) issues.push({ reason: `unreadable ${key}: ${show(value)}`, value });
  return n;
}

/**
 * `earliestPublicationNumber` (`US20210210819A1`, beta `US 2017-0071586 A1`) in printed form.
 * The sequence/date bags carry no kind code, so no number is built from them: the earliest
 * publication is usually, not always, A1.
 */
function publicationNumberOf(m: JsonObject, issues: MapIssue[]): string | null {
  const value = m.earliestPublicationNumber;
  if (isAbsent(value)) return null;
  const s = text(value);
  const printed = s === null ? null : (parsePublicationNumber(s)?.printed ?? null);
  if (printed === null) issues.push({ reason: `unreadable earliestPublicationNumber (or no kind code): ${show(value)}`, value });
  return printed;
}

function firstApplicant(applicants: unknown): string | null {
  if (!Array.isArray(applicants)) return null;
  for (const a of applicants) {
    const name = isObject(a) ? text(a.applicantNameText) : null;
    if (name !== null) return name;
  }
  return null;
}

function cpcList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const out: string[] = [];
  for (const item of value) {
    const symbol = typeof item === 'string' ? cpcSymbol(item) : null;
    if (symbol !== null) out.push(symbol);
  }
  return out;
}

function mapTransactions(events: unknown[], issues: MapIssue[]): Transaction[] {
  const out: Transaction[] = [];
  for (const e of events) {
    const code = isObject(e) ? text(e.eventCode) : null;
    const date = isObject(e) ? odpDate(e.eventDate) : null;
    if (!isObject(e) || code === null || date === null) {
      const what = !isObject(e) ? 'not an object' : code === null ? 'no eventCode' : `unusable eventDate ${show(e.eventDate)}`;
      issues.push({ reason: `transaction event dropped: ${what}`, value: e });
      continue;
    }
    out.push({ date, code, description: text(e.eventDescriptionText) ?? '' });
  }
  return out;
}

/**
 * Entries of `parentContinuityBag` (side `parent`) or `childContinuityBag` (side `child`). The
 * facts of a link are those of the other application: `parent*` fields for a parent entry,
 * `child*` fields for a child entry. A link whose parent or child number is unreadable is
 * dropped and reported (the record keeps its other links).
 */
function mapLinks(entries: unknown[], side: 'parent' | 'child', issues: MapIssue[]): ContinuityLink[] {
  const out: ContinuityLink[] = [];
  for (const e of entries) {
    if (!isObject(e)) {
      issues.push({ reason: `continuity entry in ${side}ContinuityBag is not an object`, value: e });
      continue;
    }
    const parentNumber = applicationNumberOf(e.parentApplicationNumberText);
    const childNumber = applicationNumberOf(e.childApplicationNumberText);
    if (parentNumber === null || childNumber === null) {
      issues.push({
        reason:
          `unreadable continuity number in ${side}ContinuityBag: ` +
          `parent ${show(e.parentApplicationNumberText)}, child ${show(e.childApplicationNumberText)}`,
        value: e,
      });
      continue;
    }
    out.push({
      parentNumber,
      childNumber,
      relationship: text(e.claimParentageTypeCode),
      relationshipDescription: text(e.claimParentageTypeCodeDescriptionText ?? e.claimParentageTypeCodeDescription),
      filingDate: odpDate(e[`${side}ApplicationFilingDate`]),
      statusCode: integerField(e, `${side}ApplicationStatusCode`, issues),
      statusDescription: text(e[`${side}ApplicationStatusDescriptionText`]),
      patentNumber: patentNumberField(e, `${side}PatentNumber`, issues),
    });
  }
  return out;
}
