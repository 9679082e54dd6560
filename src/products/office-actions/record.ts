/**
 * An office-action record as mapped from the Open Data Portal's three OA APIs (and the retired
 * DS-API shapes of the same): an action's text, one rejection row, one citation row. They join
 * on the application and the office's document identifier (JSON-FORMATS.md §3).
 */
import type { OdpItem } from '../../ingest/odp-json/read.js';

/** One per-statute rejection text of an action (`sections.section103RejectionText` …). */
export interface ActionSection {
  statute: string;
  heading: string;
  text: string;
  chars: number;
}

/** The text record of one action document (oa_actions). */
export interface ActionText {
  kind: 'text';
  applicationNumber: string;
  documentId: string;
  documentCode: string;
  mailedDate: string;
  bodyText: string | null;
  sections: ActionSection[];
  /** The day the office made the record (`createDateTime`), for a file without a dated name. */
  createdDate: string | null;
}

/** One row of oa_rejections: a legal ground, or another claim disposition, of one document. */
export interface RejectionRow {
  kind: 'rejection';
  rowId: string;
  applicationNumber: string;
  documentId: string;
  documentCode: string;
  mailedDate: string;
  legalSection: string | null;
  paragraph: string | null;
  actionCategory: string | null;
  claims: number[];
  /** The document-level hasRej101/102/103/112 flags that are set, as bare statutes. */
  flaggedStatutes: string[];
  doublePatenting: boolean;
  createdDate: string | null;
}

/** One row of oa_citations (or enriched citations): a reference cited in one document. */
export interface CitationRow {
  kind: 'citation';
  rowId: string;
  applicationNumber: string;
  documentId: string;
  legalSection: string | null;
  actionCategory: string | null;
  reference: string;
  examinerCited: boolean | null;
  createdDate: string | null;
}

export type OfficeActionRecord =
  | ActionText
  | RejectionRow
  | CitationRow
  /** Read and not loaded by design (a citation tied to no action, an API field list), counted by reason. */
  | { kind: 'skip'; reason: string };

export type OfficeActionItem = OdpItem<OfficeActionRecord>;
