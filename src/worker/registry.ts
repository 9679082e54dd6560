import type { JobType } from './job-type.js';
import { detectScheduled, detectScheduledNightly } from './jobs/detect-scheduled-events.js';
import { pruneIngestRuns, pruneIngestRunsDaily } from './jobs/prune-ingest-runs.js';
import { resolveEntitiesEveryMinute, resolveEntitiesJob } from './jobs/resolve-entities.js';
import { rollUpUsage, rollUpUsageHourly } from './jobs/roll-up-usage.js';
import { sweepLeases, sweepLeasesEvery15s } from './jobs/sweep-leases.js';
import { syncNightly, syncNightlySchedule } from './jobs/sync-nightly.js';
import type { ScheduleEntry } from './schedule.js';
import { refreshStatisticsJob, refreshStatisticsNightly } from './jobs/refresh-statistics.js';
import { refreshDeadlinesEveryMinute, refreshDeadlinesJob } from './jobs/refresh-deadlines.js';

export interface Registration {
  job: JobType;
  /** Set when the job also runs on a schedule. */
  schedule?: ScheduleEntry;
}

/** Every job type the worker runs: adding one is its module in jobs/ and one line here. */
export const REGISTRY: readonly Registration[] = [
  { job: pruneIngestRuns, schedule: pruneIngestRunsDaily },
  { job: sweepLeases, schedule: sweepLeasesEvery15s },
  { job: rollUpUsage, schedule: rollUpUsageHourly },
  { job: detectScheduled, schedule: detectScheduledNightly },
  { job: resolveEntitiesJob, schedule: resolveEntitiesEveryMinute },
  { job: syncNightly, schedule: syncNightlySchedule },
  { job: refreshStatisticsJob, schedule: refreshStatisticsNightly },
  { job: refreshDeadlinesJob, schedule: refreshDeadlinesEveryMinute },
];
