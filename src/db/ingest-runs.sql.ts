import type { Queryable } from './database.js';

/** One row per file loaded: `running` until it ends `succeeded` or `failed`. */
export async function insertIngestRun(db: Queryable, file: { product: string; fileName: string; fileDate: string }): Promise<number> {
  const { rows } = await db.query<{ run_id: number }>(
    /* SQL */ `INSERT INTO ingest_runs (product, file_name, file_date, started_at, outcome)
               VALUES ($1, $2, $3, now(), 'running') RETURNING run_id`,
    [file.product, file.fileName, file.fileDate],
  );
  return Number(rows[0]!.run_id);
}

/** What a run counted so far, as its ingest_runs row records it. */
export interface IngestCounts {
  read: number;
  inserted: number;
  updated: number;
  unchanged: number;
  rejected: number;
  events: number;
}

export interface IngestRunProgress extends IngestCounts {
  rejects: unknown;
  skipped: unknown;
}

export async function updateIngestRunProgress(db: Queryable, runId: number, p: IngestRunProgress): Promise<void> {
  await db.query(
    /* SQL */ `UPDATE ingest_runs SET records_read = $2, inserted = $3, updated = $4, unchanged = $5,
                 rejected = $6, events = $7, rejects = $8, skipped = $9 WHERE run_id = $1`,
    [runId, p.read, p.inserted, p.updated, p.unchanged, p.rejected, p.events, JSON.stringify(p.rejects), JSON.stringify(p.skipped)],
  );
}

export async function markIngestRunSucceeded(db: Queryable, runId: number): Promise<void> {
  await db.query(/* SQL */ `UPDATE ingest_runs SET outcome = 'succeeded', finished_at = now() WHERE run_id = $1`, [runId]);
}

export async function markIngestRunFailed(db: Queryable, runId: number, error: string): Promise<void> {
  await db.query(/* SQL */ `UPDATE ingest_runs SET outcome = 'failed', finished_at = now(), error = $2 WHERE run_id = $1`, [runId, error]);
}
