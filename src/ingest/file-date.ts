/**
 * The date a bulk file's name carries, by the products' naming rules. A file whose name carries
 * none takes its date from its documents or from `--file-date` (registry.ts), never from the
 * clock or the file's modification time: coverage and provenance would claim a week or a day
 * that was never loaded.
 */

/** The office's bulk files start in 1990s; a smaller "year" is a number that only looks like a date. */
const FIRST_YEAR = 1990;

/** `YYYY-MM-DD` of a real calendar day (2024-13-01 and 2023-02-30 are not). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/**
 * A date anywhere in the name as `YYYYMMDD` or `YYYY-MM-DD`, not inside a longer run of digits
 * (so the serial of `US20221231234A1` is no date): `PTFWPRD-20261120.zip`,
 * `pftw_2026-11-19_daily.json`, `ipgb20221025_wk43.zip`, `US11646472-20230509.XML`.
 */
export function datedName(name: string): string | null {
  for (const match of name.matchAll(/(?<!\d)(\d{4})-?(\d{2})-?(\d{2})(?!\d)/g)) {
    const candidate = `${match[1]}-${match[2]}-${match[3]}`;
    if (Number(match[1]) >= FIRST_YEAR && isCalendarDate(candidate)) return candidate;
  }
  return null;
}

/**
 * The office's weekly full-text names, a prefix and a two-digit year: `ipg221025` (grants),
 * `ipa230117` (publications); else any `datedName` (`ipgb20221025`).
 */
export function weeklyName(prefix: 'ipg' | 'ipa'): (name: string) => string | null {
  const pattern = new RegExp(`^${prefix}(\\d{2})(\\d{2})(\\d{2})(?!\\d)`, 'i');
  return (name) => {
    const match = pattern.exec(name);
    const candidate = match ? `20${match[1]}-${match[2]}-${match[3]}` : null;
    return candidate !== null && isCalendarDate(candidate) ? candidate : datedName(name);
  };
}
