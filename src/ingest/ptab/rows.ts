/** The rows a batch writes: COPY text of new trials, parties and decisions (load.sql.ts's column order), and updates of stored trials. */
import { arrayLiteral, characters, type CopyValue, toCopyText } from '../../db/copy-text.js';
import type { TrialUpdate } from './load.sql.js';
import type { ClaimsOutcome } from '../../domain/ptab.js';
import type { BatchFile } from '../loader.js';
import type { Trial } from './merge.js';
import type { PtabDecision } from './record.js';

/** What a trial's status and decisions say together (domain/ptab.ts). */
export interface Derived {
  instituted: boolean | null;
  claimsOutcome: ClaimsOutcome | null;
  finalDecisionDate: string | null;
}

/** A stored trial's new column values. */
export function trialUpdate(t: Trial, d: Derived): TrialUpdate {
  return {
    trial_number: t.trialNumber,
    patent_number: t.patentNumber,
    application_number: t.applicationNumber,
    grant_date: t.grantDate,
    status: t.status,
    filed_date: t.filedDate,
    accorded_filing_date: t.accordedFilingDate,
    institution_decision_date: t.institutionDecisionDate,
    latest_decision_date: t.latestDecisionDate,
    termination_date: t.terminationDate,
    instituted: d.instituted,
    claims_outcome: d.claimsOutcome,
    final_decision_date: d.finalDecisionDate,
    snapshot_at: t.snapshotAt,
    seen_as_proceeding: t.seenAsProceeding,
  };
}

/** New trials with their parties, the parties of stored trials whose parties changed, and new or changed decisions. */
export function trialRows(
  trials: readonly { trial: Trial; derived: Derived; firstSeenAt: Date }[],
  partiesOf: readonly { trial: Trial }[],
  decisions: readonly PtabDecision[],
  hashes: ReadonlyMap<string, string>,
  file: BatchFile,
): { trials: string; parties: string; decisions: string; names: { role: string; name: string }[] } {
  const now = file.now.toISOString();
  const trialRows: CopyValue[][] = [];
  const partyRows: CopyValue[][] = [];
  for (const { trial: t, derived: d, firstSeenAt } of trials) {
    trialRows.push([
      t.trialNumber,
      t.trialType,
      t.patentNumber,
      t.applicationNumber,
      t.grantDate,
      t.status,
      t.filedDate,
      t.accordedFilingDate,
      t.institutionDecisionDate,
      t.latestDecisionDate,
      t.terminationDate,
      d.instituted,
      d.claimsOutcome,
      d.finalDecisionDate,
      t.snapshotAt,
      t.seenAsProceeding,
      file.product,
      file.fileDate,
      firstSeenAt.toISOString(),
      now,
    ]);
  }
  for (const { trial: t } of [...trials, ...partiesOf]) {
    if (t.petitioner !== null) partyRows.push([t.trialNumber, 'petitioner', 1, t.petitioner, t.filedDate]);
    if (t.patentOwner !== null) partyRows.push([t.trialNumber, 'patent_owner', 1, t.patentOwner, t.filedDate]);
  }
  const decisionRows = decisions.map((d): CopyValue[] => [
    d.documentId,
    d.trialNumber,
    d.documentNumber,
    d.date,
    d.kind,
    d.outcome,
    d.claimsOutcome,
    arrayLiteral(d.statutes),
    arrayLiteral(d.issueTypes),
    d.title,
    d.documentType,
    d.pdfUrl,
    d.text,
    d.text === null ? null : characters(d.text),
    d.textNote,
    hashes.get(d.documentId)!,
    file.product,
    file.fileDate,
    now,
    now,
  ]);
  const names = new Map(partyRows.map((row) => [`${row[1]}\u0000${row[3]}`, { role: row[1] as string, name: row[3] as string }]));
  return { trials: toCopyText(trialRows), parties: toCopyText(partyRows), decisions: toCopyText(decisionRows), names: [...names.values()] };
}
