/** Which days a portal search asks, and in which ranges (search-sync.ts). */
import { addDays } from '../domain/dates.js';
import type { PortalSearchSpec } from '../ingest/portal-search.js';
import type { DayRange } from './search-client.js';

/** The days from `from` to `to` cut into ranges of `days`, oldest first. */
export function dayRanges(from: string, to: string, days: number): DayRange[] {
  const ranges: DayRange[] = [];
  for (let start = from; start <= to; start = addDays(start, days)) {
    const end = addDays(start, days - 1);
    ranges.push({ from: start, to: end < to ? end : to });
  }
  return ranges;
}

/**
 * Where a search starts: `--since`; else where an earlier run asked it to start, if no range of
 * that run was loaded; else the watermark less the overlap; else (a first sync) the overlap's days
 * back from today.
 */
export function searchStart(
  spec: PortalSearchSpec,
  state: { watermark: string | null; resumeFrom: string | null },
  options: { since: string | null; today: string },
): string {
  if (options.since !== null) return options.since;
  if (state.resumeFrom !== null) return state.resumeFrom;
  return addDays(state.watermark ?? options.today, -spec.overlapDays);
}
