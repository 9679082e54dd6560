import type { Queryable } from './database.js';

export interface QueueDepthRow {
  job: string;
  state: 'created' | 'retry' | 'active';
  jobs: number;
}

/**
 * Jobs waiting (created, retry) and running (active) per queue of pg-boss's `pgboss` schema
 * (worker/queue.ts owns it), read with plain SQL so that a process without a queue of its own (the
 * server on PostgreSQL, whose workers are other processes) can report them. Every queue gets all
 * three rows, zeros included, so a queue that empties shows 0 rather than vanishing. Empty before
 * a worker has ever created the schema.
 */
export async function countQueuedJobs(db: Queryable): Promise<QueueDepthRow[]> {
  const { rows: present } = await db.query<{ present: boolean }>(
    /* SQL job_queue_present */ `SELECT to_regclass('pgboss.job') IS NOT NULL AND to_regclass('pgboss.queue') IS NOT NULL AS present`,
  );
  if (!present[0]?.present) return [];
  const { rows } =
    await db.query<QueueDepthRow>(/* SQL job_queue_count_by_state */ `SELECT q.name AS job, s.state::text AS state, count(j.id)::int AS jobs
       FROM pgboss.queue q
       CROSS JOIN unnest(ARRAY['created', 'retry', 'active']::pgboss.job_state[]) AS s(state)
       LEFT JOIN pgboss.job j ON j.name = q.name AND j.state = s.state
       GROUP BY q.name, s.state
       ORDER BY q.name, s.state`);
  return rows;
}
