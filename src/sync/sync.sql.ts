/** The sync tables (migration 0020): every portal file seen per product, and each product's last sync and claim. */
import type { Queryable } from '../db/database.js';

export type SyncFileStatus = 'pending' | 'downloaded' | 'ingested' | 'failed' | 'refused';

export interface SyncFileRow {
  file_name: string;
  file_size: number;
  file_modified: string | null;
  status: SyncFileStatus;
  attempts: number;
  /** SHA-256 of the version last ingested (or refused): the same bytes re-issued are not loaded again. */
  checksum: string | null;
}

export async function listSyncFiles(db: Queryable, product: string): Promise<Map<string, SyncFileRow>> {
  const { rows } = await db.query<SyncFileRow>(
    /* SQL */ `SELECT file_name, file_size, file_modified, status, attempts, checksum FROM sync_files WHERE product = $1`,
    [product],
  );
  return new Map(rows.map((row) => [row.file_name, { ...row, file_size: Number(row.file_size) }]));
}

/** A file listed for the first time, or a new version of one (size or last-modified changed): pending, attempts from 0. */
export async function upsertPendingSyncFile(
  db: Queryable,
  file: { product: string; fileName: string; fileSize: number; fileModified: string | null },
): Promise<void> {
  await db.query(
    /* SQL */ `INSERT INTO sync_files (product, file_name, file_size, file_modified, status) VALUES ($1, $2, $3, $4, 'pending')
               ON CONFLICT (product, file_name) DO UPDATE SET file_size = EXCLUDED.file_size, file_modified = EXCLUDED.file_modified,
                 status = 'pending', attempts = 0, last_error = NULL, updated_at = now()`,
    [file.product, file.fileName, file.fileSize, file.fileModified],
  );
}

/** One more try of a file's download or ingest. */
export async function countSyncFileAttempt(db: Queryable, product: string, fileName: string): Promise<void> {
  await db.query(/* SQL */ `UPDATE sync_files SET attempts = attempts + 1, updated_at = now() WHERE product = $1 AND file_name = $2`, [
    product,
    fileName,
  ]);
}

export async function markSyncFileDownloaded(db: Queryable, product: string, fileName: string): Promise<void> {
  await db.query(
    /* SQL */ `UPDATE sync_files SET status = 'downloaded', downloaded_at = now(), last_error = NULL, updated_at = now()
               WHERE product = $1 AND file_name = $2`,
    [product, fileName],
  );
}

/** Loaded (by this sync's ingest run, or found loaded already): `runId` null when no run of ours loaded it. */
export async function markSyncFileIngested(
  db: Queryable,
  product: string,
  fileName: string,
  done: { checksum: string | null; fileDate: string | null; runId: number | null },
): Promise<void> {
  await db.query(
    /* SQL */ `UPDATE sync_files SET status = 'ingested', checksum = COALESCE($3, checksum), file_date = COALESCE($4::date, file_date),
                 ingest_run_id = COALESCE($5, ingest_run_id), ingested_at = now(), last_error = NULL, updated_at = now()
               WHERE product = $1 AND file_name = $2`,
    [product, fileName, done.checksum, done.fileDate, done.runId],
  );
}

/** Ended this sync unloaded: `failed` is tried again by the next sync, `refused` (not this product's file) only when it changes. */
export async function markSyncFileUnloaded(
  db: Queryable,
  product: string,
  fileName: string,
  outcome: { status: 'failed' | 'refused'; error: string; checksum?: string },
): Promise<void> {
  await db.query(
    /* SQL */ `UPDATE sync_files SET status = $3, last_error = $4, checksum = COALESCE($5, checksum), updated_at = now()
               WHERE product = $1 AND file_name = $2`,
    [product, fileName, outcome.status, outcome.error, outcome.checksum ?? null],
  );
}

/** The names of a product's files an ingest run loaded (by `ingest` or an earlier sync). */
export async function loadedFileNames(db: Queryable, product: string, names: readonly string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ file_name: string }>(
    /* SQL */ `SELECT DISTINCT file_name FROM ingest_runs WHERE product = $1 AND outcome = 'succeeded' AND file_name = ANY($2::text[])`,
    [product, names],
  );
  return new Set(rows.map((row) => row.file_name));
}

/** The date of the newest file loaded of a product (product_state), or null before its first. */
export async function lastLoadedFileDate(db: Queryable, product: string): Promise<string | null> {
  const { rows } = await db.query<{ file_date: string }>(/* SQL */ `SELECT file_date FROM product_state WHERE product = $1`, [product]);
  return rows[0]?.file_date ?? null;
}

/**
 * Takes the product for one sync for `seconds` (renewed while it works): false while another
 * sync holds it. A claim of a sync that died runs out by itself.
 */
export async function claimSyncProduct(db: Queryable, product: string, token: string, seconds: number): Promise<boolean> {
  const { rowCount } = await db.query(
    /* SQL */ `INSERT INTO sync_products (product, claimed_by, claimed_until, last_attempt_at)
               VALUES ($1, $2, now() + make_interval(secs => $3), now())
               ON CONFLICT (product) DO UPDATE SET claimed_by = EXCLUDED.claimed_by, claimed_until = EXCLUDED.claimed_until,
                 last_attempt_at = now()
               WHERE sync_products.claimed_until IS NULL OR sync_products.claimed_until < now() OR sync_products.claimed_by = $2`,
    [product, token, seconds],
  );
  return rowCount > 0;
}

export async function renewSyncClaim(db: Queryable, product: string, token: string, seconds: number): Promise<void> {
  await db.query(
    /* SQL */ `UPDATE sync_products SET claimed_until = now() + make_interval(secs => $3) WHERE product = $1 AND claimed_by = $2`,
    [product, token, seconds],
  );
}

/** Ends a sync of a product: its claim released, and either its success time or its error recorded. */
export async function releaseSyncProduct(db: Queryable, product: string, token: string, error: string | null): Promise<void> {
  await db.query(
    /* SQL */ `UPDATE sync_products SET claimed_by = NULL, claimed_until = NULL, last_error = $3,
                 last_success_at = CASE WHEN $3::text IS NULL THEN now() ELSE last_success_at END
               WHERE product = $1 AND claimed_by = $2`,
    [product, token, error],
  );
}

/** Each product's last successful sync (/health). */
export async function listLastSyncs(db: Queryable): Promise<Map<string, Date>> {
  const { rows } = await db.query<{ product: string; last_success_at: Date }>(
    /* SQL */ `SELECT product, last_success_at FROM sync_products WHERE last_success_at IS NOT NULL`,
  );
  return new Map(rows.map((row) => [row.product, row.last_success_at]));
}
