/**
 * Calendar of the assignment recordations: the office records on business days, posts a
 * recordation in the daily file one to three business days later, and numbers its microfilm
 * reels with the recorded date.
 */
import { day, isOfficeDay as isBusinessDay } from '../core/random.js';

export const NEVER = 2_147_483_647;

/** `n` business days after `d` (n ≥ 1), or the business day on or before `d` for n = 0. */
export function businessDaysAfter(d: number, n: number): number {
  let out = d;
  if (n === 0) {
    while (!isBusinessDay(out)) out--;
    return out;
  }
  for (let left = n; left > 0;) {
    out++;
    if (isBusinessDay(out)) left--;
  }
  return out;
}

/** The business day before `d`. */
export function businessDayBefore(d: number): number {
  let out = d - 1;
  while (!isBusinessDay(out)) out--;
  return out;
}

// Two points of the real numbering (ad20150727.xml: reel 36140 recorded 2015-07-21;
// ad20160101.xml: reel 37388 recorded 2015-12-30) give about 7.66 reels per day.
const REEL_ANCHOR_DAY = day('2015-07-21');
const REEL_ANCHOR = 36_140;
const REELS_PER_DAY = 7.66;

/** The first reel the office would use on day `d`. */
export function reelAt(d: number): number {
  return REEL_ANCHOR + Math.round((d - REEL_ANCHOR_DAY) * REELS_PER_DAY);
}

/** `YYYY-MM-DD` → `YYYYMMDD`, as the files write dates. */
export function compact(isoDate: string): string {
  return isoDate.slice(0, 4) + isoDate.slice(5, 7) + isoDate.slice(8, 10);
}
