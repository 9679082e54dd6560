/**
 * A patent's facts from the rows each product stored (patent-evidence.sql.ts), decided by the
 * precedence table (domain/evidence.ts) fact by fact. Because every product's rows are kept
 * apart and combined only here, when read, the answer does not depend on which product loaded
 * first, and a re-ingest changes nothing. Pure.
 */
import { EVIDENCE_SOURCES, type EvidenceSource, firstOf, unionOf } from '../domain/evidence.js';
import { type PatentKind, patentKindOf } from '../domain/maintenance.js';
import type { ChainLink, PtaEvidence } from '../domain/patent-term.js';
import type { PatentEvidenceRows } from './patent-evidence.sql.js';
import { FULL_TEXT_PRODUCTS, MAINTENANCE_FEE_PRODUCT } from '../domain/products.js';

/** Which file a fact was read from, in the provenance shape: `{product, file_date}`. */
export interface SourceRef {
  product: string;
  file_date: string | null;
}

export interface FactFeeEvent {
  code: string;
  date: string;
  description: string | null;
  source: SourceRef;
}

/** A reissue's original patent as the reissue's own records name it. */
export interface OriginalPatent {
  patentNumber: string;
  grantDate: string | null;
  applicationNumber: string;
  filingDate: string | null;
  /** The original's national stage link, when the reissue's grant prints the original's PCT data. */
  pctLink: ChainLink | null;
  source: EvidenceSource;
}

export interface PatentFacts {
  patentNumber: string;
  kind: PatentKind;
  applicationNumber: string | null;
  filingDate: string | null;
  grantDate: string;
  /** The product the grant date was read from, as answers name it. */
  grantSource: string;
  /** The continuity chain, each link from the product the table keeps for it. */
  links: ChainLink[];
  pta: PtaEvidence;
  /** Each product's sign of a terminal disclaimer, described with its source. */
  terminalDisclaimers: string[];
  original: OriginalPatent | null;
  /** Every fee event of every product, each once, oldest first (ties by code). */
  feeEvents: FactFeeEvent[];
  /** The newest date the fee evidence covers (DESIGN D29), with what covers it; null when nothing does. */
  feesCoveredThrough: { date: string; source: SourceRef } | null;
  /** The fee file's line of the patent (entity status, the file it was last written from). */
  fee: PatentEvidenceRows['fee'];
}

const label = (source: EvidenceSource) => EVIDENCE_SOURCES[source];
const linkKey = (link: ChainLink) => `${link.parentOf}>${link.applicationNumber}`;
const REISSUE = 'REI';

function chainLinks(rows: PatentEvidenceRows, ownApplication: string | null, original: OriginalPatent | null): ChainLink[] {
  const fileWrapper = rows.file_wrapper_links.map((row): ChainLink => ({
    applicationNumber: row.parent_number,
    filingDate: row.filing_date,
    relationship: row.relationship ?? '',
    parentOf: row.child_number,
    source: label('file_wrapper'),
  }));
  const grant = rows.grant_relations.map((row): ChainLink => ({
    applicationNumber: row.parent_number,
    filingDate: row.parent_filing_date,
    relationship: row.relation,
    parentOf: row.child_number ?? ownApplication ?? '',
    source: label('grant'),
  }));
  // The PCT filing data a grant prints is its national stage link; a reissue's grant prints its original's.
  const pct = rows.grant?.pct_number && rows.grant.pct_filing_date ? rows.grant : null;
  if (pct && original === null && ownApplication !== null) {
    grant.push({
      applicationNumber: pct.pct_number!,
      filingDate: pct.pct_filing_date,
      relationship: 'NST',
      parentOf: ownApplication,
      source: label('grant'),
    });
  }
  return unionOf('continuity', { file_wrapper: fileWrapper, grant }, linkKey).map(({ from: _from, ...link }) => link);
}

function originalOf(rows: PatentEvidenceRows, ownApplication: string | null): OriginalPatent | null {
  const own = (child: string | null) => child === null || child === ownApplication;
  const fw = rows.file_wrapper_links.find(
    (row) => row.relationship?.trim().toUpperCase() === REISSUE && row.patent_number && own(row.child_number),
  );
  const printed = rows.grant_relations.find((row) => row.relation === REISSUE && row.parent_patent_number && own(row.child_number));
  const chosen = firstOf('reissue_original', {
    file_wrapper: fw && {
      patentNumber: fw.patent_number!,
      grantDate: null,
      applicationNumber: fw.parent_number,
      filingDate: fw.filing_date,
    },
    grant: printed && {
      patentNumber: printed.parent_patent_number!,
      grantDate: printed.parent_patent_date,
      applicationNumber: printed.parent_number,
      filingDate: printed.parent_filing_date,
    },
  });
  if (chosen === null) return null;
  const pct = rows.grant?.pct_number && rows.grant.pct_filing_date ? rows.grant : null;
  const pctLink: ChainLink | null = pct
    ? {
        applicationNumber: pct.pct_number!,
        filingDate: pct.pct_filing_date,
        relationship: 'NST',
        parentOf: chosen.value.applicationNumber,
        source: label('grant'),
      }
    : null;
  // The file wrapper's link gives no grant date; the grant's relation may.
  const grantDate = chosen.value.grantDate ?? printed?.parent_patent_date ?? null;
  return { ...chosen.value, grantDate, pctLink, source: chosen.source };
}

