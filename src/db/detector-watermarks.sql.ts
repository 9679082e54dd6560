import type { Queryable } from './database.js';

/** The date a time-driven detector has looked through; null before its first run. */
export async function readWatermark(db: Queryable, name: string): Promise<string | null> {
  const { rows } = await db.query<{ through: string }>(`SELECT through FROM detector_watermarks WHERE name = $1 FOR UPDATE`, [name]);
  return rows[0]?.through ?? null;
}

/** Never moves back: a run with an older clock leaves a later mark standing. */
export async function advanceWatermark(db: Queryable, name: string, through: string, now: Date): Promise<void> {
  await db.query(
    /* SQL */ `INSERT INTO detector_watermarks AS w (name, through, updated_at) VALUES ($1, $2, $3)
               ON CONFLICT (name) DO UPDATE SET through = GREATEST(w.through, EXCLUDED.through), updated_at = EXCLUDED.updated_at`,
    [name, through, now],
  );
}
