/** Resolution as a whole: the rebuild's walks and recount, and when resolution last changed anything. */
import type { Queryable } from '../../db/database.js';

/** A rebuild's walk over every application with links (some may have lost every party since). */
export async function findLinkedApplicationsAfter(db: Queryable, after: string, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ application_number: string }>(
    /* SQL */ `SELECT DISTINCT application_number FROM entity_links WHERE application_number > $1 ORDER BY application_number LIMIT $2`,
    [after, limit],
  );
  return rows.map((row) => row.application_number);
}

/** Every entity's counts from its links, correcting any drift the incremental moves could have left. */
export async function recountEveryEntity(tx: Queryable, now: Date): Promise<void> {
  await tx.query(
    /* SQL */ `UPDATE entities e SET applications = COALESCE(c.applications, 0), patents = COALESCE(c.patents, 0),
                                     pending = COALESCE(c.pending, 0), updated_at = $1
               FROM entities x
               LEFT JOIN (SELECT entity_id, count(*)::int AS applications, count(patent_number)::int AS patents,
                                 (count(*) FILTER (WHERE bucket = 'pending'))::int AS pending
                          FROM entity_links GROUP BY entity_id) c USING (entity_id)
               WHERE e.entity_id = x.entity_id
                 AND (e.applications, e.patents, e.pending) IS DISTINCT FROM (COALESCE(c.applications, 0), COALESCE(c.patents, 0), COALESCE(c.pending, 0))`,
    [now],
  );
}

/** Applications whose recordations were deleted or replaced since the last run (migration 0014), in number order. */
export async function findQueuedRelinks(db: Queryable, after: string, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ application_number: string }>(
    /* SQL */ `SELECT application_number FROM entity_relink_queue WHERE application_number > $1 ORDER BY application_number LIMIT $2`,
    [after, limit],
  );
  return rows.map((row) => row.application_number);
}

/** Takes relinked applications off the queue, in the transaction that relinked them. */
export async function dequeueRelinks(tx: Queryable, applicationNumbers: readonly string[]): Promise<void> {
  await tx.query(/* SQL */ `DELETE FROM entity_relink_queue WHERE application_number = ANY($1::text[])`, [applicationNumbers]);
}

export async function markResolved(db: Queryable, now: Date): Promise<void> {
  await db.query(
    /* SQL */ `INSERT INTO entity_resolution_state (singleton, resolved_at) VALUES (true, $1)
               ON CONFLICT (singleton) DO UPDATE SET resolved_at = EXCLUDED.resolved_at`,
    [now],
  );
}

/**
 * Entities no party names and no link holds any more (a misspelling corrected, a record purged),
 * with their aliases; their keys stay filed, so the name gets its old id back if it returns.
 */
export async function deleteOrphanEntities(tx: Queryable): Promise<void> {
  await tx.query(/* SQL */ `WITH orphans AS (
                 DELETE FROM entities e
                 WHERE NOT EXISTS (SELECT 1 FROM entity_links l WHERE l.entity_id = e.entity_id)
                   AND NOT EXISTS (SELECT 1 FROM application_parties p WHERE p.entity_id = e.entity_id)
                   AND NOT EXISTS (SELECT 1 FROM assignment_parties p WHERE p.entity_id = e.entity_id)
                   AND NOT EXISTS (SELECT 1 FROM file_wrapper_recordation_parties p WHERE p.entity_id = e.entity_id)
                   AND NOT EXISTS (SELECT 1 FROM document_parties p WHERE p.entity_id = e.entity_id)
                   AND NOT EXISTS (SELECT 1 FROM family_edges f WHERE f.entity_from = e.entity_id OR f.entity_to = e.entity_id)
                 RETURNING entity_id)
               DELETE FROM entity_aliases a USING orphans o WHERE a.entity_id = o.entity_id`);
}
