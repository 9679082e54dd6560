import { describe, expect, it } from 'vitest';
import { latestSlot } from './schedule.js';

const at = (iso: string) => new Date(iso);

describe('latestSlot', () => {
  it('every N seconds: slots aligned to the Unix epoch, the same in every process', () => {
    expect(latestSlot({ everySeconds: 15 }, at('2026-05-01T10:00:14.999Z')).toISOString()).toBe('2026-05-01T10:00:00.000Z');
    expect(latestSlot({ everySeconds: 15 }, at('2026-05-01T10:00:15.000Z')).toISOString()).toBe('2026-05-01T10:00:15.000Z');
    expect(latestSlot({ everySeconds: 86_400 }, at('2026-05-01T23:59:59Z')).toISOString()).toBe('2026-05-01T00:00:00.000Z');
  });

  it('cron, read in UTC: the newest firing at or before now', () => {
    const daily = { cron: '17 4 * * *' };
    expect(latestSlot(daily, at('2026-05-01T04:17:00.000Z')).toISOString()).toBe('2026-05-01T04:17:00.000Z');
    expect(latestSlot(daily, at('2026-05-01T04:16:59.999Z')).toISOString()).toBe('2026-04-30T04:17:00.000Z');
    expect(latestSlot(daily, at('2026-05-02T01:00:00Z')).toISOString()).toBe('2026-05-01T04:17:00.000Z');
    expect(latestSlot({ cron: '*/10 * * * *' }, at('2026-05-01T10:29:30Z')).toISOString()).toBe('2026-05-01T10:20:00.000Z');
  });

  it('refuses a rule that cannot name a slot', () => {
    expect(() => latestSlot({ everySeconds: 0 }, new Date())).toThrow('everySeconds must be a positive integer');
    expect(() => latestSlot({ everySeconds: 1.5 }, new Date())).toThrow('everySeconds must be a positive integer');
    expect(() => latestSlot({ cron: '0 0 * * * *' }, new Date())).toThrow('cron needs 5 fields');
    expect(() => latestSlot({ cron: '61 * * * *' }, new Date())).toThrow();
  });
});
