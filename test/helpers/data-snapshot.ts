import type { Database } from '../../src/db/database.js';

/** Bookkeeping, not data: which runs there were, when, and what a sync saw. */
const BOOKKEEPING = new Set(['ingest_runs', 'product_state', 'sync_files', 'sync_products', 'schema_migrations', 'job_schedule']);

interface Column {
  table_name: string;
  column_name: string;
}

/**
 * Every row of every data table (all of the public schema but the bookkeeping above), without the
 * columns two equal loads may still differ in: wall-clock times, sequence numbers and run ids.
 * Two equal snapshots mean the same data, whichever way it was loaded.
 */
export async function dataSnapshot(db: Database): Promise<Record<string, string[]>> {
  const { rows } = await db.query<Column>(
    `SELECT table_name, column_name FROM information_schema.columns
     WHERE table_schema = 'public' AND data_type NOT IN ('timestamp with time zone', 'timestamp without time zone')
       AND coalesce(column_default, '') NOT LIKE 'nextval%' AND is_identity = 'NO' AND column_name NOT LIKE '%run_id'
     ORDER BY table_name, ordinal_position`,
  );
  const columns = new Map<string, string[]>();
  for (const row of rows) {
    if (BOOKKEEPING.has(row.table_name)) continue;
    columns.set(row.table_name, [...(columns.get(row.table_name) ?? []), row.column_name]);
  }
  const snapshot: Record<string, string[]> = {};
  for (const [table, names] of columns) {
    // Names from the catalogue, checked before they are quoted into the statement.
    if (![table, ...names].every((name) => /^[a-z_][a-z0-9_]*$/.test(name))) throw new Error(`unexpected name in ${table}`);
    const list = names.map((name) => `"${name}"`).join(', ');
    const result = await db.query<Record<string, unknown>>(`SELECT ${list} FROM "${table}"`);
    snapshot[table] = result.rows.map((row) => JSON.stringify(row)).sort();
  }
  return snapshot;
}
