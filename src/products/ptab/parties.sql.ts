/** Reading PTAB trials' parties for entity resolution, with the challenged application each names. */
import type { Queryable } from '../../db/database.js';

export interface TrialPartyRow {
  trial_number: string;
  role: 'petitioner' | 'patent_owner';
  seq: number;
  name: string;
  /** The challenged application, when the trial names it (its inventors may be a person party). */
  application_number: string | null;
}

export async function findTrialParties(db: Queryable, trialNumbers: readonly string[]): Promise<TrialPartyRow[]> {
  const { rows } = await db.query<TrialPartyRow>(
    /* SQL */ `SELECT p.trial_number, p.role, p.seq, p.name,
                      COALESCE(t.application_number, (SELECT a.application_number FROM applications a WHERE a.patent_number = t.patent_number LIMIT 1)) AS application_number
               FROM ptab_parties p JOIN ptab_proceedings t USING (trial_number)
               WHERE p.trial_number = ANY($1::text[])`,
    [trialNumbers],
  );
  return rows;
}
