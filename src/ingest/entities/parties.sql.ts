/**
 * The tables of printed parties entity resolution walks, each keyed by what its rows belong to:
 * the walk over them (unresolved only, or all for a rebuild) and the entity ids written back.
 * Each product module declares its own (party-source.ts); table and column names come from those
 * declarations only, values are parameters.
 */
import type { Queryable } from '../../db/database.js';
import type { PrintedPartyColumns } from '../printed-party.js';
import type { PartyTable } from './party-source.js';

/** A party printed with name parts and one place: an application's or a document's (their tables share these columns). */
export interface PrintedPartyRow extends PrintedPartyColumns {
  /** The application number, or the document number. */
  key: string;
  application_number: string | null;
  role: 'applicant' | 'inventor' | 'assignee';
  entity_id: string | null;
}

/** The printed parties of some applications or documents (`inventorsOnly`: a recordation's signer is matched to one of them). */
export async function findPrintedParties(
  db: Queryable,
  source: PartyTable,
  keys: readonly string[],
  inventorsOnly = false,
): Promise<PrintedPartyRow[]> {
  const { table, key } = source;
  const { rows } = await db.query<PrintedPartyRow>(
    /* SQL */ `SELECT ${key} AS key, application_number, role, seq, name, last_name, first_name, middle_name, city, region, country, entity_id
               FROM ${table} WHERE ${key} = ANY($1::text[]) ${inventorsOnly ? `AND role = 'inventor'` : ''}`,
    [keys],
  );
  return rows;
}

/**
 * The next `limit` keys after `after` with parties (not resolved yet, unless `all`). The keyset
 * matters: a resolved row leaves a dead entry in the partial index until vacuum, and a walk from
 * the start each time would step over every one of them again (quadratic over a first run).
 */
export async function findPartyKeys(
  db: Queryable,
  source: PartyTable,
  input: { after: string; limit: number; all: boolean },
): Promise<string[]> {
  const { table, key } = source;
  const { rows } = await db.query<{ key: string }>(
    /* SQL */ `SELECT DISTINCT ${key} AS key FROM ${table}
               WHERE ${input.all ? '' : 'entity_id IS NULL AND'} ${key} > $1 ORDER BY ${key} LIMIT $2`,
    [input.after, input.limit],
  );
  return rows.map((row) => row.key);
}

/** Writes each party's entity id ('' for a party without a key), leaving rows that already have it alone. */
export async function setPartyEntities(
  tx: Queryable,
  source: PartyTable,
  rows: readonly { key: string; role: string; seq: number; entity_id: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  const { table, key } = source;
  await tx.query(
    /* SQL */ `UPDATE ${table} p SET entity_id = u.entity_id
               FROM unnest($1::text[], $2::text[], $3::int[], $4::text[]) AS u(key, role, seq, entity_id)
               WHERE p.${key} = u.key AND p.role = u.role AND p.seq = u.seq AND p.entity_id IS DISTINCT FROM u.entity_id`,
    [rows.map((r) => r.key), rows.map((r) => r.role), rows.map((r) => r.seq), rows.map((r) => r.entity_id)],
  );
}
