import type { Queryable } from './database.js';

/** Our tables' names only (callers pass constants); anything else is a mistake, never SQL. */
const TABLE_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * Brings the planner's view of `tables` up to date after a load: VACUUM (ANALYZE), each table once,
 * in one statement. A bulk load leaves no statistics: the server's autovacuum may be off or not round
 * yet, and the embedded engine has none. The planner then guesses, and guesses badly: the coalesced
 * application lookup took 257 ms for 20 numbers before ANALYZE and 1.9 ms after (DESIGN.md §8).
 *
 * VACUUM as well, because right after a load no row is known committed to its readers yet: the first
 * lookup to read each row pays to check its transaction and set its hint bits (dirtying the page),
 * and no page is marked all-visible. VACUUM pays that once, at load time: over 1 M applications the
 * lookup's database time fell from 0.50 to 0.28 ms an application (statements of 8 numbers never
 * read, bench/README.md 2026-11-28). The price stays bounded: VACUUM reads only the pages not yet
 * marked all-visible (after a daily file, about what the file changed; the indexes too when it
 * replaced many rows), and ANALYZE samples at most 30,000 rows (300 × the statistics target)
 * whatever a table's size.
 *
 * TRUNCATE false: giving trailing empty pages back to the system takes a lock that blocks readers.
 * VACUUM refuses to run inside a transaction block; outside one it takes each table in a transaction
 * of its own, under a lock that blocks neither reads nor writes.
 */
export async function vacuumAnalyze(db: Queryable, tables: readonly string[]): Promise<void> {
  const names = [...new Set(tables)];
  if (names.length === 0) return;
  for (const name of names) if (!TABLE_NAME.test(name)) throw new Error(`not a table name: ${JSON.stringify(name)}`);
  await db.exec(/* SQL */ `VACUUM (ANALYZE, TRUNCATE false) ${names.join(', ')}`);
}

/**
 * Those of `tables` the planner has never had statistics of: pg_class.reltuples stays -1 until a
 * first ANALYZE or VACUUM (0 after one of an empty table). Read from the catalogue, which is
 * transactional, not from the statistics views, which a server's other sessions update late.
 */
export async function findTablesNeverAnalyzed(db: Queryable, tables: readonly string[]): Promise<string[]> {
  if (tables.length === 0) return [];
  const { rows } = await db.query<{ name: string }>(
    /* SQL */ `SELECT relname AS name FROM pg_class
               WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' AND relname = ANY($1::text[]) AND reltuples < 0`,
    [tables],
  );
  return rows.map((row) => row.name);
}
