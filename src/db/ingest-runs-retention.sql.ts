import type { Queryable } from './database.js';

/**
 * Deletes up to `limit` ingest runs that failed, or never finished (their process was killed),
 * and started more than `olderThanDays` ago. A run whose committed batches recorded events is
 * kept: those events name it as their provenance. Succeeded runs are never deleted (coverage
 * is read from them). Returns how many rows went.
 */
export async function deleteStaleIngestRuns(executor: Queryable, options: { olderThanDays: number; limit: number }): Promise<number> {
  const { rowCount } = await executor.query(
    /* SQL ingest_runs_delete_stale */ `
      DELETE FROM ingest_runs
      WHERE run_id IN (
        SELECT r.run_id FROM ingest_runs r
        WHERE r.outcome IN ('failed', 'running')
          AND r.started_at < now() - make_interval(days => $1)
          AND NOT EXISTS (SELECT 1 FROM events e WHERE e.run_id = r.run_id)
        ORDER BY r.run_id
        LIMIT $2
      )`,
    [options.olderThanDays, options.limit],
  );
  return rowCount;
}
