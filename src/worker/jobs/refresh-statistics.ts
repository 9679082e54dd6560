import { Type } from 'typebox';
import { refreshStatistics } from '../../resources/statistics/compute.js';
import { defineJob } from '../job-type.js';
import { scheduleEntry } from '../schedule.js';

/**
 * The nightly statistics: the examiner and art-unit tables, then the entities above the
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

/**
 * With USPTO_API_KEY the nightly sync runs the statistics when it has loaded the day's files;
 * without it (files loaded by hand), every night at 05:45 US Eastern.
 */
export const refreshStatisticsNightly = scheduleEntry({
  name: refreshStatisticsJob.name,
  job: refreshStatisticsJob,
  rule: (config) => (config.sync.usptoApiKey === null ? { cron: '45 5 * * *', timeZone: 'America/New_York' } : null),
  ruleText: 'nightly at 05:45 US Eastern without USPTO_API_KEY; with it, after the nightly sync',
  payload: () => ({ $version: 1 as const }),
});
