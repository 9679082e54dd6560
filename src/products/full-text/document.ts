/**
 * One grant or pre-grant publication as read from the weekly full-text XML (PTGRXML `ipgYYMMDD`,
 * APPXML `ipaYYMMDD`), in our own terms: canonical numbers, `YYYY-MM-DD` dates, text without
 * markup. The parsers produce it, the loader stores it, the synthetic generator's output parses
 * back into it.
 */
import type { PrintedParty } from '../../ingest/printed-party.js';
import type { Claim } from '../../domain/claim.js';

export type DocType = 'grant' | 'publication';

/** `cited by examiner` → examiner, `cited by applicant` → applicant, anything else → other (with the text). */
export type CitationCategory = 'examiner' | 'applicant' | 'other';

interface CitationBase {
  /** The citation's running number in the document (`num`), for ordering. */
  seq: number;
  category: CitationCategory;
  /** The office's category text when `category` is other (`cited by other`, `cited by third party`); else null. */
  categoryDetail: string | null;
}

/** A date at the printed precision: `1967-09-12`, `1967-09` (day `00`), `1967` (month `00`), or null. */
export type PrintedDate = string | null;

export type BackwardCitation =
  /** US patents: canonical number (`4630610`, `D300382`, `RE49257`). */
  | (CitationBase & { group: 'patents'; number: string; kind: string | null; name: string | null; date: PrintedDate })
  /** US pre-grant publications: printed form `US20050123456A1`. */
  | (CitationBase & { group: 'publications'; number: string; name: string | null; date: PrintedDate })
  /** Non-US patent documents: country and number as printed. */
  | (CitationBase & { group: 'foreign'; country: string; number: string; kind: string | null; date: PrintedDate })
  /** Non-patent literature, text without markup. */
  | (CitationBase & { group: 'npl'; text: string })
  /** A reference that could not be read (e.g. US number of no known shape): kept verbatim. */
  | (CitationBase & { group: 'defect'; raw: string; defect: string });

export interface FullTextDocument {
  docType: DocType;
  /**
   * Grants: canonical patent number as `parsePatentNumber` gives it (`11646472`, `D701016`,
   * `PP18398`, `RE49257`, `H2140`). Publications: printed form `US20230080435A1`.
   */
  docNumber: string;
  /** `B1`, `B2`, `S1`, `P2`, `P3`, `E`, `E1`, `H1`, `A1`, `A2`, `A9` (trimmed). */
  kind: string;
  /** Issue date (grants) or publication date, `YYYY-MM-DD`. */
  date: string;
  /** Canonical 8-digit application number, or null when the document carries none readable. */
  applicationNumber: string | null;
  filingDate: string | null;
  title: string | null;
  /** Paragraphs joined with newlines; null for design patents and documents without one. */
  abstract: string | null;
  claims: Claim[];
  /** Canonical CPC symbols (`H04L 9/3247`), main first, no duplicates; empty before 2015 and when absent. */
  cpc: string[];
  /** Backward citations in document order; always empty for publications. */
  citations: BackwardCitation[];
  /** The root's `dtd-version` attribute as written (`v4.7 2022-02-17`, `v40 2004-12-02`). */
  dtdVersion: string | null;
  /** Every applicant, inventor and assignee printed on the document, in document order (parties.ts). */
  parties: DocumentParty[];
  /** Grants: what `us-term-of-grant` prints, null when it is absent (grants/term.ts); publications: null. */
  term: GrantTerm | null;
  /** Grants: the benefit and origin links of `us-related-documents`, in printed order (grants/relations.ts); publications: empty. */
  relations: GrantRelation[];
  /** Grants: `pct-or-regional-filing-data`, null when absent (grants/pct.ts); publications: null. */
  pct: PctFiling | null;
}

/** A grant's printed term facts (XML-FORMATS.md §2 "term"). */
export interface GrantTerm {
  /** `us-term-extension`: days added under 35 USC 154(b); null when absent or not a day count. */
  extensionDays: number | null;
  /** `length-of-grant`: years (designs print 14, or 15 for applications filed from 2015-05-13). */
  lengthOfGrant: number | null;
  /** The disclaimer notice as printed, whitespace collapsed ("This patent is subject to a terminal disclaimer."). */
  disclaimer: string | null;
}

/**
 * The office's continuity codes (the file wrapper's `claimParentageTypeCode`), so a link a grant
 * prints compares with the file wrapper's own: continuation, continuation-in-part, division,
 * reissue, reexamination, substitution, provisional.
 */
export type ContinuityCode = 'CON' | 'CIP' | 'DIV' | 'REI' | 'REX' | 'SUB' | 'PRO' | 'NST';

/**
 * One link of `us-related-documents` (XML-FORMATS.md §6). Numbers are canonical (application
 * `12213975`, PCT `PCT/FI2004/000279`, patent `10124207`); one that cannot be read is kept as
 * printed and reported as the mapper's issue.
 */
export interface GrantRelation {
  relation: ContinuityCode;
  parentNumber: string;
  parentFilingDate: string | null;
  /** `parent-status` as printed: `GRANTED`, `PENDING`, `ABANDONED`, `UNKNOWN`. */
  parentStatus: string | null;
  parentPatentNumber: string | null;
  parentPatentDate: string | null;
  /** The link's child application; null for a provisional, whose child is the document's own application. */
  childNumber: string | null;
}

/** The international application a grant is the national stage of. */
export interface PctFiling {
  /** Canonical PCT number (`PCT/EP2001/003690`), else as printed; null when none is printed. */
  number: string | null;
  filingDate: string | null;
  /** The date the 35 USC 371(c) requirements were met (`us-371c124-date`, later `us-371c12-date`). */
  date371: string | null;
}

/**
 * One party printed on a grant or publication, the input of entity resolution. Every value is
 * as printed (trimmed); null when absent.
 */
export interface DocumentParty extends PrintedParty<'applicant' | 'inventor' | 'assignee'> {
  /** Counts within the role from 0, in document order (the office's `sequence` attribute is `001`, `01` or `00` by year). */
  seq: number;
}

/** A part of a kept document that could not be read (a party without a name): reported, never silently dropped. */
export interface MapIssue {
  reason: string;
  /** The offending element as XML (the reader cuts it to a reject excerpt's length). */
  excerpt: string;
}

/** Where an item sits in a file: the zip member (null for a plain file) and the document's index in it (0-based). */
export interface DocumentPosition {
  member: string | null;
  index: number;
}

export type FullTextItem =
  | { kind: 'document'; document: FullTextDocument; position: DocumentPosition }
  /** A document of another root (`sequence-cwu`, …): counted by root, not loaded. Bibliographic-only grants (ipgb) are documents with `claims: []`. */
  | { kind: 'skipped'; root: string; position: DocumentPosition }
  /** A document that could not be read; `reason` keeps its variable part after the first `"`. */
  | { kind: 'reject'; reason: string; position: DocumentPosition; excerpt: string };
