import type { CopyValue } from './copy-text.js';
import type { Queryable } from './database.js';

/** A table of rows that belong to one owner each (an application's transactions, a document's citations) and are sent whole with it. */
export interface ChildTable {
  table: string;
  /** The column naming the owner. */
  owner: string;
  columns: readonly string[];
}

/**
 * Replaces the child rows of the owners written: the stored ones of `stored` owners are deleted
 * (new owners have none to delete), then `rows` go in by COPY. Table and column names come from
 * the callers' constants only; the owners are a parameter.
 */
export async function replaceChildRows(db: Queryable, child: ChildTable, stored: readonly string[], rows: CopyValue[][]): Promise<void> {
  if (stored.length > 0) await db.query(/* SQL */ `DELETE FROM ${child.table} WHERE ${child.owner} = ANY($1::text[])`, [stored]);
  await db.copyFrom(child.table, child.columns, rows);
}
