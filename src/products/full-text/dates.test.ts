import { describe, expect, it } from 'vitest';
import { printedDate, xmlDate } from './dates.js';

describe('xmlDate', () => {
  it('reads full YYYYMMDD dates only', () => {
    expect(xmlDate('20230509')).toBe('2023-05-09');
    expect(xmlDate(' 20230509\n')).toBe('2023-05-09');
    expect(xmlDate('20230500')).toBeNull();
    expect(xmlDate('20230230')).toBeNull();
    expect(xmlDate('2023-05-09')).toBeNull();
    expect(xmlDate('')).toBeNull();
    expect(xmlDate(null)).toBeNull();
  });
});

describe('printedDate', () => {
  it('keeps the printed precision', () => {
    expect(printedDate('19670912')).toBe('1967-09-12');
    expect(printedDate('19670900')).toBe('1967-09');
    expect(printedDate('19670000')).toBe('1967');
  });

  it('gives null for what cannot be a date', () => {
    expect(printedDate('19670012')).toBeNull();
    expect(printedDate('19671300')).toBeNull();
    expect(printedDate('19670231')).toBeNull();
    expect(printedDate('00000000')).toBeNull();
    expect(printedDate('1967')).toBeNull();
    expect(printedDate(null)).toBeNull();
  });
});
