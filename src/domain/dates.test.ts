import { describe, expect, it } from 'vitest';
import { addDays, addMonths, addYears, federalHolidays, isBusinessDay, nextBusinessDay } from './dates.js';

describe('addMonths (MPEP 710.01(a))', () => {
  it('keeps the day of the month', () => {
    expect(addMonths('2021-08-19', 6)).toBe('2022-02-19');
    expect(addMonths('2021-05-21', 3)).toBe('2021-08-21');
  });
  it('ends on the last day of a shorter month: Nov 30 + 3 → Feb 28, or Feb 29 in a leap year', () => {
    expect(addMonths('2022-11-30', 3)).toBe('2023-02-28');
    expect(addMonths('2023-11-30', 3)).toBe('2024-02-29');
  });
  it('Jan 31 + 1 month in leap and non-leap years', () => {
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2023-01-31', 1)).toBe('2023-02-28');
    expect(addMonths('1900-01-31', 1)).toBe('1900-02-28'); // 1900 is not a leap year
    expect(addMonths('2000-01-31', 1)).toBe('2000-02-29'); // 2000 is
  });
  it('never moves forward from a short month: Feb 28 + 3 → May 28', () => {
    expect(addMonths('2023-02-28', 3)).toBe('2023-05-28');
  });
  it('counts each period from the nominal date (§1.2: Jan 31 + 3 → Apr 30, + 4 → May 31)', () => {
    expect(addMonths('2023-01-31', 3)).toBe('2023-04-30');
    expect(addMonths('2023-01-31', 4)).toBe('2023-05-31');
  });
  it('crosses year ends both ways and accepts 0 and negative months', () => {
    expect(addMonths('2021-10-15', 3)).toBe('2022-01-15');
    expect(addMonths('2022-01-15', -3)).toBe('2021-10-15');
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(addMonths('2024-03-31', 0)).toBe('2024-03-31');
    expect(addMonths('2024-05-31', -15)).toBe('2023-02-28');
  });
  it('rejects malformed dates and fractional months', () => {
    expect(() => addMonths('2023-02-29', 1)).toThrow(RangeError);
    expect(() => addMonths('2023-2-1', 1)).toThrow(RangeError);
    expect(() => addMonths('2023-02-01', 1.5)).toThrow(RangeError);
  });
});

describe('addYears', () => {
  it('29 February + 20 years stays on a leap day; + 1 year ends on 28 February', () => {
    expect(addYears('2008-02-29', 20)).toBe('2028-02-29');
    expect(addYears('2000-02-29', 1)).toBe('2001-02-28');
    expect(addYears('2000-02-29', 100)).toBe('2100-02-28'); // 2100 is not a leap year
  });
  it('is the same calendar date N years later', () => {
    expect(addYears('2008-08-15', 20)).toBe('2028-08-15');
    expect(addYears('2028-08-15', -20)).toBe('2008-08-15');
  });
});

describe('addDays', () => {
  it('counts calendar days across months, leap days and years', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01');
    expect(addDays('2028-08-15', 127)).toBe('2028-12-20');
    expect(addDays('2022-01-01', -1)).toBe('2021-12-31');
    expect(addDays('2020-01-01', 366)).toBe('2021-01-01');
  });
});

