/**
 * PTAB trials and decisions (product PTAB), a batch at a time through the one runner. Every record
 * carries a snapshot of its trial (a trial document that is no decision too), merged into what is
 * stored (merge.ts); a decision is keyed by its document and replaced whole when changed, except
 * by a copy read from its document record alone. A trial's derived fields (instituted, claims
 * outcome, final decision date) are computed again from its status and all its decisions whenever
 * either changes. `ptab_petition` announces a trial seen for the first time against a held patent,
 * `ptab_decision` a decision seen for the first time.
 */
import { createHash } from 'node:crypto';
import { buildEvent, type DetectedEvent, eventDetail } from '../../domain/events.js';
import { instituted, isDerivedDecisionId, latestFinalDecision, standingClaimsOutcome } from '../../domain/ptab.js';
import type { ProductLoader } from '../../ingest/loader.js';
import * as sql from './load.sql.js';
import { mergeTrial, sameTrial, type Trial } from './merge.js';
import type { PtabDecision, PtabItem, PtabRecord, TrialSnapshot } from './record.js';
import { type Derived, trialRows, trialUpdate } from './rows.js';

type TrialRecord = Extract<PtabRecord, { kind: 'trial' }>;

/** What a trial's derived fields are read from, of each of its decisions. */
type DecisionFacts = Pick<PtabDecision, 'kind' | 'outcome' | 'date' | 'claimsOutcome'>;

interface Plan {
  records: readonly TrialRecord[];
  stored: Map<string, sql.StoredTrialRow>;
  storedDecisions: sql.StoredDecisionRow[];
  /** Hash of each of the batch's decisions (by document id). */
  hashes: Map<string, string>;
  held: sql.HeldProperty[];
}

const hashOf = (decision: PtabDecision) => createHash('sha256').update(JSON.stringify(decision)).digest('base64url');

function storedTrial(row: sql.StoredTrialRow): Trial {
  return {
    trialNumber: row.trial_number,
    trialType: row.trial_type,
    status: row.status,
    filedDate: row.filed_date,
    accordedFilingDate: row.accorded_filing_date,
    institutionDecisionDate: row.institution_decision_date,
    latestDecisionDate: row.latest_decision_date,
    terminationDate: row.termination_date,
    patentNumber: row.patent_number,
    applicationNumber: row.application_number,
    grantDate: row.grant_date,
    petitioner: row.petitioner,
    patentOwner: row.patent_owner,
    snapshotAt: row.snapshot_at,
    seenAsProceeding: row.seen_as_proceeding,
  };
}

/** The held applications a trial challenges: by its application number, or the patent granted on one. */
function heldChallenged(trial: { patentNumber: string | null; applicationNumber: string | null }, held: readonly sql.HeldProperty[]) {
  return held.filter(
    (h) =>
      (trial.applicationNumber !== null && h.application_number === trial.applicationNumber) ||
      (trial.patentNumber !== null && h.patent_number === trial.patentNumber),
  );
}

/** A new decision replaces one stored without its document (same trial, date and kind), and is not news. */
function supersededDerived(decision: PtabDecision, stored: readonly sql.StoredDecisionRow[]): sql.StoredDecisionRow[] {
  if (isDerivedDecisionId(decision.documentId)) return [];
  return stored.filter(
    (s) =>
      isDerivedDecisionId(s.document_id) &&
      s.trial_number === decision.trialNumber &&
      s.decision_date === decision.date &&
      s.kind === decision.kind,
  );
}

/** A decision stored with its document makes a copy without it (the reduced download) redundant. */
function coveredByDocument(decision: PtabDecision, stored: readonly sql.StoredDecisionRow[]): boolean {
  return (
    isDerivedDecisionId(decision.documentId) &&
    stored.some(
      (s) =>
        !isDerivedDecisionId(s.document_id) &&
        s.trial_number === decision.trialNumber &&
        s.decision_date === decision.date &&
        s.kind === decision.kind,
    )
  );
}

