import type { Database } from '../db/database.js';
import { upsertProductState } from '../db/product-state.sql.js';

/** How many reject examples a run keeps (every reject is counted by reason; a few are shown). */
const MAX_EXAMPLES = 50;

export interface RejectTally {
  reasons: Record<string, number>;
  examples: { reason: string; position: string; excerpt: string }[];
}

export interface IngestCounts {
  read: number;
  inserted: number;
  updated: number;
  unchanged: number;
  rejected: number;
  events: number;
}

export interface IngestSummary extends IngestCounts {
  runId: number;
  product: string;
  fileName: string;
  fileDate: string;
  rejects: RejectTally;
  skipped: Record<string, number>;
  seconds: number;
}

/**
 * The bookkeeping every product's ingest shares: one `ingest_runs` row per file (running →
 * succeeded | failed), a tally of rejects by reason, and `product_state` moved on success.
 */
export class IngestRun {
  readonly counts: IngestCounts = { read: 0, inserted: 0, updated: 0, unchanged: 0, rejected: 0, events: 0 };
  readonly rejects: RejectTally = { reasons: {}, examples: [] };
  /** Records read but not loaded by design (e.g. `sequence-cwu` documents of a grant file), by reason. */
  readonly skipped: Record<string, number> = {};
  private readonly startedAt = new Date();

  private constructor(
    private readonly db: Database,
    readonly runId: number,
    readonly product: string,
    readonly fileName: string,
    readonly fileDate: string,
  ) {}

  /**
   * Runs `load` as one ingest run: `succeeded` with product_state moved when it returns,
   * `failed` (and the error rethrown) when it throws.
   */
  static async perform(
    db: Database,
    file: { product: string; fileName: string; fileDate: string },
    load: (run: IngestRun) => Promise<void>,
  ): Promise<IngestSummary> {
    const run = await IngestRun.start(db, file);
    try {
      await load(run);
      return await run.succeed();
    } catch (error) {
      await run.fail(error);
      throw error;
    }
  }

  static async start(db: Database, file: { product: string; fileName: string; fileDate: string }): Promise<IngestRun> {
    const { rows } = await db.query<{ run_id: number }>(
      /* SQL */ `INSERT INTO ingest_runs (product, file_name, file_date, started_at, outcome)
                 VALUES ($1, $2, $3, now(), 'running') RETURNING run_id`,
      [file.product, file.fileName, file.fileDate],
    );
    return new IngestRun(db, Number(rows[0]!.run_id), file.product, file.fileName, file.fileDate);
  }

  reject(reason: string, position: string, excerpt: string): void {
    // Reasons are grouped by their text before the first quote, so values do not split the tally.
    const key = reason.split('"')[0]!.trim();
    this.rejects.reasons[key] = (this.rejects.reasons[key] ?? 0) + 1;
    if (this.rejects.examples.length < MAX_EXAMPLES) this.rejects.examples.push({ reason, position, excerpt });
    this.counts.rejected += 1;
  }

  /** Adds what one batch did; called only after its commit, so a failed batch leaves the counts true. */
  addCommitted(batch: Pick<IngestCounts, 'inserted' | 'updated' | 'unchanged' | 'events'>): void {
    this.counts.inserted += batch.inserted;
    this.counts.updated += batch.updated;
    this.counts.unchanged += batch.unchanged;
    this.counts.events += batch.events;
  }

  skip(reason: string): void {
    this.skipped[reason] = (this.skipped[reason] ?? 0) + 1;
  }

  /** Progress is saved after every committed batch, so a crashed run shows how far it got. */
  async saveProgress(): Promise<void> {
    await this.db.query(
      /* SQL */ `UPDATE ingest_runs SET records_read = $2, inserted = $3, updated = $4, unchanged = $5,
                   rejected = $6, events = $7, rejects = $8, skipped = $9 WHERE run_id = $1`,
      [
        this.runId,
        this.counts.read,
        this.counts.inserted,
        this.counts.updated,
        this.counts.unchanged,
        this.counts.rejected,
        this.counts.events,
        JSON.stringify(this.rejects),
        JSON.stringify(this.skipped),
      ],
    );
  }

  async succeed(): Promise<IngestSummary> {
    await this.saveProgress();
    await this.db.transaction(async (tx) => {
      await tx.query(/* SQL */ `UPDATE ingest_runs SET outcome = 'succeeded', finished_at = now() WHERE run_id = $1`, [this.runId]);
      await upsertProductState(tx, { product: this.product, fileDate: this.fileDate, fileName: this.fileName, ingestedAt: new Date() });
    });
    return this.summary();
  }

  async fail(error: unknown): Promise<void> {
    await this.saveProgress().catch(() => undefined);
    await this.db
      .query(/* SQL */ `UPDATE ingest_runs SET outcome = 'failed', finished_at = now(), error = $2 WHERE run_id = $1`, [
        this.runId,
        error instanceof Error ? error.message : String(error),
      ])
      .catch(() => undefined);
  }

  summary(): IngestSummary {
    return {
      runId: this.runId,
      product: this.product,
      fileName: this.fileName,
      fileDate: this.fileDate,
      ...this.counts,
      rejects: this.rejects,
      skipped: this.skipped,
      seconds: (Date.now() - this.startedAt.getTime()) / 1000,
    };
  }
}

/** What every product's batch writer needs to know about its run. */
export interface BatchContext {
  run: IngestRun;
  /** False on a product's first load (the backfile): state is recorded, events are not. */
  detect: boolean;
  product: string;
  fileDate: string;
}

/** Where a reject sat: `member#index` in a zip, `#index` in a plain file. */
export function formatPosition(position: { member: string | null; index: number }): string {
  return position.member ? `${position.member}#${position.index}` : `#${position.index}`;
}

/** True until any file of these products has loaded successfully: the backfile records state, not events. */
export async function isFirstLoad(db: Database, products: readonly string[]): Promise<boolean> {
  const { rowCount } = await db.query(/* SQL */ `SELECT 1 FROM product_state WHERE product = ANY($1::text[]) LIMIT 1`, [products]);
  return rowCount === 0;
}
