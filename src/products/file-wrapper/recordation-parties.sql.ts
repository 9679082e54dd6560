/** Reading the file wrapper's copies of recordations for entity resolution (migration 0011's tables). */
import type { Queryable } from '../../db/database.js';

export interface BagPartyRow {
  application_number: string;
  role: 'assignor' | 'assignee';
  seq: number;
  name: string;
  /** The bag does not say: the name decides (entity-keys.ts isPerson). */
  name_type: null;
  city: string | null;
  state: string | null;
  country: string | null;
}

/** The parties of the file wrapper's copies of recordations, of some applications. */
export async function findBagParties(db: Queryable, applicationNumbers: readonly string[]): Promise<BagPartyRow[]> {
  const { rows } = await db.query<BagPartyRow>(
    /* SQL */ `SELECT application_number, role, seq, name, NULL AS name_type, city, state, country
               FROM file_wrapper_recordation_parties WHERE application_number = ANY($1::text[])`,
    [applicationNumbers],
  );
  return rows;
}
