/**
 * Field-level readers every ODP JSON product shares (file wrapper, PTAB, office actions): absent
 * values, trimmed text, integers, flags and dates. Pure; each returns null for a value it cannot
 * read with certainty. Formats and pitfalls: samples/JSON-FORMATS.md §0.
 */

/** Absent for our purposes: missing, JSON null, blank, or the DS-API string `"null"`. */
export function isAbsent(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value !== 'string') return false;
  const s = value.trim();
  return s === '' || s === 'null';
}

/** Strings trimmed at both ends only (inner double spaces kept); numbers as their decimal text. */
export function text(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const s = value.trim();
  return s === '' ? null : s;
}

/** An integer given as a JSON number or as a string of digits. */
export function integer(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null;
  if (typeof value !== 'string' || !/^\s*-?\d{1,15}\s*$/.test(value)) return null;
  return Number(value.trim());
}

/** `"Y"/"N"`, `"Yes"/"No"`, `"true"/"false"` (any case) or a JSON boolean. */
export function flag(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string') return null;
  const s = value.trim().toUpperCase();
  if (s === 'Y' || s === 'YES' || s === 'TRUE') return true;
  if (s === 'N' || s === 'NO' || s === 'FALSE') return false;
  return null;
}

// The first US patent act is 1790; ODP's "no date" sentinel is year 0001 (and 0001-01-03).
const MIN_YEAR = 1790;
const MAX_YEAR = 2199;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T\s].*)?$/;
const US_DATE = /^(\d{2})[-/](\d{2})[-/](\d{4})(?:[T\s].*)?$/;
const COMPACT_DATE = /^(\d{4})(\d{2})(\d{2})$/;

/**
 * `YYYY-MM-DD` from `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM:SS…` (the date part as written, never
 * shifted between zones), `MM-DD-YYYY`, `MM/DD/YYYY` or `YYYYMMDD`. The sentinel
 * `0001-01-01…`, `"null"` and impossible dates (2023-02-30) give null.
 */
export function odpDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const s = value.trim();
  let y: string | undefined, m: string | undefined, d: string | undefined;
  let match = ISO_DATE.exec(s);
  if (match !== null) [, y, m, d] = match;
  else if ((match = US_DATE.exec(s)) !== null) [, m, d, y] = match;
  else if ((match = COMPACT_DATE.exec(s)) !== null) [, y, m, d] = match;
  if (y === undefined || m === undefined || d === undefined) return null;
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1) return null;
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  return `${y}-${m}-${d}`;
}
