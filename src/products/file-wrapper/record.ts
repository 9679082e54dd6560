import type { PrintedParty } from '../../ingest/printed-party.js';
import type { OdpItem } from '../../ingest/odp-json/read.js';
import type { PtaRecord } from '../../domain/patent-term.js';
import type { ConveyanceType } from '../../domain/conveyance.js';

/**
 * One application as read from a patent file wrapper file (ODP PTFWPRD/PTFWPRE JSON), in our
 * own terms: canonical numbers, `YYYY-MM-DD` dates, trimmed text. The parser produces it, the
 * loader stores it, the synthetic generator's output parses back into it.
 *
 * Full records (bulk files, the full `/applications/{n}` response) carry `metadata`; a bag the
 * office omitted is then an empty list. A partial record (an API sub-endpoint such as
 * `/transactions`) has `metadata: null`, and every bag it did not carry is `null`: the loader
 * then updates only what is present.
 */
export interface FileWrapperRecord {
  /** Canonical 8-digit number, or the canonical PCT form (`PCT/US2016/019088`). */
  applicationNumber: string;
  metadata: ApplicationMetadata | null;
  /** In the file's order (ODP: newest first); same-day duplicates are real and kept. */
  transactions: Transaction[] | null;
  /** Every parent link of the chain the office sends (grandparents too: see `childNumber`). */
  parents: ContinuityLink[] | null;
  /** Every child link (grandchildren too: see `parentNumber`). */
  children: ContinuityLink[] | null;
  /** Every applicant, then every inventor, in the bags' order (null when the record carried no metadata). */
  parties: ApplicationParty[] | null;
  /** The recordations `assignmentBag` prints, in its order (null when a partial record did not carry the bag). */
  recordations: BagRecordation[] | null;
  /** Patent term adjustment in days (`adjustmentTotalQuantity`), null when absent. */
  ptaDays: number | null;
  /** The adjustment's parts as the office gives them (the term calculation checks the total against them). */
  ptaParts: PtaRecord | null;
  /** ODP `lastIngestionDateTime`, as given (ISO timestamp), null when absent. */
  lastIngestionAt: string | null;
}

export interface ApplicationMetadata {
  filingDate: string | null;
  effectiveFilingDate: string | null;
  /** Office code: UTL, DES, PLT, REI, PCT, PRV … (null when absent or `?`). */
  applicationType: string | null;
  statusCode: number | null;
  /** Verbatim office text (double spaces around `--` kept). */
  statusDescription: string | null;
  statusDate: string | null;
  /** Canonical patent number (`11646472`, `D701016`, `RE49257`), null until granted. */
  patentNumber: string | null;
  grantDate: string | null;
  /** Printed form `US20210210819A1` of the earliest publication, null when unpublished. */
  publicationNumber: string | null;
  publicationDate: string | null;
  title: string | null;
  /** `firstApplicantName`, or the first applicant of `applicantBag`, trimmed. */
  applicantName: string | null;
  /** Display form `LAST, FIRST M` as the office writes it, trimmed. */
  examinerName: string | null;
  /** As given, trimmed: usually 4 digits, sometimes not numeric (`OPAP`). */
  artUnit: string | null;
  entityStatus: 'small' | 'micro' | 'undiscounted' | null;
  customerNumber: string | null;
  docketNumber: string | null;
  firstInventorToFile: boolean | null;
  /** CPC symbols in canonical spacing (`H01M 50/46`, `H01M 4/13`), main first, as given order. */
  cpc: string[];
}

export interface Transaction {
  date: string;
  /** Office code verbatim, trimmed (`CTNF`, `MN/=.`, `BIG.`). */
  code: string;
  /** Office text verbatim, trimmed. */
  description: string;
}

export interface ContinuityLink {
  /** The claimed (earlier) application: 8 digits or canonical PCT. */
  parentNumber: string;
  /** The claiming (later) application. */
  childNumber: string;
  /** Office code: CON, DIV, CIP, PRO, NST, … */
  relationship: string | null;
  relationshipDescription: string | null;
  /**
   * Facts of the *other* application of the link: for an entry of `parents`, the parent's; for an
   * entry of `children`, the child's.
   */
  filingDate: string | null;
  statusCode: number | null;
  statusDescription: string | null;
  patentNumber: string | null;
}

/** One entry of `assignmentBag`: the file wrapper's copy of a recordation naming the application (map-recordations.ts). */
export interface BagRecordation {
  /** `046816/0108`, padded as the assignment files' key (DESIGN.md D5) whatever padding the bag used. */
  reelFrame: string;
  recordedDate: string;
  pageCount: number | null;
  /** The office's text, verbatim. */
  conveyanceText: string;
  conveyanceType: ConveyanceType;
  assignors: { name: string; executionDate: string | null }[];
  assignees: { name: string; address: BagAddress }[];
}

/** An assignee's address, in the members the assignment files' addresses have. */
export interface BagAddress {
  lines: string[];
  city: string | null;
  state: string | null;
  postcode: string | null;
  country: string | null;
}

/** One entry of `applicantBag` or `inventorBag`; the city, region and country are those of the residence address when there is one, else of the first. */
export type ApplicationParty = PrintedParty<'applicant' | 'inventor'>;

/** A part of a record that could not be read; the record itself is kept. */
export interface MapIssue {
  reason: string;
  /** The offending value (a bag entry, or the field's value). */
  value: unknown;
}

/** What the reader yields for a file wrapper file: records, and rejects with their reason. */
export type ParsedItem = OdpItem<FileWrapperRecord>;
