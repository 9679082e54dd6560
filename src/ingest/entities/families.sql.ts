/** The SQL of families (migration 0011): edges between entities, and the groups they make. */
import type { Queryable } from '../../db/database.js';

export interface EdgeRow {
  entity_from: string;
  entity_to: string;
  basis: 'merger' | 'change_of_name' | 'near_identical_name';
  confidence: number;
  evidence: string;
  recorded_date: string | null;
}

/** Adds edges; returns how many were new. */
export async function insertEdges(tx: Queryable, edges: readonly EdgeRow[]): Promise<number> {
  if (edges.length === 0) return 0;
  const column = <K extends keyof EdgeRow>(key: K) => edges.map((edge) => edge[key]);
  const { rowCount } = await tx.query(
    /* SQL */ `INSERT INTO family_edges (entity_from, entity_to, basis, confidence, evidence, recorded_date)
               SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::real[], $5::text[], $6::date[])
               ON CONFLICT DO NOTHING`,
    [column('entity_from'), column('entity_to'), column('basis'), column('confidence'), column('evidence'), column('recorded_date')],
  );
  return rowCount;
}

/**
 * Edges resting on a recordation that no longer says so: a MERGER or CHANGE OF NAME edge names
 * its recordation's reel/frame as evidence, and the office may purge that recordation or send it
 * again as another conveyance. The edges are few (one per merger or rename), so every
 * incremental run can check them all. Returns how many went.
 */
export async function deleteEdgesOfGoneRecordations(tx: Queryable): Promise<number> {
  const { rowCount } = await tx.query(/* SQL */ `DELETE FROM family_edges e WHERE e.basis IN ('merger', 'change_of_name')
               AND NOT EXISTS (SELECT 1 FROM assignments a WHERE a.reel_frame = e.evidence AND a.conveyance_type = e.basis)`);
  return rowCount;
}

export async function deleteAllEdges(tx: Queryable): Promise<void> {
  await tx.query(/* SQL */ `DELETE FROM family_edges`);
}

export async function findAllEdges(db: Queryable): Promise<EdgeRow[]> {
  const { rows } = await db.query<EdgeRow>(
    /* SQL */ `SELECT entity_from, entity_to, basis, confidence, evidence, recorded_date FROM family_edges ORDER BY entity_from, entity_to, basis`,
  );
  return rows;
}

export interface SimilarCandidate {
  entity_id: string;
  other_id: string;
  key: string;
  other_key: string;
  name: string;
  other_name: string;
}

/** Companies at the same city and country as the given ones whose names are alike by trigram (the caller decides). */
export async function findSimilarAtSamePlace(db: Queryable, entityIds: readonly string[]): Promise<SimilarCandidate[]> {
  const { rows } = await db.query<SimilarCandidate>(
    /* SQL */ `SELECT n.entity_id, o.entity_id AS other_id, n.search_key AS key, o.search_key AS other_key, n.name, o.name AS other_name
               FROM entities n
               JOIN entities o ON o.search_key % n.search_key AND o.entity_id <> n.entity_id AND o.type = 'assignee'
                 AND upper(o.city) = upper(n.city) AND o.country IS NOT DISTINCT FROM n.country
               WHERE n.entity_id = ANY($1::text[]) AND n.type = 'assignee' AND n.city IS NOT NULL`,
    [entityIds],
  );
  return rows;
}

export async function findAllCompanyIds(db: Queryable, after: string, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ entity_id: string }>(
    /* SQL */ `SELECT entity_id FROM entities WHERE type = 'assignee' AND entity_id > $1 ORDER BY entity_id LIMIT $2`,
    [after, limit],
  );
  return rows.map((row) => row.entity_id);
}

export async function findMemberFacts(db: Queryable, entityIds: readonly string[]) {
  const { rows } = await db.query<{ entity_id: string; name: string; applications: number; family_id: string | null }>(
    /* SQL */ `SELECT e.entity_id, e.name, e.applications, m.family_id
               FROM entities e LEFT JOIN family_members m USING (entity_id) WHERE e.entity_id = ANY($1::text[])`,
    [entityIds],
  );
  return rows;
}

export interface MemberRow {
  entity_id: string;
  family_id: string;
  basis: string;
  confidence: number;
}

/** Replaces every family and membership, and points each entity at its family (or none). */
export async function replaceFamilies(
  tx: Queryable,
  families: readonly { family_id: string; name: string }[],
  members: readonly MemberRow[],
  now: Date,
): Promise<void> {
  await tx.query(/* SQL */ `DELETE FROM family_members`);
  await tx.query(/* SQL */ `DELETE FROM families`);
  await tx.query(
    /* SQL */ `INSERT INTO families (family_id, name, updated_at) SELECT f.*, $3::timestamptz FROM unnest($1::text[], $2::text[]) AS f`,
    [families.map((f) => f.family_id), families.map((f) => f.name), now],
  );
  await tx.query(
    /* SQL */ `INSERT INTO family_members (entity_id, family_id, basis, confidence)
               SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::real[])`,
    [members.map((m) => m.entity_id), members.map((m) => m.family_id), members.map((m) => m.basis), members.map((m) => m.confidence)],
  );
  await tx.query(
    /* SQL */ `UPDATE entities e SET family_id = m.family_id, updated_at = $1
               FROM family_members m WHERE m.entity_id = e.entity_id AND e.family_id IS DISTINCT FROM m.family_id`,
    [now],
  );
  await tx.query(
    /* SQL */ `UPDATE entities e SET family_id = NULL, updated_at = $1
               WHERE e.family_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM family_members m WHERE m.entity_id = e.entity_id)`,
    [now],
  );
}
