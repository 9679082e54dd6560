/**
 * Which issue or publication dates the loaded weekly full-text files cover, as ranges: a
 * number outside them is unknown to the service, not absent from the office's records, and a
 * 404 says which weeks were searched (spec §4 Claims and citations).
 */
export interface CoverageRange {
  from: string;
  to: string;
  files: number;
}

const DAY_MS = 86_400_000;
/** Weekly files: a gap of more than one week between two loaded files starts a new range. */
const WEEK_DAYS = 7;

/** Sorted, distinct `YYYY-MM-DD` file dates → contiguous weekly ranges, oldest first. */
export function coverageRanges(fileDates: readonly string[]): CoverageRange[] {
  const dates = [...new Set(fileDates)].sort();
  const ranges: CoverageRange[] = [];
  for (const date of dates) {
    const last = ranges.at(-1);
    if (last && (Date.parse(date) - Date.parse(last.to)) / DAY_MS <= WEEK_DAYS) {
      last.to = date;
      last.files += 1;
    } else ranges.push({ from: date, to: date, files: 1 });
  }
  return ranges;
}

/** `"2026-01-06 to 2026-03-31 (13 weekly files), 2026-06-02"`, or null when nothing is loaded. */
export function describeRanges(ranges: readonly CoverageRange[]): string | null {
  if (ranges.length === 0) return null;
  return ranges.map((r) => (r.files === 1 ? r.from : `${r.from} to ${r.to} (${r.files} weekly files)`)).join(', ');
}
