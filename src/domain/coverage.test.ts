import { describe, expect, it } from 'vitest';
import { coverageRanges, describeRanges } from './coverage.js';

describe('coverageRanges', () => {
  it('merges weekly files into ranges and starts a new one after a missing week', () => {
    const ranges = coverageRanges(['2026-01-13', '2026-01-06', '2026-01-20', '2026-02-03', '2026-02-03', '2026-06-02']);
    expect(ranges).toEqual([
      { from: '2026-01-06', to: '2026-01-20', files: 3 },
      { from: '2026-02-03', to: '2026-02-03', files: 1 },
      { from: '2026-06-02', to: '2026-06-02', files: 1 },
    ]);
    expect(describeRanges(ranges)).toBe('2026-01-06 to 2026-01-20 (3 weekly files), 2026-02-03, 2026-06-02');
  });

  it('crosses a year boundary by days, not by text', () => {
    expect(coverageRanges(['2025-12-30', '2026-01-06'])).toEqual([{ from: '2025-12-30', to: '2026-01-06', files: 2 }]);
  });

  it('describes nothing loaded as null', () => {
    expect(coverageRanges([])).toEqual([]);
    expect(describeRanges([])).toBeNull();
  });
});
