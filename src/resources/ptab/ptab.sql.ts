/** Reads of the PTAB tables (migration 0015): trials by patent, by number, by party; their decisions and parties. */
import type { Queryable } from '../../db/database.js';
import { letters } from '../../domain/names.js';
import type { TrialType } from '../../domain/numbers.js';
import type { ClaimsOutcome, DecisionKind } from '../../domain/ptab.js';

export interface TrialRow {
  trial_number: string;
  trial_type: TrialType;
  patent_number: string | null;
  application_number: string | null;
  grant_date: string | null;
  status: string | null;
  filed_date: string | null;
  accorded_filing_date: string | null;
  institution_decision_date: string | null;
  termination_date: string | null;
  instituted: boolean | null;
  claims_outcome: ClaimsOutcome | null;
  final_decision_date: string | null;
  parties: { role: 'petitioner' | 'patent_owner'; name: string; entity_id: string | null }[];
}

const TRIAL_COLUMNS = /* SQL */ `t.trial_number, t.trial_type, t.patent_number, t.application_number, t.grant_date::text,
  t.status, t.filed_date::text, t.accorded_filing_date::text, t.institution_decision_date::text, t.termination_date::text,
  t.instituted, t.claims_outcome, t.final_decision_date::text,
  COALESCE((SELECT json_agg(json_build_object('role', p.role, 'name', p.name, 'entity_id', NULLIF(p.entity_id, '')) ORDER BY p.role, p.seq)
            FROM ptab_parties p WHERE p.trial_number = t.trial_number), '[]') AS parties`;

export interface DecisionRow {
  document_id: string;
  trial_number: string;
  document_number: number | null;
  decision_date: string | null;
  kind: DecisionKind;
  outcome: string | null;
  claims_outcome: ClaimsOutcome | null;
  statutes: string[];
  issue_types: string[];
  title: string | null;
  document_type: string | null;
  pdf_url: string | null;
  text: string | null;
  text_chars: number | null;
  text_note: 'truncated' | 'upload_failed' | null;
}

/** The decisions of some trials, oldest first (the text only when asked for: it can be long). */
export async function findDecisions(db: Queryable, trialNumbers: readonly string[], withText: boolean): Promise<DecisionRow[]> {
  if (trialNumbers.length === 0) return [];
  const { rows } = await db.query<DecisionRow>(
    /* SQL */ `SELECT document_id, trial_number, document_number, decision_date::text, kind, outcome, claims_outcome,
                      statutes, issue_types, title, document_type, pdf_url, ${withText ? 'text' : 'NULL::text AS text'},
                      text_chars, text_note
               FROM ptab_decisions WHERE trial_number = ANY($1::text[])
               ORDER BY trial_number, decision_date NULLS FIRST, document_number NULLS FIRST, document_id`,
    [trialNumbers],
  );
  return rows;
}

export async function findTrial(db: Queryable, trialNumber: string): Promise<TrialRow | null> {
  const { rows } = await db.query<TrialRow>(/* SQL */ `SELECT ${TRIAL_COLUMNS} FROM ptab_proceedings t WHERE t.trial_number = $1`, [
    trialNumber,
  ]);
  return rows[0] ?? null;
}

/** The trials challenging a patent (or naming its application), newest filed first; `known`: the patent is held or named by a trial. */
export async function findTrialsOfPatent(
  db: Queryable,
  patentNumber: string,
): Promise<{ applicationNumber: string | null; known: boolean; trials: TrialRow[] }> {
  const held = await db.query<{ application_number: string }>(
    /* SQL */ `SELECT application_number FROM applications WHERE patent_number = $1 ORDER BY grant_date DESC NULLS LAST LIMIT 1`,
    [patentNumber],
  );
  const applicationNumber = held.rows[0]?.application_number ?? null;
  const { rows } = await db.query<TrialRow>(
    /* SQL */ `SELECT ${TRIAL_COLUMNS} FROM ptab_proceedings t
               WHERE t.patent_number = $1 OR (t.application_number = $2 AND t.patent_number IS NULL)
               ORDER BY t.filed_date DESC NULLS LAST, t.trial_number DESC`,
    [patentNumber, applicationNumber],
  );
  return { applicationNumber, known: applicationNumber !== null || rows.length > 0, trials: rows };
}

/** How a party is named in the search: by entity ids, or by a fragment of the printed name. */
export type PartyMatch = { entityIds: string[] } | { fragment: string };

export interface TrialSearch {
  petitioner: PartyMatch | null;
  patentOwner: PartyMatch | null;
  filedAfter: string | null;
  status: string | null;
  after: { filed: string | null; trial: string } | null;
  limit: number;
}

