import { copyRows, type CopyTable } from './copy-rows.js';
import type { Queryable } from './database.js';

/** A table of rows that belong to one owner each (an application's transactions, a document's citations) and are sent whole with it. */
export interface ChildTable<Row> extends CopyTable<Row> {
  /** The column naming the owner. */
  readonly owner: keyof Row & string;
}

export function childTable<Row>(rows: CopyTable<Row>, owner: keyof Row & string): ChildTable<Row> {
  return { ...rows, owner };
}

/**
 * Replaces the child rows of the owners written: the stored ones of `stored` owners are deleted
 * (new owners have none to delete), then `rows` go in by COPY. Table and column names come from
 * the callers' declarations only; the owners are a parameter.
 */
export async function replaceChildRows<Row>(
  db: Queryable,
  child: ChildTable<Row>,
  stored: readonly string[],
  rows: readonly Row[],
): Promise<void> {
  if (stored.length > 0) await db.query(/* SQL */ `DELETE FROM ${child.table} WHERE ${child.owner} = ANY($1::text[])`, [stored]);
  await copyRows(db, child, rows);
}
