import { describe, expect, it } from 'vitest';
import { datedName, isCalendarDate, weeklyName } from './file-date.js';

describe('isCalendarDate', () => {
  it('accepts real days only', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2024-13-01')).toBe(false);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2024-1-01')).toBe(false);
    expect(isCalendarDate('20240101')).toBe(false);
  });
});

describe('dates in file names', () => {
  it('reads YYYYMMDD or YYYY-MM-DD anywhere in the name', () => {
    expect(datedName('PTFWPRD-20261120.zip')).toBe('2026-11-20');
    expect(datedName('pftw_2026-11-19_daily.json')).toBe('2026-11-19');
    expect(datedName('US11646472-20230509.XML')).toBe('2023-05-09');
    expect(datedName('ipgb20221025_wk43.zip')).toBe('2022-10-25');
  });

  it('finds none in document numbers and other digit runs', () => {
    expect(datedName('US20221231234A1-v45.xml')).toBeNull();
    expect(datedName('US20220240350A1-v46.xml')).toBeNull();
    expect(datedName('US11646472B2-v47.xml')).toBeNull();
    expect(datedName('17248024.application.json')).toBeNull();
    expect(datedName('ptfwpre-synthetic-demo.json')).toBeNull();
  });

  it('reads the weekly names of grants and publications, two-digit year', () => {
    expect(weeklyName('ipg')('ipg221025.xml')).toBe('2022-10-25');
    expect(weeklyName('ipa')('ipa230117.zip')).toBe('2023-01-17');
    expect(weeklyName('ipg')('ipgb20221025.excerpt.xml')).toBe('2022-10-25');
    expect(weeklyName('ipg')('ipg221399.xml')).toBeNull();
  });
});
