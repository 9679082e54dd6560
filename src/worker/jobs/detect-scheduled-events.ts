import { Type } from 'typebox';
import { scheduledDetectors } from '../../products/registry.js';
import { detectScheduledEvents } from '../../ingest/scheduled.js';
import { defineJob } from '../job-type.js';
import { scheduleEntry } from '../schedule.js';

/**
 * Time-driven events (fee windows opening, reply deadlines coming due): every product's
 * scheduled detectors, run nightly. Idempotent: event ids are stable (D17), so a second run of
 * the same night records nothing new.
 */
export const detectScheduled = defineJob({
  name: 'events.detect-scheduled',
  payload: Type.Object({ $version: Type.Literal(1) }),
  retry: { limit: 3, delaySeconds: 300, backoff: true },
  expireInSeconds: 60 * 60,
  concurrency: 1,
  dedupeKey: () => 'detect-scheduled',
  async handle(_payload, { services, log }) {
    const outcomes = await detectScheduledEvents(
      services.context.db,
      scheduledDetectors(),
      new Date(),
      services.context.config.officeClosures,
    );
    log.info({ outcomes }, 'scheduled event detection finished');
  },
});

/** Nightly, after the office's daily files are out (05:30 UTC is after midnight US Eastern and Pacific). */
export const detectScheduledNightly = scheduleEntry({
  name: detectScheduled.name,
  job: detectScheduled,
  rule: { cron: '30 5 * * *' },
  payload: () => ({ $version: 1 as const }),
});
