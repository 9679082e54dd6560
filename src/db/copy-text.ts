/** A value of a COPY row: text, a number, a boolean, or null. */
export type CopyValue = string | number | boolean | null;

const SPECIAL = /[\\\t\n\r]/;

/** Text as a COPY field: `\N` for null; backslash, tab, newline and carriage return escaped. */
export function copyField(value: string | null): string {
  if (value === null) return '\\N';
  // Most values need no escape: testing first costs half of replacing in every one.
  return !SPECIAL.test(value)
    ? value
    : value.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

const ARRAY_SPECIAL = /["\\]/;

/** A `text[]` value as PostgreSQL's array literal (`{"a","b \\"c\\""}`), to be written as a COPY field. */
export function arrayLiteral(values: readonly string[]): string {
  if (values.length === 0) return '{}';
  // Each element quoted, so spaces, commas and braces stay as written; few need an escape.
  const quoted = values.map((value) => (ARRAY_SPECIAL.test(value) ? value.replace(/["\\]/g, '\\$&') : value));
  return `{"${quoted.join('","')}"}`;
}

/**
 * Rows in PostgreSQL's COPY text format: tab-separated, `\N` for null, and backslash, tab,
 * newline and carriage return escaped, so any office text survives unchanged.
 */
export function toCopyText(rows: readonly (readonly CopyValue[])[]): string {
  let out = '';
  for (const row of rows) {
    for (let i = 0; i < row.length; i += 1) {
      if (i > 0) out += '\t';
      const value = row[i];
      if (value === null || value === undefined) out += '\\N';
      else if (typeof value === 'string') out += copyField(value);
      else out += String(value);
    }
    out += '\n';
  }
  return out;
}

/** Identifiers of a COPY target come from our code only; refuse anything but plain names. */
export function copyTarget(table: string, columns: readonly string[]): string {
  const plain = /^[a-z_][a-z0-9_]*$/;
  if (!plain.test(table) || !columns.every((column) => plain.test(column)))
    throw new Error(`not a plain COPY target: ${table}(${columns.join(',')})`);
  return `${table} (${columns.join(', ')})`;
}

/** Characters as PostgreSQL counts them (code points: a surrogate pair is one), for the `*_chars` columns. */
export function characters(text: string): number {
  return text.length - (text.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g)?.length ?? 0);
}
