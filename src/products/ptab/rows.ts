/** The rows a batch writes: new trials, parties and decisions, and updates of stored trials. */
import { arrayLiteral, characters } from '../../db/copy-text.js';
import type { DecisionRow, PartyRow, TrialRow, TrialUpdate } from './load.sql.js';
import type { ClaimsOutcome } from '../../domain/ptab.js';
import type { BatchFile } from '../../ingest/loader.js';
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
): { trials: TrialRow[]; parties: PartyRow[]; decisions: DecisionRow[]; names: { role: string; name: string }[] } {
  const now = file.now.toISOString();
  const provenance = { source_product: file.product, source_file_date: file.fileDate };
  const trialRows = trials.map(({ trial: t, derived: d, firstSeenAt }): TrialRow => ({
    ...trialUpdate(t, d),
    trial_type: t.trialType,
    ...provenance,
    first_seen_at: firstSeenAt.toISOString(),
    updated_at: now,
  }));
  const partyRows: PartyRow[] = [];
  for (const { trial: t } of [...trials, ...partiesOf]) {
    if (t.petitioner !== null)
      partyRows.push({ trial_number: t.trialNumber, role: 'petitioner', seq: 1, name: t.petitioner, filed_date: t.filedDate });
    if (t.patentOwner !== null)
      partyRows.push({ trial_number: t.trialNumber, role: 'patent_owner', seq: 1, name: t.patentOwner, filed_date: t.filedDate });
  }
  const decisionRows = decisions.map((d): DecisionRow => ({
    document_id: d.documentId,
    trial_number: d.trialNumber,
    document_number: d.documentNumber,
    decision_date: d.date,
    kind: d.kind,
    outcome: d.outcome,
    claims_outcome: d.claimsOutcome,
    statutes: arrayLiteral(d.statutes),
    issue_types: arrayLiteral(d.issueTypes),
    title: d.title,
    document_type: d.documentType,
    pdf_url: d.pdfUrl,
    text: d.text,
    text_chars: d.text === null ? null : characters(d.text),
    text_note: d.textNote,
    content_hash: hashes.get(d.documentId)!,
    ...provenance,
    first_seen_at: now,
    updated_at: now,
  }));
  const names = new Map(partyRows.map((row) => [`${row.role}\u0000${row.name}`, { role: row.role, name: row.name }]));
  return { trials: trialRows, parties: partyRows, decisions: decisionRows, names: [...names.values()] };
}
