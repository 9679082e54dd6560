-- Why: the worker's cron-like schedule (src/worker/schedule.ts) must enqueue each slot of each
-- entry exactly once, however many worker processes tick at the same moment, and catch up with
-- the newest missed slot after every worker was down. One row per schedule entry records the
-- newest slot enqueued; a worker claims a slot with a conditional upsert (the row lock
-- serialises competing workers) and enqueues the job in the same transaction, so a claim
-- without its job cannot commit. The job queue itself is pg-boss's `pgboss` schema, which
-- pg-boss creates and upgrades (under an advisory lock) when a queue is opened.
-- Rolling deploys: new table only.

CREATE TABLE job_schedule (
  name       text PRIMARY KEY,                 -- schedule entry, e.g. maintenance.prune-ingest-runs
  last_slot  timestamptz NOT NULL,             -- start of the newest slot enqueued
  claimed_at timestamptz NOT NULL              -- when that slot was enqueued (is the schedule alive?)
);
