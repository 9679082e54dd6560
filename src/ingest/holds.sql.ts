/** Whether a product holds any data: its module names the table (and whether rows name their product). */
import type { Queryable } from '../db/database.js';
import type { HeldIn } from './product.js';

export async function holdsData(db: Queryable, held: HeldIn, codes: readonly string[]): Promise<boolean> {
  // The table name comes from a product module's declaration, never from input.
  const { rowCount } = held.bySourceProduct
    ? await db.query(/* SQL */ `SELECT 1 FROM ${held.table} WHERE source_product = ANY($1::text[]) LIMIT 1`, [codes])
    : await db.query(/* SQL */ `SELECT 1 FROM ${held.table} LIMIT 1`);
  return rowCount > 0;
}
