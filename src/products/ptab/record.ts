/**
 * A PTAB record as mapped from any of the office's shapes (ODP v1 proceedings, decisions and
 * documents; their downloads; the retired PTAB API v2): what it says about its trial as of when
 * it was written, and the decision it is, if it is one.
 */
import type { TrialType } from '../../domain/numbers.js';
import type { ClaimsOutcome, DecisionKind } from '../../domain/ptab.js';
import type { OdpItem } from '../../ingest/odp-json/read.js';

/** What one record says of its trial. Every field but the number is null when the record does not say. */
export interface TrialSnapshot {
  trialNumber: string;
  trialType: TrialType;
  /**
   * When the office last changed the trial as this record saw it (`trialLastModifiedDateTime`,
   * else the record's `lastModifiedDateTime`); null when the record does not say (downloads).
   */
  modifiedAt: string | null;
  /** A proceedings record (the trial's current state), not a decision's snapshot of it. */
  fromProceeding: boolean;
  status: string | null;
  filedDate: string | null;
  accordedFilingDate: string | null;
  institutionDecisionDate: string | null;
  latestDecisionDate: string | null;
  terminationDate: string | null;
  patentNumber: string | null;
  applicationNumber: string | null;
  grantDate: string | null;
  petitioner: string | null;
  patentOwner: string | null;
}

/** Why a decision carries no text. */
export type TextNote = 'truncated' | 'upload_failed' | null;

export interface PtabDecision {
  /** The office's document identifier, the decision's key (derived from trial, date and kind when the record has no document). */
  documentId: string;
  trialNumber: string;
  documentNumber: number | null;
  date: string | null;
  kind: DecisionKind;
  /** The office's outcome category as printed (v2: the subdecision type). */
  outcome: string | null;
  /** Final written decisions only: what it held of the challenged claims. */
  claimsOutcome: ClaimsOutcome | null;
  statutes: string[];
  issueTypes: string[];
  title: string | null;
  documentType: string | null;
  pdfUrl: string | null;
  /** The text as the dataset carries it (the office's OCR, often cut short); null when it has none. */
  text: string | null;
  textNote: TextNote;
}

export type PtabRecord =
  | {
      kind: 'trial';
      snapshot: TrialSnapshot;
      decision: PtabDecision | null;
      /** The document a record of a trial document that is no decision is (a trial may be known from its documents alone). */
      documentId: string | null;
    }
  /** Read and not loaded by design (an ex parte appeal, an interference). */
  | { kind: 'skip'; reason: string };

export type PtabItem = OdpItem<PtabRecord>;
