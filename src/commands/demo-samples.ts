/**
 * The numbers and names `patent-status demo` prints in its example requests, read from the
 * loaded corpus (not from the generators), so a restarted demo that loads nothing prints them too.
 */
import { officeClosures } from '../domain/office-closures.js';
import type { Database } from '../db/database.js';
import { OfficeActionService } from '../resources/office-actions/service.js';
import { ProvenanceService } from '../resources/provenance/service.js';

export interface DemoExamples {
  applicationNumber: string;
  patentNumber: string;
  /** A subclass of the patent's main CPC symbol and the first word of its title, for a search that finds it. */
  subclass: string | null;
  word: string | null;
  /** Maintenance answers worth showing: a patent in force, one lapsed for non-payment, a design patent (owes no fees). */
  fees: { live: string | null; lapsed: string | null; design: string | null };
  /** A patent that changed hands after its inventors' assignment, and the name of a company to look up as assignee. */
  ownership: { patent: string | null; assignee: string | null };
  /** The company with the largest portfolio: a name to search and its entity id. */
  entity: { name: string; id: string } | null;
  /** The most challenged patent, a trial decided with some claims unpatentable, and the busiest petitioner's first word. */
  ptab: { patent: string | null; trial: string | null; petitioner: string | null };
  /** The examiner with the most applications and the art unit with the most (the nightly statistics' tables). */
  statistics: { examiner: string | null; artUnit: string | null };
  /** The newest rejection with its text, and what its deadline is and where it comes from, as the service answers it. */
  officeAction: { applicationNumber: string; summary: string } | null;
}

/** A granted application whose grant full text is loaded, so every printed command answers. */
export async function demoExamples(db: Database): Promise<DemoExamples | null> {
  const { rows } = await db.query<{
    application_number: string;
    patent_number: string;
    cpc: string[];
    title: string | null;
  }>(/* SQL */ `SELECT a.application_number, a.patent_number, d.cpc, d.title
               FROM applications a JOIN documents d ON d.doc_number = a.patent_number AND d.doc_type = 'grant'
               WHERE a.status_code = 150 AND cardinality(d.cpc) > 0 ORDER BY d.date DESC, a.application_number LIMIT 1`);
  const row = rows[0];
  if (!row) return null;
  const word = /[A-Za-z]{5,}/.exec(row.title ?? '')?.[0]?.toLowerCase() ?? null;
  const fees = await feeExamples(db);
  const ownership = await ownershipExamples(db);
  const entity = await entityExample(db);
  const ptab = await ptabExamples(db);
  const officeAction = await officeActionExample(db);
  const statistics = await statisticsExamples(db);
  return {
    applicationNumber: row.application_number,
    patentNumber: row.patent_number,
    subclass: row.cpc[0]?.slice(0, 4) ?? null,
    word,
    fees,
    ownership,
    entity,
    ptab,
    officeAction,
    statistics,
  };
}

async function statisticsExamples(db: Database): Promise<DemoExamples['statistics']> {
  const { rows } = await db.query<{ examiner: string | null; art_unit: string | null }>(/* SQL */ `SELECT
      (SELECT examiner_name FROM examiner_statistics ORDER BY pending + granted + abandoned + other DESC, examiner_key LIMIT 1) AS examiner,
      (SELECT art_unit FROM art_unit_statistics ORDER BY pending + granted + abandoned + other DESC, art_unit LIMIT 1) AS art_unit`);
  return { examiner: rows[0]?.examiner ?? null, artUnit: rows[0]?.art_unit ?? null };
}

/** The newest final or non-final rejection with its text, described by the office-action service itself. */
async function officeActionExample(db: Database): Promise<DemoExamples['officeAction']> {
  const { rows } = await db.query<{ application_number: string }>(/* SQL */ `SELECT application_number FROM office_action_documents
               WHERE document_code IN ('CTFR', 'CTNF') AND has_text ORDER BY mailed_date DESC, application_number LIMIT 1`);
  const applicationNumber = rows[0]?.application_number;
  if (applicationNumber === undefined) return null;
  const service = new OfficeActionService(db, new ProvenanceService(db), officeClosures());
  const { office_actions: actions } = await service.list({ applicationNumber, includeText: false, limit: 1 });
  const action = actions[0];
  if (!action?.basis) return null;
  const from = action.basis.transaction ? `${action.basis.transaction.code} of ${action.basis.transaction.date}` : action.basis.counts_from;
  return {
    applicationNumber,
    summary:
      `its ${action.type.replace('_', '-')} action of ${action.mailed_date} (${(action.statutes ?? []).join(', ')}): reply due ` +
      `${action.response_due_estimate}, ${action.response_due_max} at the latest with extensions; ${action.basis.rule}, counted from ${from}`,
  };
}

