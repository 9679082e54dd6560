/**
 * COPY targets declared against their row types. A loader builds each row as an object keyed by
 * column name and the declaration writes it in its column order, so two columns of one type can
 * no longer change places unnoticed: the order lives in one list, which the compiler holds to
 * the row type's keys (none left out, none it lacks).
 */
import { copyField, copyTarget, type CopyValue } from './copy-text.js';
import type { Queryable } from './database.js';

/** A row of a COPY: every field a COPY value, keyed by column name. */
export type CopyRow<Row> = { readonly [K in keyof Row]: CopyValue };

declare const fieldsOf: unique symbol;
/**
 * Some of a line's fields as COPY text (tab-separated, no line end), written by the declaration
 * of `Row`'s columns: a joined table only takes the parts in its own order.
 */
export type CopyFields<Row> = string & { readonly [fieldsOf]: (row: Row) => Row };

type Unlisted<Row, Columns extends readonly unknown[]> = Exclude<keyof Row, Columns[number]>;
/** A column list that leaves out a key of `Row` fails with the keys it left out. */
type EveryKey<Row, Columns extends readonly unknown[]> = [Unlisted<Row, Columns>] extends [never]
  ? unknown
  : { readonly missingColumns: Unlisted<Row, Columns> };

/** Columns of `Row` in COPY order. */
export interface CopyColumns<Row> {
  readonly columns: readonly (keyof Row & string)[];
  readonly fields: (row: Row) => CopyFields<Row>;
}

export interface CopyTable<Row> extends CopyColumns<Row> {
  readonly table: string;
  /** One row as a line of COPY text, newline included. */
  readonly line: (row: Row) => string;
  /** `rows[start..end)` as COPY text. */
  readonly text: (rows: readonly Row[], start?: number, end?: number) => string;
}

/** A table whose lines are written in two parts, e.g. a record's own columns once as it is read, then its batch's. */
export interface JoinedCopyTable<Head, Tail> extends CopyTable<Head & Tail> {
  readonly head: CopyColumns<Head>;
  readonly tail: CopyColumns<Tail>;
  /** The line of a row whose two parts were written apart. */
  readonly joined: (head: CopyFields<Head>, tail: CopyFields<Tail>) => string;
}

const field = (value: CopyValue | undefined): string =>
  value === null || value === undefined ? '\\N' : typeof value === 'string' ? copyField(value) : String(value);

/** `out` followed by the row's fields: a loop over the columns, nothing built per field but the text. */
function appendFields(out: string, columns: readonly string[], row: Readonly<Record<string, CopyValue>>): string {
  for (let i = 0; i < columns.length; i += 1) {
    if (i > 0) out += '\t';
    out += field(row[columns[i]!]);
  }
  return out;
}

/**
 * One row's fields joined once: a text kept for a while (a record's row held until its batch is
 * written) is then one flat string, not a tree of small ones for the collector to copy.
 */
function joinFields(columns: readonly string[], row: Readonly<Record<string, CopyValue>>): string {
  const fields = new Array<string>(columns.length);
  for (let i = 0; i < columns.length; i += 1) fields[i] = field(row[columns[i]!]);
  return fields.join('\t');
}

function columnsOf<Row>(columns: readonly (keyof Row & string)[]): CopyColumns<Row> {
  if (new Set(columns).size !== columns.length) throw new Error(`a COPY column is listed twice: ${columns.join(',')}`);
  return { columns, fields: (row) => joinFields(columns, row as Record<string, CopyValue>) as CopyFields<Row> };
}

/** A table of exactly these columns (which another table may share: a staging table's, say). */
export function copyTableOf<Row>(table: string, { columns, fields }: CopyColumns<Row>): CopyTable<Row> {
  copyTarget(table, columns);
  return {
    table,
    columns,
    fields,
    line: (row) => `${fields(row)}\n`,
    text(rows, start = 0, end = rows.length) {
      let out = '';
      for (let i = start; i < end; i += 1) out = `${appendFields(out, columns, rows[i] as Record<string, CopyValue>)}\n`;
      return out;
    },
  };
}

/**
 * The columns of `Row`, to be joined into a table (`joinCopyTable`): called as
 * `defineCopyColumns<Row>()(['a', 'b'])`, the second call inferring the list checked against `Row`.
 */
export function defineCopyColumns<Row extends CopyRow<Row>>() {
  return <const Columns extends readonly (keyof Row & string)[]>(columns: Columns & EveryKey<Row, Columns>): CopyColumns<Row> =>
    columnsOf<Row>(columns);
}

/** A table's COPY target: `defineCopyTable<TransactionRow>()('transactions', ['application_number', …])`. */
export function defineCopyTable<Row extends CopyRow<Row>>() {
  return <const Columns extends readonly (keyof Row & string)[]>(
    table: string,
    columns: Columns & EveryKey<Row, Columns>,
  ): CopyTable<Row> => copyTableOf(table, columnsOf<Row>(columns));
}

/** A table of `head`'s columns then `tail`'s. */
export function joinCopyTable<Head, Tail>(table: string, head: CopyColumns<Head>, tail: CopyColumns<Tail>): JoinedCopyTable<Head, Tail> {
  const whole = copyTableOf(table, columnsOf<Head & Tail>([...head.columns, ...tail.columns]));
  return { ...whole, head, tail, joined: (headFields, tailFields) => `${headFields}\t${tailFields}\n` };
}

/** Rows per COPY statement: bounded so that one text (on PGlite, one blob) never holds a whole backfile batch's rows. */
const CHUNK_ROWS = 50_000;

/** Rows through COPY, inside the caller's transaction. */
export async function copyRows<Row>(db: Queryable, target: CopyTable<Row>, rows: readonly Row[]): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK_ROWS)
    await db.copyText(target.table, target.columns, target.text(rows, start, Math.min(rows.length, start + CHUNK_ROWS)));
}

/** Lines the target wrote (`line`, `joined`), gathered by the caller: some tens of thousands per call. */
export function copyLines<Row>(db: Queryable, target: CopyTable<Row>, text: string): Promise<void> {
  return db.copyText(target.table, target.columns, text);
}