/** The trial numbers of a party match, as a condition on ptab_parties `p` (parameters appended to `params`). */
function partyCondition(role: 'petitioner' | 'patent_owner', match: PartyMatch, params: unknown[]): string {
  params.push(role);
  const roleParam = `$${params.length}`;
  if ('entityIds' in match) {
    params.push(match.entityIds);
    return `p.role = ${roleParam} AND p.entity_id = ANY($${params.length}::text[])`;
  }
  // The distinct names are matched, then their parties. Letters and digits alone on both sides (name_letters is the
  // name's `letters`, migration 0026), so that punctuation, spacing and accents do not matter ("Peoples United" finds
  // "People's United Bank, N.A."); a fragment with none (punctuation, another script) is looked for as printed, case
  // aside, LIKE's own characters as themselves.
  const wanted = letters(match.fragment);
  params.push(wanted === '' ? `%${match.fragment.toLowerCase().replace(/[\\%_]/g, '\\$&')}%` : `%${wanted}%`);
  return `p.role = ${roleParam} AND p.name = ANY(ARRAY(SELECT n.name FROM ptab_party_names n
            WHERE n.role = ${roleParam} AND ${wanted === '' ? 'lower(n.name)' : 'n.name_letters'} LIKE $${params.length}))`;
}

/** Rows after the keyset in (filed_date DESC NULLS LAST, trial_number DESC) order, on `alias`. */
function afterKeyset(alias: string, after: NonNullable<TrialSearch['after']>, params: unknown[]): string {
  params.push(after.filed, after.trial);
  const [filed, trial] = [`$${params.length - 1}::date`, `$${params.length}`];
  return `(CASE WHEN ${filed} IS NULL THEN ${alias}.filed_date IS NULL AND ${alias}.trial_number < ${trial}
                ELSE ${alias}.filed_date < ${filed} OR ${alias}.filed_date IS NULL
                     OR (${alias}.filed_date = ${filed} AND ${alias}.trial_number < ${trial}) END)`;
}

const ORDER = (alias: string) => `ORDER BY ${alias}.filed_date DESC NULLS LAST, ${alias}.trial_number DESC`;

/**
 * Trials by party, filing date and status, newest filed first (undated last), after the keyset.
 * One party filter alone (the common question: what has this company filed?) pages through the
 * party rows themselves, which carry the trial's filing date, and reads only the page's trials;
 * otherwise each party filter's trials are gathered first and the trials filtered and ordered.
 */
export async function searchTrials(db: Queryable, search: TrialSearch): Promise<TrialRow[]> {
  const params: unknown[] = [];
  const parties = (
    [
      ['petitioner', search.petitioner],
      ['patent_owner', search.patentOwner],
    ] as const
  ).filter((pair): pair is ['petitioner' | 'patent_owner', PartyMatch] => pair[1] !== null);
  if (parties.length === 1 && search.status === null) {
    const [role, match] = parties[0]!;
    const where = [partyCondition(role, match, params)];
    if (search.filedAfter !== null) {
      params.push(search.filedAfter);
      where.push(`p.filed_date > $${params.length}::date`);
    }
    if (search.after !== null) where.push(afterKeyset('p', search.after, params));
    params.push(search.limit);
    const { rows } = await db.query<TrialRow>(
      /* SQL */ `WITH page AS MATERIALIZED (
                   SELECT p.trial_number FROM ptab_parties p WHERE ${where.join(' AND ')} ${ORDER('p')} LIMIT $${params.length})
                 SELECT ${TRIAL_COLUMNS} FROM page JOIN ptab_proceedings t USING (trial_number) ${ORDER('t')}`,
      params,
    );
    return rows;
  }
  const where: string[] = [];
  const ctes = parties.map(([role, match], i) => {
    where.push(`t.trial_number IN (SELECT trial_number FROM party${i})`);
    return `party${i} AS MATERIALIZED (SELECT p.trial_number FROM ptab_parties p WHERE ${partyCondition(role, match, params)})`;
  });
  if (search.filedAfter !== null) {
    params.push(search.filedAfter);
    where.push(`t.filed_date > $${params.length}::date`);
  }
  if (search.status !== null) {
    params.push(search.status.toLowerCase());
    where.push(`lower(t.status) = $${params.length}`);
  }
  if (search.after !== null) where.push(afterKeyset('t', search.after, params));
  params.push(search.limit);
  const { rows } = await db.query<TrialRow>(
    /* SQL */ `${ctes.length > 0 ? `WITH ${ctes.join(', ')}` : ''}
               SELECT ${TRIAL_COLUMNS} FROM ptab_proceedings t
               WHERE ${where.join(' AND ')} ${ORDER('t')} LIMIT $${params.length}`,
    params,
  );
  return rows;
}
