/**
 * Dates of the full-text XML: `YYYYMMDD` text in `<date>` elements. Document dates (issue,
 * publication, filing) are full dates; cited-reference dates are often month or year precision,
 * written with `00` for the missing parts (`19880200`), and must not go through a strict date
 * parser (XML-FORMATS.md §1, §11.4).
 */
const COMPACT = /^(\d{4})(\d{2})(\d{2})$/;

// Cited documents go back to the first patent acts; a year outside this is a typo, not a date.
const MIN_PRINTED_YEAR = 1000;
const MAX_PRINTED_YEAR = 2199;

/** `20230509` → `2023-05-09`: a document's own date, so only a full date will do (day `00`, impossible dates, other shapes → null). */
export function xmlDate(value: string | null): string | null {
  const date = printedDate(value);
  return date !== null && date.length === 10 ? date : null;
}

/**
 * A date at the precision printed: `19670912` → `1967-09-12`, `19670900` → `1967-09`,
 * `19670000` → `1967`; unreadable (a day without a month, 31 February, other shapes) → null.
 */
export function printedDate(value: string | null): string | null {
  if (value === null) return null;
  const m = COMPACT.exec(value.trim());
  if (m === null) return null;
  const [, y = '', mo = '', d = ''] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (year < MIN_PRINTED_YEAR || year > MAX_PRINTED_YEAR || month > 12) return null;
  if (month === 0) return day === 0 ? y : null;
  if (day === 0) return `${y}-${mo}`;
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day ? `${y}-${mo}-${d}` : null;
}
