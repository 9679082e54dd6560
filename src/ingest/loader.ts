import type { Queryable } from '../db/database.js';
import type { DetectedEvent } from '../domain/events.js';

/** Where an item sat in its file: the zip member (null for a plain file) and its index there. */
export interface ItemPosition {
  member: string | null;
  index: number;
}

/** What one parsed item is to the runner. */
export type LoaderItem<R> =
  | { kind: 'record'; key: string; record: R }
  | { kind: 'reject'; reason: string; position: ItemPosition; excerpt: string }
  /** Read but not loaded by design (a sequence listing in a grant file), counted by reason. */
  | { kind: 'skip'; reason: string };

/** The file a batch belongs to, for the provenance columns its rows carry. */
export interface BatchFile {
  product: string;
  fileDate: string;
  now: Date;
}

/** What a batch wrote; rejects found only against stored state (a partial record of an application not held). */
export interface BatchOutcome {
  inserted: number;
  updated: number;
  unchanged: number;
  rejects: { reason: string; position: string; excerpt: string }[];
}

/**
 * How one product loads its records, in the three steps of every batch, all inside the batch's
 * one transaction: `plan` reads what is stored (content hashes, and when events are wanted the
 * state they are derived from), `detect` derives the events (pure: records + stored state),
 * `write` stores the batch. The runner does the rest (ingest/runner.ts).
 */
export interface ProductLoader<I, R, Plan> {
  /** What one record is, for the summary's rate: `applications`, `documents`. */
  unit: string;
  /** Records per transaction: big enough for set-based SQL, small enough to keep PGlite responsive. */
  batchSize: number;
  /** Every table `write` may change: the runner takes their planner statistics again after a run that changed rows (analyze.ts). */
  tables: readonly string[];
  item(item: I): LoaderItem<R>;
  plan(tx: Queryable, records: readonly R[], detect: boolean): Promise<Plan>;
  detect(plan: Plan): DetectedEvent[];
  write(tx: Queryable, plan: Plan, file: BatchFile): Promise<BatchOutcome>;
}
