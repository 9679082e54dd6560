import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { REGISTRY } from './registry.js';

describe('job registry', () => {
  it('names each job type once, and each schedule entry enqueues its own registered job', () => {
    const names = REGISTRY.map(({ job }) => job.name);
    expect(new Set(names).size).toBe(names.length);
    for (const { job, schedule } of REGISTRY) {
      expect(job.name).toMatch(/^[a-z]+\.[a-z][a-z-]*$/);
      if (schedule) expect(schedule.job).toBe(job);
    }
  });

  it('every payload is versioned, and a scheduled payload passes its own schema', () => {
    for (const { job, schedule } of REGISTRY) {
      expect(Value.Check(job.payload, {})).toBe(false);
      if (schedule) {
        const payload = schedule.payload(new Date('2026-05-01T04:17:00Z')) as Record<string, unknown>;
        expect(payload).toHaveProperty('$version');
        expect(Value.Check(job.payload, payload)).toBe(true);
        expect(Value.Check(job.payload, { ...payload, $version: 999 })).toBe(false);
      }
    }
  });
});
