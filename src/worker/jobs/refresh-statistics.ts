import { Type } from 'typebox';
import { refreshStatistics } from '../../resources/statistics/compute.js';
import { defineJob } from '../job-type.js';
import { scheduleEntry } from '../schedule.js';

/**
 * The nightly examiner and art-unit statistics (issue 14). Idempotent: a second run of the same
 * night computes the same tables again.
 */
export const refreshStatisticsJob = defineJob({
  name: 'statistics.refresh',
  payload: Type.Object({ $version: Type.Literal(1) }),
  retry: { limit: 2, delaySeconds: 900, backoff: true },
  expireInSeconds: 2 * 60 * 60,
  concurrency: 1,
  dedupeKey: () => 'statistics-refresh',
  async handle(_payload, { services, log }) {
    const night = await refreshStatistics(services.context.db);
    log.info({ ...night }, 'statistics refreshed');
  },
});

/** Nightly, after the sync (SYNC_TIME, 03:30 US Eastern by default) has loaded the day's files. */
export const refreshStatisticsNightly = scheduleEntry({
  name: refreshStatisticsJob.name,
  job: refreshStatisticsJob,
  rule: { cron: '45 5 * * *', timeZone: 'America/New_York' },
  payload: () => ({ $version: 1 as const }),
});