/** The company with the most applications, by the first word of its name. */
async function entityExample(db: Database): Promise<DemoExamples['entity']> {
  const { rows } = await db.query<{ entity_id: string; name: string }>(
    /* SQL */ `SELECT entity_id, name FROM entities WHERE type = 'assignee' ORDER BY applications DESC, entity_id LIMIT 1`,
  );
  const row = rows[0];
  return row ? { id: row.entity_id, name: row.name.split(/[\s,]+/)[0]!.toLowerCase() } : null;
}

/** The patent whose title passed most often (inventors, then sales and mergers), and the first word of its owner's name. */
async function ownershipExamples(db: Database): Promise<DemoExamples['ownership']> {
  const { rows } = await db.query<{ patent: string; assignee: string }>(/* SQL */ `
    SELECT x.patent_number AS patent,
           (SELECT p.normalized_name FROM assignment_parties p JOIN assignments l ON l.reel_frame = p.reel_frame
            JOIN assignment_properties lx ON lx.reel_frame = l.reel_frame AND lx.patent_number = x.patent_number
            WHERE p.role = 'assignee' AND l.conveyance_type IN ('assignment', 'merger', 'change_of_name')
            ORDER BY l.recorded_date DESC, l.reel_frame DESC, p.seq LIMIT 1) AS assignee
    FROM assignments a JOIN assignment_properties x USING (reel_frame)
    WHERE x.patent_number IS NOT NULL AND a.conveyance_type IN ('assignment', 'merger', 'change_of_name')
    GROUP BY x.patent_number
    ORDER BY count(*) DESC, max(a.recorded_date) DESC, x.patent_number LIMIT 1`);
  const row = rows[0];
  return { patent: row?.patent ?? null, assignee: row?.assignee?.split(' ')[0] ?? null };
}

/** The newest fee-paying patent without a lapse, the newest lapsed one (EXP., never reinstated), and a design patent. */
async function feeExamples(db: Database): Promise<DemoExamples['fees']> {
  const { rows } = await db.query<{ live: string | null; lapsed: string | null; design: string | null }>(/* SQL */ `
    SELECT
      (SELECT p.patent_number FROM maintenance_fee_patents p
       WHERE NOT EXISTS (SELECT 1 FROM maintenance_fee_events e WHERE e.patent_number = p.patent_number AND e.event_code = 'EXP.')
         AND EXISTS (SELECT 1 FROM maintenance_fee_events e WHERE e.patent_number = p.patent_number AND e.event_code ~ '^M[123]55[123]$')
       ORDER BY p.grant_date DESC, p.patent_number LIMIT 1) AS live,
      (SELECT p.patent_number FROM maintenance_fee_patents p
       WHERE EXISTS (SELECT 1 FROM maintenance_fee_events e WHERE e.patent_number = p.patent_number AND e.event_code = 'EXP.')
         AND NOT EXISTS (SELECT 1 FROM maintenance_fee_events e WHERE e.patent_number = p.patent_number AND e.event_code = 'EXPX')
       ORDER BY p.grant_date DESC, p.patent_number LIMIT 1) AS lapsed,
      (SELECT patent_number FROM applications WHERE patent_number LIKE 'D%' ORDER BY grant_date DESC, patent_number LIMIT 1) AS design`);
  return rows[0]!;
}

/**
 * The patent of the corpus challenged in the most trials, the newest final written decision holding some claims
 * unpatentable (else the newest trial), and the first word of the petitioner name on the most trials, lowercased:
 * the party search matches it as a fragment of every printed form (Apple Inc., APPLE INC., Apple, Inc.).
 */
async function ptabExamples(db: Database): Promise<DemoExamples['ptab']> {
  const { rows } = await db.query<{ patent: string | null; trial: string | null; petitioner: string | null }>(/* SQL */ `
    SELECT
      (SELECT t.patent_number FROM ptab_proceedings t
       WHERE EXISTS (SELECT 1 FROM applications a WHERE a.patent_number = t.patent_number)
       GROUP BY t.patent_number ORDER BY count(*) DESC, max(t.filed_date) DESC NULLS LAST, t.patent_number LIMIT 1) AS patent,
      (SELECT trial_number FROM ptab_proceedings
       ORDER BY claims_outcome = 'some_unpatentable' DESC NULLS LAST, final_decision_date DESC NULLS LAST, trial_number DESC
       LIMIT 1) AS trial,
      (SELECT lower(substring(name FROM '^[^[:space:],]+')) FROM ptab_parties WHERE role = 'petitioner'
       GROUP BY 1 ORDER BY count(DISTINCT trial_number) DESC, 1 LIMIT 1) AS petitioner`);
  return rows[0]!;
}
