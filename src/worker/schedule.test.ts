import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { syncNightlySchedule } from './jobs/sync-nightly.js';
import { latestSlot, resolveSchedule } from './schedule.js';

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

  it('cron in a time zone: the same Eastern wall-clock time in winter and in summer', () => {
    const eastern = { cron: '30 3 * * *', timeZone: 'America/New_York' };
    expect(latestSlot(eastern, at('2026-01-15T09:00:00Z')).toISOString()).toBe('2026-01-15T08:30:00.000Z');
    expect(latestSlot(eastern, at('2026-07-15T09:00:00Z')).toISOString()).toBe('2026-07-15T07:30:00.000Z');
    expect(latestSlot(eastern, at('2026-07-15T07:29:00Z')).toISOString()).toBe('2026-07-14T07:30:00.000Z');
  });

  it('a configured rule is decided by the worker configuration: the nightly sync at SYNC_TIME, US Eastern, with a key only', () => {
    const [entry] = resolveSchedule([syncNightlySchedule], loadConfig({ SYNC_TIME: '22:05', USPTO_API_KEY: 'k' }));
    expect(entry!.rule).toEqual({ cron: '5 22 * * *', timeZone: 'America/New_York' });
    expect(resolveSchedule([syncNightlySchedule], loadConfig({}))).toEqual([]);
    expect(latestSlot({ cron: '5 22 * * *', timeZone: 'America/New_York' }, at('2026-03-10T12:00:00Z')).toISOString()).toBe(
      '2026-03-10T02:05:00.000Z',
    );
  });

  it('refuses a rule that cannot name a slot', () => {
    expect(() => latestSlot({ everySeconds: 0 }, new Date())).toThrow('everySeconds must be a positive integer');
    expect(() => latestSlot({ everySeconds: 1.5 }, new Date())).toThrow('everySeconds must be a positive integer');
    expect(() => latestSlot({ cron: '0 0 * * * *' }, new Date())).toThrow('cron needs 5 fields');
    expect(() => latestSlot({ cron: '61 * * * *' }, new Date())).toThrow();
  });
});
