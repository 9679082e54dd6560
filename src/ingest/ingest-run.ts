import type { Database } from '../db/database.js';
import {
  type IngestCounts,
  insertIngestRun,
  markIngestRunFailed,
  markIngestRunSucceeded,
  updateIngestRunProgress,
} from '../db/ingest-runs.sql.js';

// The counts are the ingest_runs row's; loaders and the summary name them through this module.
export type { IngestCounts };
import { upsertProductState } from '../db/product-state.sql.js';
import { drainDeadlineQueue } from '../facts/docket.js';
import { ingestRecords, ingestRejects, ingestRuns } from '../metrics.js';

/** How many reject examples a run keeps (every reject is counted by reason; a few are shown). */
const MAX_EXAMPLES = 50;

export interface RejectTally {
  reasons: Record<string, number>;
  /** Whole reasons, with where the reject sat and what it read. */
  examples: { reason: string; position: string; excerpt: string }[];
}

export interface IngestSummary extends IngestCounts {
  runId: number;
  product: string;
  fileName: string;
  fileDate: string;
  /** What one record is (`applications`, `documents`): the summary's rate is counted in it. */
  unit: string;
  rejects: RejectTally;
  skipped: Record<string, number>;
  seconds: number;
}

export interface RunFile {
  product: string;
  fileName: string;
  fileDate: string;
}

/**
 * The bookkeeping of one file's load: one `ingest_runs` row (running → succeeded | failed), a
 * tally of rejects by reason, and `product_state` moved on success.
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
    readonly file: RunFile,
    readonly unit: string,
  ) {}

  /**
   * Runs `load` as one ingest run: `succeeded` with product_state moved when it returns,
   * `failed` (and the error rethrown) when it throws.
   */
  static async perform(db: Database, file: RunFile, unit: string, load: (run: IngestRun) => Promise<void>): Promise<IngestSummary> {
    const run = new IngestRun(db, await insertIngestRun(db, file), file, unit);
    try {
      await load(run);
      // Before the run is recorded done (answers' caches turn then): the docket of what it changed.
      await drainDeadlineQueue(db);
      const summary = await run.succeed();
      run.countEnd('succeeded');
      return summary;
    } catch (error) {
      await run.fail(error);
      run.countEnd('failed');
      throw error;
    }
  }

  /** Forgets what a read counted (lines, rejects, skips): the file is about to be read again from its start. */
  restartReading(): void {
    this.counts.read = 0;
    this.counts.rejected = 0;
    this.rejects.reasons = {};
    this.rejects.examples.length = 0;
    for (const reason of Object.keys(this.skipped)) delete this.skipped[reason];
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
    // Per commit, so a long run's progress shows while it runs (every product's load ends here,
    // the maintenance-fee loader's too, which does not go through runner.ts).
    const product = this.file.product;
    if (batch.inserted > 0) ingestRecords.inc({ product, outcome: 'inserted' }, batch.inserted);
    if (batch.updated > 0) ingestRecords.inc({ product, outcome: 'updated' }, batch.updated);
    if (batch.unchanged > 0) ingestRecords.inc({ product, outcome: 'unchanged' }, batch.unchanged);
  }

  /** Rejects are counted once the run ends: a loader that reads its file again (restartReading) forgets the first read's. */
  private countEnd(result: 'succeeded' | 'failed'): void {
    ingestRuns.inc({ product: this.file.product, result });
    if (this.counts.rejected > 0) ingestRejects.inc({ product: this.file.product }, this.counts.rejected);
  }

  skip(reason: string): void {
    this.skipped[reason] = (this.skipped[reason] ?? 0) + 1;
  }

  /** Progress is saved after every committed batch, so a crashed run shows how far it got. */
  async saveProgress(): Promise<void> {
    await updateIngestRunProgress(this.db, this.runId, { ...this.counts, rejects: this.rejects, skipped: this.skipped });
  }

  private async succeed(): Promise<IngestSummary> {
    await this.saveProgress();
    await this.db.transaction(async (tx) => {
      await markIngestRunSucceeded(tx, this.runId);
      await upsertProductState(tx, { ...this.file, ingestedAt: new Date() });
    });
    return this.summary();
  }

  private async fail(error: unknown): Promise<void> {
    await this.saveProgress().catch(() => undefined);
    await markIngestRunFailed(this.db, this.runId, error instanceof Error ? error.message : String(error)).catch(() => undefined);
  }

  summary(): IngestSummary {
    return {
      runId: this.runId,
      ...this.file,
      unit: this.unit,
      ...this.counts,
      rejects: this.rejects,
      skipped: this.skipped,
      seconds: (Date.now() - this.startedAt.getTime()) / 1000,
    };
  }
}

/** Where a reject sat: `member#index` in a zip, `#index` in a plain file. */
export function formatPosition(position: { member: string | null; index: number }): string {
  return position.member ? `${position.member}#${position.index}` : `#${position.index}`;
}