/** What a decision is to this batch: news, a new version of a stored one, or nothing new. */
function decisionState(decision: PtabDecision, plan: Plan): 'new' | 'changed' | 'unchanged' {
  const stored = plan.storedDecisions.find((s) => s.document_id === decision.documentId);
  if (stored) {
    if (stored.content_hash === plan.hashes.get(decision.documentId)) return 'unchanged';
    // A decision read from its document record alone carries no outcome category: it never replaces the decision record's copy.
    return stored.outcome !== null && decision.outcome === null ? 'unchanged' : 'changed';
  }
  if (coveredByDocument(decision, plan.storedDecisions)) return 'unchanged';
  return supersededDerived(decision, plan.storedDecisions).length > 0 ? 'changed' : 'new';
}

export const PTAB_LOADER: ProductLoader<PtabItem, TrialRecord, Plan> = {
  unit: 'records',
  // A proceeding is ~1 kB, a decision up to a few kB of text: a few hundred kB to 2 MB a batch.
  batchSize: 1_000,
  tables: ['ptab_proceedings', 'ptab_parties', 'ptab_decisions', 'ptab_party_names'],

  item(item) {
    if (item.kind === 'reject') return item;
    const { record } = item;
    if (record.kind === 'skip') return { kind: 'skip', reason: record.reason };
    // A trial's documents come by the hundred: keyed by document, they share batches instead of each starting one.
    const key = record.decision
      ? `d:${record.decision.documentId}`
      : record.documentId !== null
        ? `doc:${record.documentId}`
        : `p:${record.snapshot.trialNumber}`;
    return { kind: 'record', key, record };
  },

  async plan(tx, records, detect) {
    const trialNumbers = [...new Set(records.map((r) => r.snapshot.trialNumber))];
    const stored = new Map((await sql.findTrials(tx, trialNumbers)).map((row) => [row.trial_number, row]));
    const storedDecisions = await sql.findDecisions(tx, trialNumbers);
    const hashes = new Map(records.flatMap((r) => (r.decision ? [[r.decision.documentId, hashOf(r.decision)] as const] : [])));
    const numbers = [...records.map((r) => r.snapshot), ...[...stored.values()].map(storedTrial)];
    // Held applications matter only to events, and events only once the history is loaded (the runner's backfile rule).
    const held = detect
      ? await sql.findHeldApplications(
          tx,
          numbers.flatMap((n) => (n.applicationNumber ? [n.applicationNumber] : [])),
          numbers.flatMap((n) => (n.patentNumber ? [n.patentNumber] : [])),
        )
      : [];
    return { records, stored, storedDecisions, hashes, held };
  },

  detect(plan): DetectedEvent[] {
    const events: DetectedEvent[] = [];
    const announced = new Set<string>();
    const known = (snapshot: TrialSnapshot) => {
      const stored = plan.stored.get(snapshot.trialNumber);
      return stored
        ? {
            patentNumber: stored.patent_number ?? snapshot.patentNumber,
            applicationNumber: stored.application_number ?? snapshot.applicationNumber,
          }
        : snapshot;
    };
    const announce = (
      type: 'ptab_petition' | 'ptab_decision',
      on: readonly sql.HeldProperty[],
      date: string | null,
      discriminator: string,
      detail: Parameters<typeof eventDetail.ptab>[0],
    ) => {
      for (const h of on)
        events.push(
          buildEvent(
            type,
            { applicationNumber: h.application_number, patentNumber: h.patent_number },
            date,
            discriminator,
            eventDetail.ptab(detail),
          ),
        );
    };
    for (const { snapshot, decision } of plan.records) {
      const challenged = heldChallenged(known(snapshot), plan.held);
      if (!plan.stored.has(snapshot.trialNumber) && !announced.has(snapshot.trialNumber)) {
        announced.add(snapshot.trialNumber);
        announce('ptab_petition', challenged, snapshot.filedDate, snapshot.trialNumber, {
          trialNumber: snapshot.trialNumber,
          kind: snapshot.trialType,
          outcome: null,
        });
      }
      if (decision && decisionState(decision, plan) === 'new')
        announce('ptab_decision', challenged, decision.date, decision.documentId, {
          trialNumber: decision.trialNumber,
          kind: decision.kind,
          outcome: decision.claimsOutcome ?? decision.outcome,
        });
    }
    return events;
  },

  async write(tx, plan, file) {
    const undatedAt = `${file.fileDate}T00:00:00`;
    const trials = new Map<string, Trial>();
    for (const [number, row] of plan.stored) trials.set(number, storedTrial(row));
    const outcome = { inserted: 0, updated: 0, unchanged: 0, rejects: [] };
    const decisions = new Map<string, PtabDecision>();
    const storedIds = new Set(plan.storedDecisions.map((d) => d.document_id));
    const superseded = new Set<string>();
    for (const { snapshot, decision } of plan.records) {
      const before = trials.get(snapshot.trialNumber) ?? null;
      const after = mergeTrial(before, snapshot, undatedAt);
      trials.set(snapshot.trialNumber, after);
      const state = decision ? decisionState(decision, plan) : null;
      if (decision && state !== 'unchanged') {
        decisions.set(decision.documentId, decision);
        for (const s of supersededDerived(decision, plan.storedDecisions)) superseded.add(s.document_id);
      }
      if (state === 'new' || (state === null && before === null)) outcome.inserted += 1;
      else if (state === 'changed' || (before !== null && !sameTrial(before, after))) outcome.updated += 1;
      else outcome.unchanged += 1;
    }

    // Each trial's decisions as they will be stored, for its derived fields.
    const decisionsOf = new Map<string, DecisionFacts[]>();
    const addDecision = (trial: string, d: DecisionFacts) => {
      const list = decisionsOf.get(trial);
      if (list) list.push(d);
      else decisionsOf.set(trial, [d]);
    };
    for (const s of plan.storedDecisions)
      if (!decisions.has(s.document_id) && !superseded.has(s.document_id))
        addDecision(s.trial_number, { kind: s.kind, outcome: s.outcome, date: s.decision_date, claimsOutcome: s.claims_outcome });
    for (const d of decisions.values()) addDecision(d.trialNumber, d);

    const changed: { trial: Trial; derived: Derived; firstSeenAt: Date }[] = [];
    for (const [number, trial] of trials) {
      const own = decisionsOf.get(number) ?? [];
      const derived: Derived = {
        instituted: instituted({
          status: trial.status,
          institutionDecisionDate: trial.institutionDecisionDate,
          terminationDate: trial.terminationDate,
          decisions: own,
        }),
        claimsOutcome: standingClaimsOutcome(own),
        finalDecisionDate: latestFinalDecision(own)?.date ?? null,
      };
      const stored = plan.stored.get(number);
      const same =
        stored !== undefined &&
        sameTrial(storedTrial(stored), trial) &&
        stored.instituted === derived.instituted &&
        stored.claims_outcome === derived.claimsOutcome &&
        stored.final_decision_date === derived.finalDecisionDate;
      if (!same) changed.push({ trial, derived, firstSeenAt: stored?.first_seen_at ?? file.now });
    }

    // A stored trial is updated in place, its parties rewritten only when they changed: a decisions
    // file changes nearly every trial it names (its derived fields), and rewriting their parties
    // too was most of the server's work (the trigram index).
    const stored = changed.filter((c) => plan.stored.has(c.trial.trialNumber));
    const fresh = changed.filter((c) => !plan.stored.has(c.trial.trialNumber));
    await sql.updateTrials(
      tx,
      stored.map(({ trial, derived }) => trialUpdate(trial, derived)),
      file,
    );
    const newParties = stored.filter(({ trial }) => {
      const before = plan.stored.get(trial.trialNumber)!;
      return before.petitioner !== trial.petitioner || before.patent_owner !== trial.patentOwner || before.filed_date !== trial.filedDate;
    });
    await sql.deleteParties(
      tx,
      newParties.map((c) => c.trial.trialNumber),
    );
    await sql.deleteDecisions(tx, [...[...decisions.keys()].filter((id) => storedIds.has(id)), ...superseded]);
    await sql.writeRows(tx, trialRows(fresh, newParties, [...decisions.values()], plan.hashes, file));
    return outcome;
  },
};
