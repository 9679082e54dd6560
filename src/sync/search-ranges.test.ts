import { describe, expect, it } from 'vitest';
import type { PortalSearchSpec } from '../ingest/portal-search.js';
import { dayRanges, searchStart } from './search-ranges.js';

const spec = (overlapDays: number): PortalSearchSpec => ({
  name: 'proceedings',
  path: '/search',
  protocol: 'odp-search',
  bag: 'bag',
  stampField: 'lastModifiedDateTime',
  overlapDays,
  rangeDays: 31,
  pageSize: 100,
});

describe('dayRanges', () => {
  it('cuts the days into ranges of the given length, the last one ending on the last day', () => {
    // 2026-01-01..2026-03-05 is 64 days: 31 + 31 + 2.
    expect(dayRanges('2026-01-01', '2026-03-05', 31)).toEqual([
      { from: '2026-01-01', to: '2026-01-31' },
      { from: '2026-02-01', to: '2026-03-03' },
      { from: '2026-03-04', to: '2026-03-05' },
    ]);
  });

  it('gives one range of one day a day, across a month end and a leap day', () => {
    expect(dayRanges('2028-02-28', '2028-03-01', 1)).toEqual([
      { from: '2028-02-28', to: '2028-02-28' },
      { from: '2028-02-29', to: '2028-02-29' },
      { from: '2028-03-01', to: '2028-03-01' },
    ]);
  });

  it('gives none when the start is after the end, and one for a single day', () => {
    expect(dayRanges('2026-11-29', '2026-11-28', 1)).toEqual([]);
    expect(dayRanges('2026-11-28', '2026-11-28', 31)).toEqual([{ from: '2026-11-28', to: '2026-11-28' }]);
  });
});

describe('searchStart', () => {
  const today = '2026-11-28';
  const at = (watermark: string | null, resumeFrom: string | null = null) => ({ watermark, resumeFrom });

  it('asks again the overlap before the watermark; a first sync asks the overlap back from today', () => {
    // 10 days before 2026-11-20 is 2026-11-10; 2 before 2026-03-01 is 2026-02-27.
    expect(searchStart(spec(10), at('2026-11-20'), { since: null, today })).toBe('2026-11-10');
    expect(searchStart(spec(2), at('2026-03-01'), { since: null, today })).toBe('2026-02-27');
    expect(searchStart(spec(2), at(null), { since: null, today })).toBe('2026-11-26');
  });

  it('--since wins; a start asked for earlier holds until a range of it is loaded', () => {
    expect(searchStart(spec(10), at('2026-11-20'), { since: '2017-10-01', today })).toBe('2017-10-01');
    expect(searchStart(spec(10), at('2026-11-20', '2017-10-01'), { since: null, today })).toBe('2017-10-01');
    expect(searchStart(spec(10), at(null, '2012-09-16'), { since: null, today })).toBe('2012-09-16');
  });
});
