import type { Queryable } from './database.js';
import type { ProductState } from '../domain/provenance.js';

export async function listProductStates(db: Queryable): Promise<ProductState[]> {
  const { rows } = await db.query<ProductState>(/* SQL */ `SELECT product, file_date, ingested_at FROM product_state ORDER BY product`);
  return rows;
}

/** When entity resolution last changed anything (null before its first run): derived data, versioned like a product. */
export async function readEntityResolutionTime(db: Queryable): Promise<Date | null> {
  const { rows } = await db.query<{ resolved_at: Date }>(/* SQL */ `SELECT resolved_at FROM entity_resolution_state`);
  return rows[0]?.resolved_at ?? null;
}

/** Called by each ingest when a file finished loading; an older file never moves the date back. */
export async function upsertProductState(
  db: Queryable,
  state: { product: string; fileDate: string; fileName: string; ingestedAt: Date },
): Promise<void> {
  await db.query(
    /* SQL */ `INSERT INTO product_state (product, file_date, file_name, ingested_at) VALUES ($1, $2, $3, $4)
               ON CONFLICT (product) DO UPDATE SET
                 file_date = GREATEST(product_state.file_date, EXCLUDED.file_date),
                 file_name = CASE WHEN EXCLUDED.file_date >= product_state.file_date THEN EXCLUDED.file_name ELSE product_state.file_name END,
                 ingested_at = EXCLUDED.ingested_at`,
    [state.product, state.fileDate, state.fileName, state.ingestedAt],
  );
}

/** True once any file of these products finished loading (the backfile rule reads it). */
export async function anyProductLoaded(db: Queryable, products: readonly string[]): Promise<boolean> {
  const { rowCount } = await db.query(/* SQL */ `SELECT 1 FROM product_state WHERE product = ANY($1::text[]) LIMIT 1`, [products]);
  return rowCount > 0;
}
