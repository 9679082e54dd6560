import { describe, expect, it } from 'vitest';
import { retryAfterMs } from './retry.js';

describe('retryAfterMs', () => {
  const now = Date.parse('2026-11-28T12:00:00Z');

  it('reads delay-seconds', () => {
    expect(retryAfterMs('0', now)).toBe(0);
    expect(retryAfterMs(' 7 ', now)).toBe(7000);
  });

  it('reads an HTTP date as the wait until then, none once it has passed', () => {
    expect(retryAfterMs('Sat, 28 Nov 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Sat, 28 Nov 2026 11:59:00 GMT', now)).toBe(0);
  });

  it('gives null when absent or unreadable', () => {
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs('-5', now)).toBeNull();
  });
});
