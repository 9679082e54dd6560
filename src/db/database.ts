import type { CopyValue } from './copy-text.js';

/**
 * The one interface both engines implement. Callers own transactions (STYLE.md #5):
 * repository functions take a `Queryable`, which is either the database or a transaction.
 */
export interface QueryResult<R> {
  rows: R[];
  rowCount: number;
}

export interface Queryable {
  /**
   * One parameterized statement. Never interpolate values into `sql`. A `name` makes it a
   * prepared statement on the server engine (parsed and planned once per connection): give one
   * only to hot, fixed statements.
   */
  query<R = Record<string, unknown>>(sql: string, params?: readonly unknown[], options?: { name?: string }): Promise<QueryResult<R>>;
  /** A script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Bulk rows through COPY (the fastest way in, on both engines); use inside a transaction. */
  copyFrom(table: string, columns: readonly string[], rows: readonly (readonly CopyValue[])[]): Promise<void>;
  /**
   * Rows already in COPY text format (copy-text.ts), for callers that write millions of fields
   * known to need no escape; keep each call to some tens of thousands of rows.
   */
  copyText(table: string, columns: readonly string[], text: string): Promise<void>;
}

export type EngineName = 'pglite' | 'postgresql';

export interface Database extends Queryable {
  readonly engine: EngineName;
  /** Commits when `fn` resolves, rolls back when it throws. Keep it short: on PGlite it blocks every other query. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * The same database through connections of its own, for work that must not wait behind the
   * requests in the main pool (the credit ledger's write-back). An engine with one session
   * (PGlite) has no other lane and leaves this out: callers then use the database itself.
   */
  lane?(): Database;
  close(): Promise<void>;
}

/** Postgres type OIDs whose default JS mapping we override in both engines. */
export const PG_TYPE = {
  INT8: 20,
  DATE: 1082,
} as const;

/** `date` stays the plain `YYYY-MM-DD` text: a JS Date would shift with the process time zone. */
export const parseDate = (value: string): string => value;
/** Our bigint columns (balances, counts) stay far below 2^53. */
export const parseInt8 = (value: string): number => Number(value);
