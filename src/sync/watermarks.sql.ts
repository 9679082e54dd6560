/** How far each portal search got (migration 0029): the day loaded up to, and where an asked-for start begins. */
import type { Queryable } from '../db/database.js';

export interface SearchState {
  watermark: string | null;
  resumeFrom: string | null;
}

export async function readSearchState(db: Queryable, product: string, search: string): Promise<SearchState> {
  const { rows } = await db.query<{ watermark: string | null; resume_from: string | null }>(
    /* SQL */ `SELECT watermark::text AS watermark, resume_from::text AS resume_from FROM sync_watermarks WHERE product = $1 AND search = $2`,
    [product, search],
  );
  return { watermark: rows[0]?.watermark ?? null, resumeFrom: rows[0]?.resume_from ?? null };
}

/** A run asked this search to start on `day` (a first sync, `--since`): kept until a range of it is loaded. */
export async function setResumeFrom(db: Queryable, product: string, search: string, day: string): Promise<void> {
  await db.query(
    /* SQL */ `INSERT INTO sync_watermarks (product, search, resume_from) VALUES ($1, $2, $3::date)
               ON CONFLICT (product, search) DO UPDATE SET resume_from = EXCLUDED.resume_from, updated_at = now()`,
    [product, search, day],
  );
}

/**
 * A range loaded whole, holding `total` records: the watermark moves to its last day (back, too,
 * in a catch-up from an earlier day: everything up to it is loaded either way, and a stop
 * resumes from it), and its count is kept for a later run asking it again.
 */
export async function completeRange(tx: Queryable, product: string, search: string, range: { from: string; to: string }, total: number) {
  await tx.query(
    /* SQL */ `INSERT INTO sync_watermarks (product, search, watermark) VALUES ($1, $2, $3::date)
               ON CONFLICT (product, search) DO UPDATE SET watermark = EXCLUDED.watermark, resume_from = NULL, updated_at = now()`,
    [product, search, range.to],
  );
  await tx.query(
    /* SQL */ `INSERT INTO sync_search_ranges (product, search, range_from, range_to, total) VALUES ($1, $2, $3::date, $4::date, $5)
               ON CONFLICT (product, search, range_from, range_to) DO UPDATE SET total = EXCLUDED.total, loaded_at = now()`,
    [product, search, range.from, range.to, total],
  );
}

/** How many records the range held when it was last loaded whole; null when it never was. */
export async function loadedRangeTotal(db: Queryable, product: string, search: string, range: { from: string; to: string }) {
  const { rows } = await db.query<{ total: number }>(
    /* SQL */ `SELECT total FROM sync_search_ranges WHERE product = $1 AND search = $2 AND range_from = $3::date AND range_to = $4::date`,
    [product, search, range.from, range.to],
  );
  return rows[0]?.total ?? null;
}

/** Each product's watermark for /health: the earliest of its searches', null while one of them has none. */
export async function listWatermarks(db: Queryable): Promise<Map<string, string | null>> {
  const { rows } = await db.query<{
    product: string;
    watermark: string | null;
  }>(/* SQL */ `SELECT product, CASE WHEN bool_and(watermark IS NOT NULL) THEN min(watermark)::text END AS watermark
               FROM sync_watermarks GROUP BY product`);
  return new Map(rows.map((row) => [row.product, row.watermark]));
}
