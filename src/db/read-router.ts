import type { CopyValue } from './copy-text.js';
import type { Database, Queryable, QueryResult } from './database.js';

export interface ReplicaStatus {
  /** Where reads go now: the replica when it is reachable and caught up, else the primary. */
  reads: 'replica' | 'primary';
  /** How far the replica's replay is behind the primary's WAL, in bytes; null when unknown (unreachable). */
  lag_bytes: number | null;
  /** Time since the replica replayed its last transaction while behind; 0 when caught up; null when unknown. */
  lag_ms: number | null;
  checked_at: string | null;
}

/** Connection failures (class 08, shutdown 57P0x, refused sockets) and recovery conflicts (40001): the replica's trouble, not the query's. */
function replicaTrouble(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string') return true;
  return code.startsWith('08') || code.startsWith('57P0') || code === '40001' || code.startsWith('E');
}

export interface ReadRouterOptions {
  /** How often the primary's WAL position and the replica's replay are compared. */
  checkEveryMs: number;
  /** A replica further behind than this (time since its last replayed transaction, while behind) is bypassed. */
  maxLagMs: number;
}

/**
 * Reads of data routes on a streaming replica (DATABASE_READ_URL), everything else on the
 * primary. Answers are cached under the data version that provenance reads, so the version and
 * the rows must come from one database: reads move to the replica only once it has replayed
 * everything the primary held when the check began (so no earlier primary read saw newer data
 * than the replica holds), and back to the primary when the replica falls behind by more than
 * `maxLagMs` or cannot be reached (newer data under an older version is harmless: it is
 * recomputed when the version turns). Transactions and writes always use the primary.
 */
export class ReadRouter implements Database {
  readonly engine = 'postgresql' as const;
  private onReplica = false;
  private status: ReplicaStatus = { reads: 'primary', lag_bytes: null, lag_ms: null, checked_at: null };
  private timer: NodeJS.Timeout | null = null;
  private checking: Promise<void> | null = null;
  /** Statements sent to each side (the replica test reads them). */
  readonly counts = { replica: 0, primary: 0 };

  constructor(
    private readonly primary: Database,
    private readonly replica: Database,
    private readonly options: ReadRouterOptions,
  ) {}

  /** Checks now, then every `checkEveryMs` (unref'd: it never holds the process open). */
  async start(): Promise<void> {
    await this.check();
    this.timer = setInterval(() => void this.check(), this.options.checkEveryMs);
    this.timer.unref();
  }

  replicaStatus(): ReplicaStatus {
    return this.status;
  }

  /** One comparison of the two, at most one at a time. */
  check(): Promise<void> {
    this.checking ??= this.compare().finally(() => (this.checking = null));
    return this.checking;
  }

  private async compare(): Promise<void> {
    const checkedAt = new Date().toISOString();
    try {
      // The primary first: a replica that has replayed this position holds everything committed before the check began.
      const primary = await this.primary.query<{ lsn: string }>(/* SQL */ `SELECT pg_current_wal_lsn()::text AS lsn`);
      const { rows } = await this.replica.query<{ behind: string; idle_ms: number | null }>(
        /* SQL */ `SELECT pg_wal_lsn_diff($1::pg_lsn, pg_last_wal_replay_lsn())::text AS behind,
                          (extract(epoch FROM now() - pg_last_xact_replay_timestamp()) * 1000)::float8 AS idle_ms`,
        [primary.rows[0]!.lsn],
      );
      const behind = Math.max(0, Number(rows[0]!.behind));
      const lagMs = behind === 0 ? 0 : (rows[0]!.idle_ms ?? null);
      if (behind === 0) this.onReplica = true;
      else if (lagMs === null || lagMs > this.options.maxLagMs) this.onReplica = false;
      this.status = { reads: this.onReplica ? 'replica' : 'primary', lag_bytes: behind, lag_ms: lagMs, checked_at: checkedAt };
    } catch {
      this.onReplica = false;
      this.status = { reads: 'primary', lag_bytes: null, lag_ms: null, checked_at: checkedAt };
    }
  }

  query<R = Record<string, unknown>>(sql: string, params?: readonly unknown[], options?: { name?: string }): Promise<QueryResult<R>> {
    if (!this.onReplica) {
      this.counts.primary += 1;
      return this.primary.query<R>(sql, params, options);
    }
    this.counts.replica += 1;
    return this.replica.query<R>(sql, params, options).catch((error: unknown) => {
      if (!replicaTrouble(error)) throw error;
      // A replica gone, restarting, or cancelling a read for replay does not fail the request.
      this.onReplica = false;
      this.counts.primary += 1;
      return this.primary.query<R>(sql, params, options);
    });
  }

  exec(sql: string): Promise<void> {
    return this.primary.exec(sql);
  }

  copyFrom(table: string, columns: readonly string[], rows: readonly (readonly CopyValue[])[]): Promise<void> {
    return this.primary.copyFrom(table, columns, rows);
  }

  copyText(table: string, columns: readonly string[], text: string): Promise<void> {
    return this.primary.copyText(table, columns, text);
  }

  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.primary.transaction(fn);
  }

  /** Closes the replica's pool only: the primary belongs to the caller. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.checking;
    await this.replica.close();
  }
}
