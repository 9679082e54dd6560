/**
 * The SQL of entity resolution (migration 0011): reading the parties still to resolve, filing
 * keys, writing entity ids back, and the entities and their portfolio links.
 */
import type { Queryable } from '../../db/database.js';

/** Any constant, distinct from the other advisory locks: one resolver writes at a time. */
const RESOLVER_LOCK_KEY = 7_240_611;

export async function lockResolver(tx: Queryable): Promise<void> {
  await tx.query(/* SQL entity_resolver_lock */ `SELECT pg_advisory_xact_lock($1)`, [RESOLVER_LOCK_KEY]);
}

export interface RecordationPartyRow {
  reel_frame: string;
  role: 'assignor' | 'assignee';
  seq: number;
  name: string;
  name_type: 'natural' | 'legal' | null;
  city: string | null;
  state: string | null;
  country: string | null;
  conveyance_type: string;
  recorded_date: string;
}

export async function findRecordationParties(db: Queryable, reelFrames: readonly string[]): Promise<RecordationPartyRow[]> {
  const { rows } = await db.query<RecordationPartyRow>(
    /* SQL */ `SELECT p.reel_frame, p.role, p.seq, p.name, p.name_type, p.city, p.state, p.country, a.conveyance_type, a.recorded_date
               FROM assignment_parties p JOIN assignments a USING (reel_frame)
               WHERE p.reel_frame = ANY($1::text[])`,
    [reelFrames],
  );
  return rows;
}

/** The applications the recordations cover (by application number, or by the patent granted on one held). */
export async function findCoveredApplications(
  db: Queryable,
  reelFrames: readonly string[],
): Promise<{ reel_frame: string; application_number: string }[]> {
  const { rows } = await db.query<{ reel_frame: string; application_number: string }>(
    /* SQL */ `SELECT DISTINCT x.reel_frame, COALESCE(x.application_number, h.application_number) AS application_number
               FROM assignment_properties x
               LEFT JOIN applications h ON x.application_number IS NULL AND h.patent_number = x.patent_number
               WHERE x.reel_frame = ANY($1::text[]) AND COALESCE(x.application_number, h.application_number) IS NOT NULL`,
    [reelFrames],
  );
  return rows;
}

// ---------------------------------------------------------------------------------------
// Company keys.

export interface CompanyKeyRow {
  name_key: string;
  block: string;
  entity_id: string;
  confidence: number;
}

export async function findCompanyKeys(db: Queryable, keys: readonly string[]): Promise<CompanyKeyRow[]> {
  const { rows } = await db.query<CompanyKeyRow>(
    // A join, not `= ANY`: with a thousand keys and stale statistics the planner scanned the table once per key.
    /* SQL */ `SELECT k.name_key, k.block, k.entity_id, k.confidence FROM unnest($1::text[]) AS wanted (name_key) JOIN entity_keys k USING (name_key)`,
    [keys],
  );
  return rows;
}

/** Keys of the blocks, full spellings (the founders) first. */
export async function findCompanyKeysInBlocks(db: Queryable, blocks: readonly string[]): Promise<CompanyKeyRow[]> {
  const { rows } = await db.query<CompanyKeyRow>(
    /* SQL */ `SELECT k.name_key, k.block, k.entity_id, k.confidence FROM unnest($1::text[]) AS wanted (block) JOIN entity_keys k USING (block)
               ORDER BY k.confidence DESC, length(k.name_key) DESC, k.name_key`,
    [blocks],
  );
  return rows;
}

export interface TypoCandidate {
  key: string;
  name_key: string;
  entity_id: string;
  city: string | null;
  state: string | null;
  country: string | null;
}

/** Filed keys alike by trigram to the given ones, with their entity's place (the caller decides what is a keying error). */
export async function findTypoCandidates(db: Queryable, keys: readonly string[]): Promise<TypoCandidate[]> {
  const { rows } = await db.query<TypoCandidate>(
    /* SQL */ `SELECT n.key, k.name_key, k.entity_id, e.city, e.state, e.country
               FROM unnest($1::text[]) AS n(key)
               JOIN entity_keys k ON k.name_key % n.key AND k.confidence = 1
               LEFT JOIN entities e ON e.entity_id = k.entity_id
               ORDER BY n.key, similarity(k.name_key, n.key) DESC, k.name_key`,
    [keys],
  );
  return rows;
}

export async function insertCompanyKeys(tx: Queryable, keys: readonly CompanyKeyRow[]): Promise<void> {
  if (keys.length === 0) return;
  await tx.query(
    /* SQL */ `INSERT INTO entity_keys (name_key, block, entity_id, confidence)
               SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::real[])
               ON CONFLICT (name_key) DO NOTHING`,
    [keys.map((k) => k.name_key), keys.map((k) => k.block), keys.map((k) => k.entity_id), keys.map((k) => k.confidence)],
  );
}

// ---------------------------------------------------------------------------------------
// Writing back.

export interface EntityObservation {
  entity_id: string;
  type: 'assignee' | 'inventor';
  name: string;
  search_key: string;
  city: string | null;
  state: string | null;
  country: string | null;
}

/** New entities with their first name and place; a known one gains a place it lacked. Every spelling becomes an alias. */
export async function upsertEntities(
  tx: Queryable,
  entities: readonly EntityObservation[],
  aliases: readonly [string, string][],
  now: Date,
) {
  if (entities.length > 0) {
    const column = <K extends keyof EntityObservation>(key: K) => entities.map((e) => e[key]);
    await tx.query(
      /* SQL */ `INSERT INTO entities AS e (entity_id, type, name, search_key, city, state, country, updated_at)
                 SELECT u.*, $8::timestamptz FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
                   AS u(entity_id, type, name, search_key, city, state, country)
                 ON CONFLICT (entity_id) DO UPDATE SET city = EXCLUDED.city, state = EXCLUDED.state, country = EXCLUDED.country, updated_at = $8
                 WHERE e.city IS NULL AND EXCLUDED.city IS NOT NULL`,
      [column('entity_id'), column('type'), column('name'), column('search_key'), column('city'), column('state'), column('country'), now],
    );
  }
  if (aliases.length > 0) {
    await tx.query(
      /* SQL */ `INSERT INTO entity_aliases (entity_id, alias) SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT DO NOTHING`,
      [aliases.map((a) => a[0]), aliases.map((a) => a[1])],
    );
  }
}
