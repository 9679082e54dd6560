/**
 * One recordation of the patent assignment files (PASDL daily `adYYYYMMDD.xml`, PASYR annual
 * backfile zips; the office's description is samples/assignment-xml/PADX-File-Description-v2.txt):
 * what the parser yields and the loader stores. Dates are `YYYY-MM-DD`; absent values are null.
 */
import type { ConveyanceType } from '../../domain/conveyance.js';
import type { ItemPosition } from '../../ingest/loader.js';

export interface AssignmentAddress {
  lines: string[];
  city: string | null;
  state: string | null;
  postcode: string | null;
  /** The office's `country-name` as written (US addresses usually have none). */
  country: string | null;
}

export interface Assignor {
  name: string;
  /** `natural` or `legal` when the file says so. */
  nameType: 'natural' | 'legal' | null;
  executionDate: string | null;
  /** Only present when there is no execution date (the file description says so). */
  acknowledgedDate: string | null;
}

export interface Assignee {
  name: string;
  nameType: 'natural' | 'legal' | null;
  address: AssignmentAddress;
}

/**
 * One property of a recordation. Its document-ids come in any order and any subset; each number
 * is placed by its kind code and shape, never by position.
 */
export interface AssignmentProperty {
  /** 8 digits (`14678893`), or null for a property recorded without one. */
  applicationNumber: string | null;
  filingDate: string | null;
  /** Canonical patent number (`9219817`, `D712345`, `RE45678`, `PP12345`). */
  patentNumber: string | null;
  grantDate: string | null;
  /** 11 digits `YYYYNNNNNNN` (`20150215460`). */
  publicationNumber: string | null;
  publicationDate: string | null;
  /** A Hague international design registration (`DM/123456`). */
  internationalRegistration: string | null;
  title: string | null;
}

export interface AssignmentRecord {
  /** `reel/frame`, each zero-padded: `"012345/0678"` (DESIGN.md D5); the record's key. */
  reelFrame: string;
  reel: number;
  frame: number;
  recordedDate: string;
  lastUpdateDate: string | null;
  /** Purge indicator `Y`: the office withdrew the record; the loader removes it. */
  purged: boolean;
  pageCount: number | null;
  correspondent: { name: string; lines: string[] } | null;
  /** The office's text, verbatim. */
  conveyanceText: string;
  conveyanceType: ConveyanceType;
  assignors: Assignor[];
  assignees: Assignee[];
  properties: AssignmentProperty[];
}

export type AssignmentItem =
  | { kind: 'record'; record: AssignmentRecord; position: ItemPosition }
  /** The file's header: `DA` daily, `AN` annual… and the extraction date. */
  | { kind: 'header'; actionKeyCode: string | null; transactionDate: string | null }
  | { kind: 'reject'; reason: string; position: ItemPosition; excerpt: string };