/** Every product's fee events, each (code, day) once by the precedence table, oldest first (ties by code). */
export function fuseFeeEvents(feeFile: readonly FactFeeEvent[], fileWrapper: readonly FactFeeEvent[]): FactFeeEvent[] {
  return unionOf('fee_events', { fee_file: feeFile, file_wrapper: fileWrapper }, (e) => `${e.code} ${e.date}`)
    .map(({ from: _from, ...event }) => event)
    .sort((a, b) => (a.date !== b.date ? (a.date < b.date ? -1 : 1) : a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
}

function feeEventsOf(rows: PatentEvidenceRows): FactFeeEvent[] {
  const fw = rows.file_wrapper;
  const source = (product: string, fileDate: string) => ({ product, file_date: fileDate });
  return fuseFeeEvents(
    rows.fee_events.map((e) => ({
      code: e.code.trimEnd(),
      date: e.date,
      description: e.description,
      source: source(MAINTENANCE_FEE_PRODUCT, e.source_file_date),
    })),
    fw
      ? rows.file_wrapper_fee_events.map((e) => ({
          code: e.code.trimEnd(),
          date: e.date,
          description: e.description,
          source: source(fw.source_product, fw.source_file_date),
        }))
      : [],
  );
}

/**
 * The newest date the fee evidence covers. The fee file is cumulative, so its date covers every
 * patent; the file wrapper's daily product carries every application that changed, so the
 * family's newest file date covers the transactions of an application it holds. With neither,
 * the grant covers the day it issued.
 */
function coverageOf(rows: PatentEvidenceRows): PatentFacts['feesCoveredThrough'] {
  const candidates: { date: string; source: SourceRef }[] = [];
  if (rows.fee_file_date)
    candidates.push({ date: rows.fee_file_date, source: { product: MAINTENANCE_FEE_PRODUCT, file_date: rows.fee_file_date } });
  if (rows.file_wrapper && rows.file_wrapper_file_date) {
    candidates.push({
      date: rows.file_wrapper_file_date,
      source: { product: rows.file_wrapper.source_product, file_date: rows.file_wrapper_file_date },
    });
  }
  const newest = candidates.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0))[0];
  if (newest) return newest;
  return rows.grant
    ? { date: rows.grant.source_file_date, source: { product: FULL_TEXT_PRODUCTS.grants, file_date: rows.grant.source_file_date } }
    : null;
}

/** The facts of one patent; null when no product gives it a grant date. */
export function fusePatentFacts(patentNumber: string, rows: PatentEvidenceRows): PatentFacts | null {
  const { file_wrapper: fw, fee, grant } = rows;
  const grantDate = firstOf('grant', { file_wrapper: fw?.grant_date, grant: grant?.date, fee_file: fee?.grant_date });
  if (grantDate === null) return null;
  const applicationNumber = firstOf('grant', {
    file_wrapper: fw?.application_number,
    grant: grant?.application_number,
    fee_file: fee?.application_number,
  });
  const filingDate = firstOf('grant', { file_wrapper: fw?.filing_date, grant: grant?.filing_date, fee_file: fee?.filing_date });
  const own = applicationNumber?.value ?? null;
  const original = patentKindOf(patentNumber) === 'reissue' ? originalOf(rows, own) : null;
  const disclaimers = unionOf(
    'terminal_disclaimer',
    {
      file_wrapper: rows.file_wrapper_disclaimers
        .slice(-1)
        .map((t) => ({ text: `${label('file_wrapper')} transactions: ${t.code} on ${t.date}` })),
      grant: grant?.disclaimer ? [{ text: `${label('grant')}: "${grant.disclaimer}"` }] : [],
    },
    (item) => item.text,
  ).map((item) => item.text);
  return {
    patentNumber,
    kind: patentKindOf(patentNumber),
    applicationNumber: own,
    filingDate: filingDate?.value ?? null,
    grantDate: grantDate.value,
    grantSource: label(grantDate.source),
    links: chainLinks(rows, own, original),
    pta: {
      fileWrapper: fw?.pta_parts ?? (fw?.pta_days != null ? { total: fw.pta_days } : null),
      printed: grant?.term_extension_days ?? null,
    },
    terminalDisclaimers: disclaimers,
    original,
    feeEvents: feeEventsOf(rows),
    feesCoveredThrough: coverageOf(rows),
    fee,
  };
}
