/** Entity statistics kept until the next night, and the entities waiting for it (migration 0021). */
import type { Queryable } from '../../db/database.js';

/** When the last nightly run finished; null before the first. */
export async function lastNight(db: Queryable): Promise<Date | null> {
  const { rows } = await db.query<{ computed_at: Date }>(/* SQL */ `SELECT computed_at FROM statistics_state`);
  return rows[0]?.computed_at ?? null;
}

/** The statistics last computed for this entity, if any, and when. */
export async function findLatest(db: Queryable, entityId: string): Promise<{ stats: Record<string, unknown>; computedAt: Date } | null> {
  const { rows } = await db.query<{ stats: Record<string, unknown>; computed_at: Date }>(
    /* SQL */ `SELECT stats, computed_at FROM entity_statistics WHERE entity_id = $1`,
    [entityId],
  );
  return rows[0] ? { stats: rows[0].stats, computedAt: rows[0].computed_at } : null;
}

export async function save(db: Queryable, entityId: string, stats: object, computedAt: Date): Promise<void> {
  await db.query(
    /* SQL */ `INSERT INTO entity_statistics (entity_id, stats, computed_at) VALUES ($1, $2, $3)
               ON CONFLICT (entity_id) DO UPDATE SET stats = EXCLUDED.stats, computed_at = EXCLUDED.computed_at`,
    [entityId, JSON.stringify(stats), computedAt],
  );
  await db.query(/* SQL */ `DELETE FROM entity_statistics_queue WHERE entity_id = $1`, [entityId]);
}

export async function enqueue(db: Queryable, entityId: string): Promise<void> {
  await db.query(
    /* SQL */ `INSERT INTO entity_statistics_queue (entity_id, queued_at) VALUES ($1, now()) ON CONFLICT (entity_id) DO NOTHING`,
    [entityId],
  );
}

/** What the nightly run computes: entities of at least `minApplications` applications, and every queued entity or family. */
export async function nightlyEntities(db: Queryable, minApplications: number): Promise<string[]> {
  const { rows } = await db.query<{ entity_id: string }>(
    /* SQL */ `SELECT entity_id FROM entities WHERE applications >= $1
               UNION SELECT entity_id FROM entity_statistics_queue
               ORDER BY 1`,
    [minApplications],
  );
  return rows.map((row) => row.entity_id);
}
