/**
 * What the office-action generator reads from one corpus record (the ODP file-wrapper record
 * generateApplications yields): the application's bibliographic facts and its mailed office
 * actions in date order, each with the day it was counted (the counted twin event: `CTNF` before
 * `MCTNF`, `N/=.` before `MN/=.`) and the applicant's reply that preceded it. Nothing else of the
 * record is kept, so a record can be dropped as soon as it is read.
 */
import { technologyOf } from '../full-text/facts.js';
import type { OdpRecord } from '../file-wrapper/types.js';
import { day } from '../core/random.js';

export type DocumentCode = 'CTNF' | 'CTFR' | 'CTRS' | 'CTEQ' | 'CTAV' | 'NOA';

/** Mail transaction → the document code of the action it mails. */
const MAILED: Readonly<Record<string, DocumentCode>> = {
  MCTNF: 'CTNF',
  MCTFR: 'CTFR',
  MCTRS: 'CTRS',
  MCTEQ: 'CTEQ',
  MCTAV: 'CTAV',
  'MN/=.': 'NOA',
};

/** Document code → the transaction that counts it (the examiner's side of the action). */
const COUNTED: Readonly<Record<DocumentCode, string>> = {
  CTNF: 'CTNF',
  CTFR: 'CTFR',
  CTRS: 'CTRS',
  CTEQ: 'CTEQ',
  CTAV: 'CTAV',
  NOA: 'N/=.',
};

/** The application status the mailing sets (prosecution.ts); CTEQ is never simulated, so it keeps 41. */
export const MAILED_STATUS: Readonly<Record<DocumentCode, number>> = { CTNF: 41, CTFR: 61, CTRS: 41, CTEQ: 41, CTAV: 83, NOA: 93 };

/** Applicant replies that precede an action: after a non-final, after final, an RCE, an election. */
const REPLIES = new Set(['A...', 'A.NE', 'RCEX', 'ELC.']);

export interface MailedAction {
  code: DocumentCode;
  /** The mail transaction's code and epoch day. */
  mailCode: string;
  mail: number;
  /** Day of the counted twin (the mail day when the record has none). */
  counted: number;
  /** The latest applicant reply after the previous mailed action, if any. */
  reply: { code: string; day: number } | null;
  /** An information disclosure statement filed since the previous mailed action. */
  ids: number | null;
}

export interface Parent {
  kind: string;
  number: string;
  patent: string | null;
}

export interface Application {
  number: string;
  type: string;
  typeCategory: string;
  title: string;
  filing: number;
  artUnit: string;
  examiner: string;
  customerNumber: number;
  confirmation: number;
  docket: string;
  smallEntity: boolean;
  /** Claims the benefit of any earlier application (provisional included). */
  priorityClaim: boolean;
  /** Status code and grant as of `asOf` (the record's own). */
  status: number;
  grant: { day: number; number: string } | null;
  firstInventorToFile: boolean;
  uspc: string | null;
  tech: string;
  cpc: string[];
  parents: Parent[];
  /** Day of the newest transaction of the record. */
  newestEvent: number;
  actions: MailedAction[];
}

/** `YYYY-MM-DD` → epoch day, remembered (a corpus uses a few thousand dates, millions of times). */
const days = new Map<string, number>();
function dayOf(date: string): number {
  let d = days.get(date);
  if (d === undefined) {
    d = day(date);
    if (days.size < 50_000) days.set(date, d);
  }
  return d;
}

/** `H01M  50/46` (ODP column form) → `H01M 50/46`. */
const cpcSymbol = (padded: string) => padded.replace(/^(\S{4})\s*/, '$1 ');

/** The record's facts and mailed actions; null when it mails no office action. */
export function readApplication(record: OdpRecord): Application | null {
  const events = record.eventDataBag;
  if (!events.some((e) => MAILED[e.eventCode] !== undefined)) return null;
  const meta = record.applicationMetaData;
  // eventDataBag is newest first, same-day events in reverse recording order: walk it backwards.
  const actions: MailedAction[] = [];
  const countedDays = new Map<string, number>();
  let reply: MailedAction['reply'] = null;
  let ids: number | null = null;
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    const d = dayOf(e.eventDate);
    const code = MAILED[e.eventCode];
    if (code !== undefined) {
      const counted = countedDays.get(COUNTED[code]) ?? d;
      actions.push({ code, mailCode: e.eventCode, mail: d, counted: Math.min(counted, d), reply, ids });
      countedDays.delete(COUNTED[code]);
      reply = null;
      ids = null;
    } else if (REPLIES.has(e.eventCode)) reply = { code: e.eventCode, day: d };
    else if (e.eventCode === 'WIDS') ids = d;
    else countedDays.set(e.eventCode, d);
  }
  const cpc = (meta.cpcClassificationBag ?? []).map(cpcSymbol);
  const artUnit = meta.groupArtUnitNumber && /^\d{4}$/.test(meta.groupArtUnitNumber) ? meta.groupArtUnitNumber : '3600';
  return {
    number: record.applicationNumberText,
    type: meta.applicationTypeCode,
    typeCategory: meta.applicationTypeCategory,
    title: meta.inventionTitle,
    filing: dayOf(meta.filingDate),
    artUnit,
    examiner: meta.examinerNameText && meta.examinerNameText !== 'CENTRAL, DOCKET' ? meta.examinerNameText : 'NGUYEN, THANH',
    customerNumber: meta.customerNumber,
    confirmation: meta.applicationConfirmationNumber,
    docket: meta.docketNumber,
    smallEntity: meta.entityStatusData.businessEntityStatusCategory !== 'Regular Undiscounted',
    priorityClaim: (record.parentContinuityBag ?? []).some((p) => p.childApplicationNumberText === record.applicationNumberText),
    status: meta.applicationStatusCode,
    grant: meta.grantDate && meta.patentNumber ? { day: dayOf(meta.grantDate), number: meta.patentNumber } : null,
    firstInventorToFile: meta.firstInventorToFileIndicator === 'Y',
    uspc: meta.uspcSymbolText ?? null,
    tech: technologyOf(meta.applicationTypeCode, cpc, artUnit),
    cpc,
    parents: (record.parentContinuityBag ?? [])
      .filter((p) => p.childApplicationNumberText === record.applicationNumberText && p.claimParentageTypeCode !== 'PRO')
      .map((p) => ({ kind: p.claimParentageTypeCode, number: p.parentApplicationNumberText, patent: p.parentPatentNumber ?? null })),
    newestEvent: dayOf(events[0]!.eventDate),
    actions,
  };
}
