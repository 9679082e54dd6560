import { describe, expect, it } from 'vitest';
import { entityStatus, excerpt, flag, integer, odpDate, text } from './fields.js';

// The field readers the record mapper is built from. Values are taken from
// samples/file-wrapper-json (paths relative to /work/shared/samples).

describe('odpDate', () => {
  it('reads ODP YYYY-MM-DD dates', () => {
    expect(odpDate('2023-05-09')).toBe('2023-05-09');
  });
  it('takes the date part of timestamps as written, without zone shifts', () => {
    expect(odpDate('2026-05-02T13:00:02')).toBe('2026-05-02');
    expect(odpDate('2023-10-03T09:18:25.000-0400')).toBe('2023-10-03');
    expect(odpDate('2017-04-10T04:00:00Z')).toBe('2017-04-10');
    expect(odpDate('2004-02-27 00:00:00')).toBe('2004-02-27');
  });
  it('reads MM-DD-YYYY and MM/DD/YYYY (PEDS continuity, PTAB v2)', () => {
    expect(odpDate('02-26-2004')).toBe('2004-02-26');
    expect(odpDate('08/13/2003')).toBe('2003-08-13');
  });
  it('reads YYYYMMDD', () => {
    expect(odpDate('20210126')).toBe('2021-01-26');
  });
  it('maps the "no date" sentinels and "null" to null', () => {
    expect(odpDate('0001-01-01T00:00:00')).toBeNull();
    expect(odpDate('0001-01-03T05:00:00Z')).toBeNull();
    expect(odpDate('null')).toBeNull();
    expect(odpDate('')).toBeNull();
    expect(odpDate(null)).toBeNull();
    expect(odpDate(undefined)).toBeNull();
  });
  it('maps impossible dates to null', () => {
    expect(odpDate('2023-02-30')).toBeNull();
    expect(odpDate('2023-13-01')).toBeNull();
    expect(odpDate('13-01-2020')).toBeNull();
    expect(odpDate('2024-02-29')).toBe('2024-02-29');
    expect(odpDate('2023-02-29')).toBeNull();
  });
  it('rejects non-strings and other shapes', () => {
    expect(odpDate(20230509)).toBeNull();
    expect(odpDate('May 9, 2023')).toBeNull();
    expect(odpDate('2023-5-9')).toBeNull();
  });
});

describe('entityStatus', () => {
  it('reads the category, case-insensitively', () => {
    expect(entityStatus('Regular Undiscounted', false)).toBe('undiscounted');
    expect(entityStatus('Small', undefined)).toBe('small');
    expect(entityStatus('MICRO', undefined)).toBe('micro');
    expect(entityStatus(' small ', undefined)).toBe('small');
  });
  it('trusts the category over the indicator (odp-v1/18597857: Small with indicator false)', () => {
    expect(entityStatus('Small', false)).toBe('small');
    expect(entityStatus('Regular Undiscounted', true)).toBe('undiscounted');
  });
  it('falls back to smallEntityStatusIndicator only when the category is absent', () => {
    expect(entityStatus(undefined, true)).toBe('small');
    expect(entityStatus(null, false)).toBe('undiscounted');
    expect(entityStatus('', 'Y')).toBe('small');
    expect(entityStatus(undefined, undefined)).toBeNull();
  });
  it('gives null for an unknown category instead of guessing', () => {
    expect(entityStatus('Government', true)).toBeNull();
  });
});

describe('scalar readers', () => {
  it('flag reads Y/N, Yes/No and booleans', () => {
    expect(flag('Y')).toBe(true);
    expect(flag('N')).toBe(false);
    expect(flag('Yes')).toBe(true);
    expect(flag(false)).toBe(false);
    expect(flag('maybe')).toBeNull();
  });
  it('integer reads ints and digit strings only', () => {
    expect(integer(150)).toBe(150);
    expect(integer(' 161 ')).toBe(161);
    expect(integer(51.5)).toBeNull();
    expect(integer('15O')).toBeNull();
  });
  it('text trims only the ends', () => {
    expect(text('Abandoned  --  Failure to Respond to an Office Action ')).toBe('Abandoned  --  Failure to Respond to an Office Action');
    expect(text(' \t')).toBeNull();
    expect(text(1727)).toBe('1727');
  });
  it('excerpt stops at 200 characters without serialising everything', () => {
    const big = { a: Array.from({ length: 100_000 }, (_, i) => i) };
    const e = excerpt(big);
    expect(e.length).toBe(200);
    expect(e.startsWith('{"a":[0,1,2,')).toBe(true);
    expect(excerpt({ x: 'y' })).toBe('{"x":"y"}');
  });
});
