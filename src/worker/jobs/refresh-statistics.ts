import { Type } from 'typebox';
import { refreshStatistics } from '../../resources/statistics/compute.js';
import { defineJob } from '../job-type.js';
import { scheduleEntry } from '../schedule.js';

/**
 * The nightly statistics (issue 14): the examiner and art-unit tables, then the entities above the
 * size threshold and those queued by a request that ran out of time. Idempotent: a second run of
 * the same night computes the same numbers again.
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
    const entities = await services.entityStatistics.precompute();
    log.info({ ...night, entities }, 'statistics refreshed');
  },
});

/** Nightly, after the sync (SYNC_TIME, 03:30 US Eastern by default) has loaded the day's files. */
export const refreshStatisticsNightly = scheduleEntry({
  name: refreshStatisticsJob.name,
  job: refreshStatisticsJob,
  rule: { cron: '45 5 * * *', timeZone: 'America/New_York' },
  payload: () => ({ $version: 1 as const }),
});
