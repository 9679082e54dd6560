import type { Queryable } from '../../db/database.js';

/** File dates of every weekly file of `product` that finished loading. */
export async function listLoadedFileDates(db: Queryable, product: string): Promise<string[]> {
  const { rows } = await db.query<{ file_date: string }>(
    /* SQL */ `SELECT DISTINCT file_date FROM ingest_runs WHERE product = $1 AND outcome = 'succeeded' ORDER BY file_date`,
    [product],
  );
  return rows.map((row) => row.file_date);
}
