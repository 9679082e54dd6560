/**
 * Calendar arithmetic for USPTO periods on `YYYY-MM-DD` strings (DOMAIN-RULES §1.2). Pure, no
 * I/O; computed in UTC so the host's time zone never moves a date. The fixed-width ISO form
 * sorts and compares correctly as a string (`a < b`), so no comparison helper is needed.
 */
import { isCalendarDate } from './calendar-date.js';

type Ymd = readonly [year: number, month: number, day: number];

function parse(date: string): Ymd {
  if (!isCalendarDate(date)) throw new RangeError(`not a YYYY-MM-DD date: ${JSON.stringify(date)}`);
  return [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
}

// setUTCFullYear rather than Date.UTC: Date.UTC maps years 0–99 to 1900–1999.
function utc(year: number, month: number, day: number): Date {
  const value = new Date(0);
  value.setUTCFullYear(year, month - 1, day);
  return value;
}

function format(value: Date): string {
  const year = value.getUTCFullYear();
  if (year < 1 || year > 9999) throw new RangeError(`date out of range: year ${year}`);
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(year, 4)}-${pad(value.getUTCMonth() + 1, 2)}-${pad(value.getUTCDate(), 2)}`;
}

function requireInteger(name: string, value: number): void {
  if (!Number.isInteger(value)) throw new RangeError(`${name} must be an integer, got ${value}`);
}

function daysInMonth(year: number, month: number): number {
  return utc(year, month + 1, 0).getUTCDate();
}

/**
 * The same day-of-month `months` later (or earlier, when negative); when that day does not
 * exist, the last day of that month. MPEP 710.01(a): Nov 30 + 3 → Feb 28/29, and never forward
 * from a short month: Feb 28 + 3 → May 28.
 */
export function addMonths(date: string, months: number): string {
  requireInteger('months', months);
  const [year, month, day] = parse(date);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index - targetYear * 12 + 1;
  return format(utc(targetYear, targetMonth, Math.min(day, daysInMonth(targetYear, targetMonth))));
}

/** `years` × 12 months: 2008-02-29 + 20 → 2028-02-29, 2000-02-29 + 1 → 2001-02-28. */
export function addYears(date: string, years: number): string {
  requireInteger('years', years);
  return addMonths(date, 12 * years);
}

/** Calendar days, weekends and holidays included (37 CFR 1.7(a)). */
export function addDays(date: string, days: number): string {
  requireInteger('days', days);
  const [year, month, day] = parse(date);
  return format(utc(year, month, day + days));
}

function weekday(year: number, month: number, day: number): number {
  return utc(year, month, day).getUTCDay(); // 0 = Sunday … 6 = Saturday
}

// The nth `dayOfWeek` (0 = Sunday) of a month (n = 1…4), or the last one when n is 'last'.
function nthWeekday(year: number, month: number, dayOfWeek: number, n: number | 'last'): string {
  if (n === 'last') {
    const lastDay = daysInMonth(year, month);
    return format(utc(year, month, lastDay - ((weekday(year, month, lastDay) - dayOfWeek + 7) % 7)));
  }
  const first = 1 + ((dayOfWeek - weekday(year, month, 1) + 7) % 7);
  return format(utc(year, month, first + 7 * (n - 1)));
}

// A fixed-date holiday on a Saturday is observed the Friday before, on a Sunday the Monday after
// (5 USC 6103(b); Executive Order 11582).
function observed(year: number, month: number, day: number): string {
  const dow = weekday(year, month, day);
  return format(utc(year, month, day + (dow === 6 ? -1 : dow === 0 ? 1 : 0)));
}

// The holidays of one calendar year, each dated as observed; New Year's Day may be observed on
// Dec 31 of the year before. Before 1971 (Uniform Monday Holiday Act) three holidays had fixed
// dates, and Veterans Day sat on the 4th Monday of October from 1971 through 1977.
function holidaysOfYear(year: number): string[] {
  const dates = [
    observed(year, 1, 1),
    year >= 1971 ? nthWeekday(year, 2, 1, 3) : observed(year, 2, 22),
    year >= 1971 ? nthWeekday(year, 5, 1, 'last') : observed(year, 5, 30),
    observed(year, 7, 4),
    nthWeekday(year, 9, 1, 1),
    year >= 1971 ? nthWeekday(year, 10, 1, 2) : observed(year, 10, 12),
    year >= 1971 && year <= 1977 ? nthWeekday(year, 10, 1, 4) : observed(year, 11, 11),
    nthWeekday(year, 11, 4, 4),
    observed(year, 12, 25),
  ];
  if (year >= 1986) dates.push(nthWeekday(year, 1, 1, 3)); // Martin Luther King Jr. Day
  if (year >= 2021) dates.push(observed(year, 6, 19)); // Juneteenth, enacted 2021-06-17
  // Inauguration Day is a holiday only in the DC area (5 USC 6103(c)), and 35 USC 21(b) counts
  // holidays "within the District of Columbia". Only a Sunday moves it (to the 21st).
  if (year >= 1965 && (year - 1965) % 4 === 0) dates.push(weekday(year, 1, 20) === 0 ? `${year}-01-21` : `${year}-01-20`);
  return dates;
}

const holidayCache = new Map<number, readonly string[]>();

/**
 * Observed federal holidays (5 USC 6103) falling within `year`, sorted, each only from the year
 * it existed (MLK Day from 1986, Juneteenth from 2021), plus Inauguration Day. A Saturday New
 * Year's Day is observed on Friday Dec 31, which belongs to the year before: federalHolidays(2021)
 * holds 2021-12-31 and federalHolidays(2022) has no New Year's entry. Ad-hoc closures (days of
 * mourning, weather) are not here: callers pass them to isBusinessDay.
 */
export function federalHolidays(year: number): string[] {
  requireInteger('year', year);
  let dates = holidayCache.get(year);
  if (!dates) {
    const inYear = [...holidaysOfYear(year), ...holidaysOfYear(year + 1)].filter((d) => d.startsWith(`${year}-`));
    dates = [...new Set(inYear)].sort();
    holidayCache.set(year, dates);
  }
  return [...dates];
}

/** Not a Saturday, Sunday, observed federal holiday, or one of the caller's closure dates. */
export function isBusinessDay(date: string, closures?: ReadonlySet<string>): boolean {
  const [year, month, day] = parse(date);
  const dow = weekday(year, month, day);
  if (dow === 0 || dow === 6) return false;
  if (closures?.has(date)) return false;
  federalHolidays(year); // fills the cache
  return !holidayCache.get(year)!.includes(date);
}

/**
 * `date` itself when it is a business day, else the first business day after it: the last day
 * to act or pay when the nominal day falls on a weekend or holiday (35 USC 21(b), 37 CFR 1.7(a)).
 */
export function nextBusinessDay(date: string, closures?: ReadonlySet<string>): string {
  let candidate = date;
  // A year of consecutive closures means a wrong closure table, not a real deadline.
  for (let i = 0; i < 366; i += 1) {
    if (isBusinessDay(candidate, closures)) return candidate;
    candidate = addDays(candidate, 1);
  }
  throw new RangeError(`no business day within a year after ${date}`);
}
