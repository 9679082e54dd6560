import { Type } from 'typebox';
import { deleteStaleIngestRuns } from '../../db/ingest-runs-retention.sql.js';
import { defineJob } from '../job-type.js';
import { scheduleEntry } from '../schedule.js';

/** Rows per DELETE: short statements, so on the embedded engine no request waits long behind one. */
const BATCH = 1_000;
/** Failed runs stay visible to operators (`ingest_runs.error`) this long. */
const INGEST_RUN_RETENTION_DAYS = 90;

/**
 * Deletes failed and abandoned ingest runs past their retention (see deleteStaleIngestRuns).
 * Idempotent: a second run finds nothing left to delete.
 */
export const pruneIngestRuns = defineJob({
  name: 'maintenance.prune-ingest-runs',
  payload: Type.Object({
    $version: Type.Literal(1),
    // At least a week: a run still `running` after that is dead, never a slow backfile load.
    retention_days: Type.Integer({ minimum: 7, maximum: 3650 }),
  }),
  retry: { limit: 3, delaySeconds: 60, backoff: true },
  expireInSeconds: 15 * 60,
  concurrency: 1,
  dedupeKey: () => 'prune-ingest-runs',
  async handle(payload, { services, signal, log }) {
    let deleted = 0;
    for (;;) {
      signal.throwIfAborted();
      const batch = await deleteStaleIngestRuns(services.context.db, { olderThanDays: payload.retention_days, limit: BATCH });
      deleted += batch;
      if (batch < BATCH) break;
    }
    log.info({ deleted, retention_days: payload.retention_days }, 'stale ingest runs pruned');
  },
});

/** Daily, at a quiet hour for US users (04:17 UTC), off the round hour other schedules favour. */
export const pruneIngestRunsDaily = scheduleEntry({
  name: pruneIngestRuns.name,
  job: pruneIngestRuns,
  rule: { cron: '17 4 * * *' },
  payload: () => ({ $version: 1 as const, retention_days: INGEST_RUN_RETENTION_DAYS }),
});
