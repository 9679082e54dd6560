import { Type } from 'typebox';
import { resolveEntities } from '../../products/registry.js';
import { defineJob } from '../job-type.js';
import { scheduleEntry } from '../schedule.js';

/**
 * Entity resolution after ingests: the names the file wrapper and assignment loads
 * wrote since the last run are filed under entities and the applications they touch relinked.
 * A run with nothing new reads two partial indexes and stops. Idempotent: a resolved party is
 * not read again, and a batch interrupted by a crash is found unresolved by the next run.
 */
export const resolveEntitiesJob = defineJob({
  name: 'entities.resolve',
  payload: Type.Object({ $version: Type.Literal(1) }),
  retry: { limit: 3, delaySeconds: 60, backoff: true },
  expireInSeconds: 60 * 60,
  concurrency: 1,
  dedupeKey: () => 'resolve-entities',
  async handle(_payload, { services, log }) {
    const summary = await resolveEntities(services.context.db);
    if (summary.families !== null) {
      services.provenance.invalidate();
      log.info({ summary }, 'entity resolution finished');
    }
  },
});

/** Every minute: an ingest's names are resolved within a minute or so of its last batch. */
export const resolveEntitiesEveryMinute = scheduleEntry({
  name: resolveEntitiesJob.name,
  job: resolveEntitiesJob,
  rule: { everySeconds: 60 },
  payload: () => ({ $version: 1 as const }),
});
