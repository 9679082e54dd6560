/**
 * The PTAB tables (migration 0015), written a batch at a time inside the runner's transaction.
 * A changed trial is written whole (merged in load.ts, so the row and its parties are deleted and
 * copied again); a changed decision likewise.
 */
import { copyRows, defineCopyTable } from '../../db/copy-rows.js';
import type { Queryable } from '../../db/database.js';
import type { ClaimsOutcome, DecisionKind } from '../../domain/ptab.js';
import type { TrialType } from '../../domain/numbers.js';

export { findHeldApplications, type HeldProperty } from '../../db/held-applications.sql.js';

export interface StoredTrialRow {
  trial_number: string;
  trial_type: TrialType;
  status: string | null;
  filed_date: string | null;
  accorded_filing_date: string | null;
  institution_decision_date: string | null;
  latest_decision_date: string | null;
  termination_date: string | null;
  patent_number: string | null;
  application_number: string | null;
  grant_date: string | null;
  petitioner: string | null;
  patent_owner: string | null;
  snapshot_at: string | null;
  seen_as_proceeding: boolean;
  instituted: boolean | null;
  claims_outcome: ClaimsOutcome | null;
  final_decision_date: string | null;
  first_seen_at: Date;
}

export async function findTrials(tx: Queryable, trialNumbers: readonly string[]): Promise<StoredTrialRow[]> {
  const { rows } = await tx.query<StoredTrialRow>(
    /* SQL */ `SELECT t.trial_number, t.trial_type, t.status, t.filed_date::text, t.accorded_filing_date::text,
                      t.institution_decision_date::text, t.latest_decision_date::text, t.termination_date::text,
                      t.patent_number, t.application_number, t.grant_date::text,
                      (SELECT name FROM ptab_parties p WHERE p.trial_number = t.trial_number AND p.role = 'petitioner' AND p.seq = 1) AS petitioner,
                      (SELECT name FROM ptab_parties p WHERE p.trial_number = t.trial_number AND p.role = 'patent_owner' AND p.seq = 1) AS patent_owner,
                      to_char(t.snapshot_at, 'YYYY-MM-DD"T"HH24:MI:SS') AS snapshot_at, t.seen_as_proceeding,
                      t.instituted, t.claims_outcome, t.final_decision_date::text, t.first_seen_at
               FROM ptab_proceedings t WHERE t.trial_number = ANY($1::text[])`,
    [trialNumbers],
  );
  return rows;
}

export interface StoredDecisionRow {
  document_id: string;
  trial_number: string;
  decision_date: string | null;
  kind: DecisionKind;
  outcome: string | null;
  claims_outcome: ClaimsOutcome | null;
  content_hash: string;
}

/** Every stored decision of these trials (what their derived fields are computed from). */
export async function findDecisions(tx: Queryable, trialNumbers: readonly string[]): Promise<StoredDecisionRow[]> {
  const { rows } = await tx.query<StoredDecisionRow>(
    /* SQL */ `SELECT document_id, trial_number, decision_date::text, kind, outcome, claims_outcome, content_hash
               FROM ptab_decisions WHERE trial_number = ANY($1::text[])`,
    [trialNumbers],
  );
  return rows;
}

/** Parties about to be written again (a name or the filing date changed). */
export async function deleteParties(tx: Queryable, trialNumbers: readonly string[]): Promise<void> {
  if (trialNumbers.length === 0) return;
  await tx.query(/* SQL */ `DELETE FROM ptab_parties WHERE trial_number = ANY($1::text[])`, [trialNumbers]);
}

/** What an update of a stored trial sets: every merged and derived column (load.ts made them); parties are rows of their own. */
export type TrialUpdate = Omit<StoredTrialRow, 'trial_type' | 'petitioner' | 'patent_owner' | 'first_seen_at'>;

