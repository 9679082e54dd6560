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

export async function markResolved(db: Queryable, now: Date): Promise<void> {
  await db.query(
    /* SQL */ `INSERT INTO entity_resolution_state (singleton, resolved_at) VALUES (true, $1)
               ON CONFLICT (singleton) DO UPDATE SET resolved_at = EXCLUDED.resolved_at`,
    [now],
  );
}
