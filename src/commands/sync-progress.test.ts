import { afterEach, describe, expect, it, vi } from 'vitest';
import { progressListener } from './sync-progress.js';

afterEach(() => void vi.useRealTimers());

describe('progressListener, searches', () => {
  it('writes a line a page with pages, records, the rate and the time left from the ranges done', () => {
    vi.useFakeTimers({ now: new Date('2026-11-28T03:30:00Z') });
    const written: string[] = [];
    const listener = progressListener({ line: () => undefined, rewrite: null, write: (text) => void written.push(text) });
    const range = { from: '2026-11-18', to: '2026-11-28' };
    listener.search!('OA', { search: 'oa_actions', range, pages: 1, records: 50, rangeTotal: 120, rangesDone: 0, ranges: 11 });
    vi.advanceTimersByTime(10_000);
    // 10 s for 4 of 11 ranges: 7 left at 2.5 s each, 17.5 s → 18 s; 400 records in 10 s = 40/s.
    listener.search!('OA', { search: 'oa_actions', range, pages: 9, records: 400, rangeTotal: 30, rangesDone: 4, ranges: 11 });
    vi.advanceTimersByTime(5_000);
    // Another search starts its own clock; one range only: its total is shown (no rate yet).
    listener.search!('PTAB', { search: 'proceedings', range, pages: 2, records: 130, rangeTotal: 130, rangesDone: 1, ranges: 1 });
    expect(written).toEqual([
      'OA oa_actions 2026-11-18..2026-11-28: 1 page, 50 records, range 1 of 11',
      'OA oa_actions 2026-11-18..2026-11-28: 9 pages, 400 records, 40.0/s, range 5 of 11, about 18 s left',
      'PTAB proceedings 2026-11-18..2026-11-28: 2 pages, 130 of 130 records, range 1 of 1',
    ]);
  });
});