describe('federalHolidays', () => {
  it('2022 as observed (OPM): New Year observed in 2021, Juneteenth and Christmas moved to Monday', () => {
    expect(federalHolidays(2022)).toEqual([
      '2022-01-17',
      '2022-02-21',
      '2022-05-30',
      '2022-06-20',
      '2022-07-04',
      '2022-09-05',
      '2022-10-10',
      '2022-11-11',
      '2022-11-24',
      '2022-12-26',
    ]);
  });
  it('2021: Inauguration Day, Saturday holidays on the Friday before, and New Year 2022 on Dec 31', () => {
    expect(federalHolidays(2021)).toEqual([
      '2021-01-01',
      '2021-01-18',
      '2021-01-20',
      '2021-02-15',
      '2021-05-31',
      '2021-06-18',
      '2021-07-05',
      '2021-09-06',
      '2021-10-11',
      '2021-11-11',
      '2021-11-25',
      '2021-12-24',
      '2021-12-31',
    ]);
  });
  it('2023: New Year and Veterans Day shifted (Sunday → Monday, Saturday → Friday)', () => {
    const days = federalHolidays(2023);
    expect(days).toContain('2023-01-02');
    expect(days).toContain('2023-11-10');
    expect(days).not.toContain('2023-01-01');
    expect(days).toHaveLength(11);
  });
  it('Juneteenth only from 2021', () => {
    expect(federalHolidays(2020)).not.toContain('2020-06-19');
    expect(federalHolidays(2023)).toContain('2023-06-19');
  });
  it('MLK Day only from 1986', () => {
    expect(federalHolidays(1984)).not.toContain('1984-01-16'); // would-be 3rd Monday
    expect(federalHolidays(1984)).toHaveLength(9);
    expect(federalHolidays(1986)).toContain('1986-01-20');
  });
  it('Inauguration Day every 4 years from 1965, moved to Jan 21 when Jan 20 is a Sunday', () => {
    expect(federalHolidays(2025)).toContain('2025-01-20'); // also MLK Day, listed once
    expect(federalHolidays(2025).filter((d) => d === '2025-01-20')).toHaveLength(1);
    expect(federalHolidays(1985)).toContain('1985-01-21');
    expect(federalHolidays(1985)).not.toContain('1985-01-20');
    expect(federalHolidays(2029)).toContain('2029-01-20');
    expect(federalHolidays(2024)).not.toContain('2024-01-20');
    expect(federalHolidays(1965)).toContain('1965-01-20');
    expect(federalHolidays(1961)).not.toContain('1961-01-20');
  });
  it('Monday holidays before 1971 fell on fixed dates; Veterans Day was in October 1971–1977', () => {
    expect(federalHolidays(1970)).toContain('1970-02-23'); // Feb 22 was a Sunday
    expect(federalHolidays(1970)).toContain('1970-05-29'); // May 30 was a Saturday
    expect(federalHolidays(1975)).toContain('1975-10-27');
    expect(federalHolidays(1975)).not.toContain('1975-11-11');
    expect(federalHolidays(1978)).toContain('1978-11-10'); // Nov 11 was a Saturday
  });
  it('returns a copy callers cannot use to change the table', () => {
    federalHolidays(2024).push('2024-03-01');
    expect(federalHolidays(2024)).not.toContain('2024-03-01');
  });
});

describe('isBusinessDay', () => {
  it('weekends and observed holidays are not business days', () => {
    expect(isBusinessDay('2022-02-19')).toBe(false); // Saturday
    expect(isBusinessDay('2022-02-20')).toBe(false); // Sunday
    expect(isBusinessDay('2022-02-21')).toBe(false); // Washington's Birthday
    expect(isBusinessDay('2022-02-22')).toBe(true);
  });
  it('Dec 31 is a holiday when New Year falls on a Saturday, and only then', () => {
    expect(isBusinessDay('2021-12-31')).toBe(false);
    expect(isBusinessDay('2010-12-31')).toBe(false); // 2011-01-01 was a Saturday
    expect(isBusinessDay('2020-12-31')).toBe(true);
  });
  it('Inauguration Day 2025-01-20 is not a business day', () => {
    expect(isBusinessDay('2025-01-20')).toBe(false);
    expect(isBusinessDay('2025-01-21')).toBe(true);
  });
  it('a closure date given by the caller is not a business day', () => {
    const closures = new Set(['2025-01-09']); // national day of mourning (President Carter)
    expect(isBusinessDay('2025-01-09')).toBe(true);
    expect(isBusinessDay('2025-01-09', closures)).toBe(false);
  });
});

describe('nextBusinessDay (35 USC 21(b))', () => {
  it('returns a business day unchanged', () => {
    expect(nextBusinessDay('2022-02-22')).toBe('2022-02-22');
  });
  it('a Saturday due date rolls to Monday', () => {
    expect(nextBusinessDay('2021-08-21')).toBe('2021-08-23');
  });
  it('rolls past a Monday holiday (§1.2: 6 months from 2021-08-19 = Sat 2022-02-19 → Tue 02-22)', () => {
    expect(nextBusinessDay(addMonths('2021-08-19', 6))).toBe('2022-02-22');
  });
  it('rolls past Dec 31 observed New Year and the weekend', () => {
    expect(nextBusinessDay('2021-12-31')).toBe('2022-01-03');
  });
  it('rolls past a Sunday and Labor Day (1985-09-01 → 1985-09-03)', () => {
    expect(nextBusinessDay('1985-09-01')).toBe('1985-09-03');
  });
  it('Juneteenth rolls a due date only from 2021', () => {
    expect(nextBusinessDay('2020-06-19')).toBe('2020-06-19');
    expect(nextBusinessDay('2023-06-19')).toBe('2023-06-20');
  });
  it('rolls past Inauguration Day and a run of closures', () => {
    expect(nextBusinessDay('2025-01-18')).toBe('2025-01-21');
    expect(nextBusinessDay('2025-01-09', new Set(['2025-01-09', '2025-01-10']))).toBe('2025-01-13');
  });
});