export async function updateTrials(
  tx: Queryable,
  rows: readonly TrialUpdate[],
  file: { product: string; fileDate: string; now: Date },
): Promise<void> {
  if (rows.length === 0) return;
  await tx.query(
    /* SQL */ `UPDATE ptab_proceedings t SET
                 patent_number = r.patent_number, application_number = r.application_number, grant_date = r.grant_date,
                 status = r.status, filed_date = r.filed_date, accorded_filing_date = r.accorded_filing_date,
                 institution_decision_date = r.institution_decision_date, latest_decision_date = r.latest_decision_date,
                 termination_date = r.termination_date, instituted = r.instituted, claims_outcome = r.claims_outcome,
                 final_decision_date = r.final_decision_date, snapshot_at = r.snapshot_at, seen_as_proceeding = r.seen_as_proceeding,
                 source_product = $2, source_file_date = $3, updated_at = $4
               FROM json_to_recordset($1::json) AS r(
                 trial_number text, patent_number text, application_number text, grant_date date, status text, filed_date date,
                 accorded_filing_date date, institution_decision_date date, latest_decision_date date, termination_date date,
                 instituted boolean, claims_outcome text, final_decision_date date, snapshot_at timestamp, seen_as_proceeding boolean)
               WHERE t.trial_number = r.trial_number`,
    [JSON.stringify(rows), file.product, file.fileDate, file.now],
  );
}

export async function deleteDecisions(tx: Queryable, documentIds: readonly string[]): Promise<void> {
  if (documentIds.length === 0) return;
  await tx.query(/* SQL */ `DELETE FROM ptab_decisions WHERE document_id = ANY($1::text[])`, [documentIds]);
}

/** A new trial: what an update sets, and what only its first write does. */
export type TrialRow = TrialUpdate & {
  trial_type: TrialType;
  source_product: string;
  source_file_date: string;
  first_seen_at: string;
  updated_at: string;
};

const TRIALS = defineCopyTable<TrialRow>()('ptab_proceedings', [
  'trial_number',
  'trial_type',
  'patent_number',
  'application_number',
  'grant_date',
  'status',
  'filed_date',
  'accorded_filing_date',
  'institution_decision_date',
  'latest_decision_date',
  'termination_date',
  'instituted',
  'claims_outcome',
  'final_decision_date',
  'snapshot_at',
  'seen_as_proceeding',
  'source_product',
  'source_file_date',
  'first_seen_at',
  'updated_at',
]);

export interface PartyRow {
  trial_number: string;
  role: 'petitioner' | 'patent_owner';
  seq: number;
  name: string;
  filed_date: string | null;
}

const PARTIES = defineCopyTable<PartyRow>()('ptab_parties', ['trial_number', 'role', 'seq', 'name', 'filed_date']);

export interface DecisionRow {
  document_id: string;
  trial_number: string;
  document_number: number | null;
  decision_date: string | null;
  kind: DecisionKind;
  outcome: string | null;
  claims_outcome: ClaimsOutcome | null;
  /** `text[]` literals (db/copy-text.ts `arrayLiteral`). */
  statutes: string;
  issue_types: string;
  title: string | null;
  document_type: string | null;
  pdf_url: string | null;
  text: string | null;
  text_chars: number | null;
  text_note: string | null;
  content_hash: string;
  source_product: string;
  source_file_date: string;
  first_seen_at: string;
  updated_at: string;
}

const DECISIONS = defineCopyTable<DecisionRow>()('ptab_decisions', [
  'document_id',
  'trial_number',
  'document_number',
  'decision_date',
  'kind',
  'outcome',
  'claims_outcome',
  'statutes',
  'issue_types',
  'title',
  'document_type',
  'pdf_url',
  'text',
  'text_chars',
  'text_note',
  'content_hash',
  'source_product',
  'source_file_date',
  'first_seen_at',
  'updated_at',
]);

export async function writeRows(
  tx: Queryable,
  rows: { trials: TrialRow[]; parties: PartyRow[]; decisions: DecisionRow[]; names: { role: string; name: string }[] },
): Promise<void> {
  await copyRows(tx, TRIALS, rows.trials);
  await copyRows(tx, PARTIES, rows.parties);
  await copyRows(tx, DECISIONS, rows.decisions);
  if (rows.names.length > 0)
    await tx.query(
      /* SQL */ `INSERT INTO ptab_party_names (role, name) SELECT DISTINCT * FROM unnest($1::text[], $2::text[])
                 ON CONFLICT DO NOTHING`,
      [rows.names.map((n) => n.role), rows.names.map((n) => n.name)],
    );
}
