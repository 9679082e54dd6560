import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type Database, type Queryable, type QueryResult, PG_TYPE, parseDate, parseInt8 } from './database.js';
import { acquireDataDirLock } from './data-dir-lock.js';
import { copyTarget, toCopyText } from './copy-text.js';

type PGliteLike = Pick<PGlite, 'query' | 'exec'> | Transaction;

function wrap(target: PGliteLike): Queryable {
  // COPY FROM STDIN through a pg-style adapter kills PGlite (DESIGN.md §8): it reads /dev/blob.
  const copyText = async (table: string, columns: readonly string[], text: string): Promise<void> => {
    if (text.length === 0) return;
    await target.query(`COPY ${copyTarget(table, columns)} FROM '/dev/blob'`, [], { blob: new Blob([text]) });
  };
  return {
    async query<R>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<R>> {
      const result = await target.query<R>(sql, params as unknown[]);
      // PGlite counts only written rows in affectedRows (0 for a SELECT); pg's rowCount counts returned rows too.
      return { rows: result.rows, rowCount: Math.max(result.affectedRows ?? 0, result.rows.length) };
    },
    async exec(sql: string): Promise<void> {
      await target.exec(sql);
    },
    async copyFrom(table, columns, rows) {
      for (let start = 0; start < rows.length; start += COPY_CHUNK_ROWS)
        await copyText(table, columns, toCopyText(rows.slice(start, start + COPY_CHUNK_ROWS)));
    },
    copyText,
  };
}

/** Rows per /dev/blob chunk: bounded so one blob never holds a whole backfile batch's text. */
const COPY_CHUNK_ROWS = 50_000;

export interface PgliteOptions {
  /** Directory persisted on disk; null keeps the database in memory (tests). */
  dataDir: string | null;
  /** A dumped data directory to start from (tests share one migrated template). */
  loadDataDir?: Blob;
}

export interface PgliteDatabase extends Database {
  /** A tarball of the data directory, loadable with `loadDataDir` (tests share one migrated template). */
  dumpDataDir(): Promise<Blob>;
}

export async function openPglite(options: PgliteOptions): Promise<PgliteDatabase> {
  // Two processes on one data directory silently lose the second one's commits: refuse instead.
  const lock = options.dataDir ? acquireDataDirLock(options.dataDir) : null;
  let db: PGlite;
  try {
    db = await PGlite.create({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      extensions: { pg_trgm },
      parsers: { [PG_TYPE.DATE]: parseDate, [PG_TYPE.INT8]: parseInt8 },
      // Every commit waits for the file system: an acknowledged credit or ingest survives a crash.
      relaxedDurability: false,
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  return {
    engine: 'pglite',
    ...wrap(db),
    transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(wrap(tx)));
    },
    async dumpDataDir() {
      return db.dumpDataDir('none');
    },
    async close() {
      try {
        await db.close();
      } finally {
        lock?.release();
      }
    },
  };
}
