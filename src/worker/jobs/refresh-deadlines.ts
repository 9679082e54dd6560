import { Type } from 'typebox';
import { drainDeadlineQueue } from '../../facts/docket.js';
import { defineJob } from '../job-type.js';
import { scheduleEntry } from '../schedule.js';

/**
 * The docket's queue drained: applications whose evidence a write changed outside an ingest run
 * (a run that failed after committing batches, an operator's UPDATE), or all of them once the
 * rules or the office closures changed. A run with nothing queued reads one empty index.
 */
export const refreshDeadlinesJob = defineJob({
  name: 'deadlines.refresh',
  payload: Type.Object({ $version: Type.Literal(1) }),
  retry: { limit: 3, delaySeconds: 60, backoff: true },
  expireInSeconds: 60 * 60,
  concurrency: 1,
  dedupeKey: () => 'refresh-deadlines',
  async handle(_payload, { services, log, signal }) {
    const computed = await drainDeadlineQueue(services.context.db, { signal });
    if (computed > 0) log.info({ applications: computed }, 'deadlines computed');
  },
});

export const refreshDeadlinesEveryMinute = scheduleEntry({
  name: refreshDeadlinesJob.name,
  job: refreshDeadlinesJob,
  rule: { everySeconds: 60 },
  payload: () => ({ $version: 1 as const }),
});
