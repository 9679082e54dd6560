/**
 * Days the USPTO was closed beyond the 5 USC 6103 holidays (dates.ts has those). A deadline on
 * such a day rolls to the next business day like one on a holiday (35 USC 21(b); 37 CFR 1.7(a)).
 * Closures are announced ad hoc (an executive order for a Christmas Eve, a national day of
 * mourning), so no rule can predict them and no stored source lists them: DOMAIN-RULES §1.2
 * "Other closures" is confidence U and asks for the table to be configurable. The operator
 * passes a list to replace this one; pure, no I/O.
 */
import { isCalendarDate } from './calendar-date.js';

const EXECUTIVE_ORDER = 'executive order closing executive departments';

/** Days the USPTO was closed by executive order or a national day of mourning (beyond 5 USC 6103 holidays), each with its reason. */
export const OFFICE_CLOSURES: ReadonlyArray<{ date: string; reason: string }> = [
  { date: '2001-12-24', reason: EXECUTIVE_ORDER },
  { date: '2004-06-11', reason: 'national day of mourning for President Reagan' },
  { date: '2007-01-02', reason: 'national day of mourning for President Ford' },
  { date: '2007-12-24', reason: EXECUTIVE_ORDER },
  { date: '2008-12-26', reason: EXECUTIVE_ORDER },
  { date: '2012-12-24', reason: EXECUTIVE_ORDER },
  { date: '2014-12-26', reason: EXECUTIVE_ORDER },
  { date: '2015-12-24', reason: EXECUTIVE_ORDER },
  { date: '2018-12-05', reason: 'national day of mourning for President George H. W. Bush' },
  { date: '2018-12-24', reason: EXECUTIVE_ORDER },
  { date: '2019-12-24', reason: EXECUTIVE_ORDER },
  { date: '2020-12-24', reason: EXECUTIVE_ORDER },
  { date: '2024-12-24', reason: EXECUTIVE_ORDER },
  { date: '2025-01-09', reason: 'national day of mourning for President Carter' },
  { date: '2025-12-24', reason: EXECUTIVE_ORDER },
  { date: '2025-12-26', reason: EXECUTIVE_ORDER },
];

/**
 * The default closures, or the operator's list when given (comma-separated YYYY-MM-DD; empty
 * string = none). Throws RangeError on a malformed date.
 */
export function officeClosures(configured?: string): ReadonlySet<string> {
  if (configured === undefined) return new Set(OFFICE_CLOSURES.map((closure) => closure.date));
  // Blank items are skipped so that a trailing comma in an environment variable is harmless.
  const dates = configured
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  for (const date of dates) {
    if (!isCalendarDate(date)) throw new RangeError(`office closure is not a YYYY-MM-DD date: ${JSON.stringify(date)}`);
  }
  return new Set(dates);
}
