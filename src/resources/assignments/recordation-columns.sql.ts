/**
 * The party columns of a recordation, from either product's copy of it: the assignment files'
 * (`assignments a` with assignment_parties) or an application's file wrapper bag
 * (`file_wrapper_recordations a` with file_wrapper_recordation_parties). A copy names its party
 * table and how a party row `p` belongs to the recordation row `a`; the SQL is the same for both.
 * Table names and conditions come from the two constants below only.
 */
export interface PartyTable {
  table: string;
  of: string;
}

export const ASSIGNMENT_PARTIES: PartyTable = { table: 'assignment_parties', of: 'p.reel_frame = a.reel_frame' };
/** A bag's party rows are the application's: its seq counts across the bag, so the reel/frame picks the recordation's. */
export const BAG_PARTIES: PartyTable = {
  table: 'file_wrapper_recordation_parties',
  of: 'p.application_number = a.application_number AND p.reel_frame = a.reel_frame',
};

/** Assignors and assignees as served (DESIGN.md D5), in file order. */
export const servedParties = ({ table, of }: PartyTable) => /* SQL */ `
  (SELECT COALESCE(json_agg(json_build_object('name', p.name, 'execution_date', p.execution_date) ORDER BY p.seq), '[]')
   FROM ${table} p WHERE ${of} AND p.role = 'assignor') AS assignors,
  (SELECT COALESCE(json_agg(json_build_object('name', p.name, 'entity_id', NULLIF(p.entity_id, ''),
                                              'address', json_build_object('lines', p.address_lines, 'city', p.city, 'state', p.state,
                                                                           'postcode', p.postcode, 'country', p.country))
                            ORDER BY p.seq), '[]')
   FROM ${table} p WHERE ${of} AND p.role = 'assignee') AS assignees`;

/** A party's family id, else its entity id: two parties with one key are one company (entity resolution). */
const PARTY_KEY = /* SQL */ `COALESCE(e.family_id, NULLIF(p.entity_id, ''))`;

/** What the ownership rules read of the parties (domain/ownership.ts), in file order. */
export const chainParties = ({ table, of }: PartyTable) => /* SQL */ `
  (SELECT max(p.execution_date) FROM ${table} p WHERE ${of} AND p.role = 'assignor') AS executed_date,
  ARRAY(SELECT p.name FROM ${table} p WHERE ${of} AND p.role = 'assignor' ORDER BY p.seq) AS assignors,
  ARRAY(SELECT p.name FROM ${table} p WHERE ${of} AND p.role = 'assignee' ORDER BY p.seq) AS assignees,
  ARRAY(SELECT ${PARTY_KEY} FROM ${table} p LEFT JOIN entities e ON e.entity_id = p.entity_id
        WHERE ${of} AND p.role = 'assignor' ORDER BY p.seq) AS assignor_keys,
  ARRAY(SELECT ${PARTY_KEY} FROM ${table} p LEFT JOIN entities e ON e.entity_id = p.entity_id
        WHERE ${of} AND p.role = 'assignee' ORDER BY p.seq) AS assignee_keys,
  ARRAY(SELECT NULLIF(p.entity_id, '') FROM ${table} p WHERE ${of} AND p.role = 'assignee' ORDER BY p.seq) AS assignee_entity_ids`;

export type AssigneeMatch = { entityIds: readonly string[] } | { prefix: string };

export interface AssigneePage {
  who: AssigneeMatch;
  recordedAfter: string | null;
  after: { date: string; reelFrame: string } | null;
  limit: number;
}

/**
 * A page of recordations an assignee received, for either product's party table: the condition a
 * party row must meet ($1: entity ids, or a prefix of the normalised name) and the page's
 * parameters ($2 recorded after, $3 and $4 the keyset, $5 the limit).
 */
export function assigneePage(input: AssigneePage): { match: string; params: unknown[] } {
  const byEntity = 'entityIds' in input.who;
  return {
    match: byEntity ? `entity_id = ANY($1::text[])` : `normalized_name LIKE $1 || '%'`,
    params: [
      'entityIds' in input.who ? input.who.entityIds : input.who.prefix,
      input.recordedAfter,
      input.after?.date ?? null,
      input.after?.reelFrame ?? null,
      input.limit,
    ],
  };
}
