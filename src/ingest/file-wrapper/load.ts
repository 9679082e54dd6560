import type { Database, Queryable } from '../../db/database.js';
import type { DetectedEvent } from '../events.js';
import { insertEvents } from '../events.js';
import { BatchPipeline } from '../batch-pipeline.js';
import { type BatchContext, formatPosition, IngestRun, type IngestCounts, type IngestSummary, isFirstLoad } from '../ingest-run.js';
import { detectEvents, type StoredApplication } from './detect-events.js';
import * as sql from './load.sql.js';
import type { FileWrapperRecord, ParsedItem } from './record.js';
import { applicationRow, contentHash, type PreparedRecord, prepareRecord } from './rows.js';
import { FILE_WRAPPER_PRODUCTS, type FileWrapperProduct } from '../../domain/products.js';

/** The two file wrapper products feed the same tables; either one's first load is the backfile. */

export interface LoadOptions {
  product: FileWrapperProduct;
  fileName: string;
  fileDate: string;
  /** Records per transaction: big enough for set-based SQL, small enough to keep PGlite responsive. */
  batchSize?: number;
  onProgress?: (counts: IngestCounts) => void;
}

async function storedState(tx: Queryable, rows: sql.StoredRow[]): Promise<Map<string, StoredApplication>> {
  const numbers = rows.map((row) => row.application_number);
  const state = new Map<string, StoredApplication>(
    rows.map((row) => [
      row.application_number,
      {
        statusCode: row.status_code,
        statusDescription: row.status_description,
        patentNumber: row.patent_number,
        publicationNumber: row.publication_number,
        transactions: [],
        childNumbers: new Set<string>(),
      },
    ]),
  );
  for (const t of await sql.findStoredTransactions(tx, numbers)) {
    state.get(t.application_number)!.transactions.push({ date: t.date, code: t.code, description: t.description });
  }
  for (const c of await sql.findStoredChildren(tx, numbers)) state.get(c.application_number)!.childNumbers.add(c.child_number);
  return state;
}

/**
 * Loads one file's records in batches, one transaction per batch: a crash keeps every committed
 * batch, and a re-run skips what is already stored (same content hash) and cannot duplicate
 * events (ids are content-derived), so it ends in the state of one clean run.
 */
export async function loadFileWrapper(db: Database, items: AsyncIterable<ParsedItem>, options: LoadOptions): Promise<IngestSummary> {
  const batchSize = options.batchSize ?? 1000;
  return IngestRun.perform(db, options, async (run) => {
    const detect = !(await isFirstLoad(db, FILE_WRAPPER_PRODUCTS));
    const context = { run, detect, product: options.product, fileDate: options.fileDate };
    const batches = new BatchPipeline<FileWrapperRecord>(batchSize, async (records) => {
      await loadBatch(db, records, context);
      await run.saveProgress();
      options.onProgress?.(run.counts);
    });
    await batches.run(async () => {
      for await (const item of items) {
        if (item.kind === 'reject') {
          run.reject(item.reason, formatPosition(item.position), item.excerpt);
          continue;
        }
        run.counts.read += 1;
        await batches.add(item.record.applicationNumber, item.record);
      }
    });
  });
}

function carriesStoredParts(record: FileWrapperRecord): boolean {
  return (
    record.metadata !== null ||
    record.transactions !== null ||
    record.parents !== null ||
    record.children !== null ||
    record.ptaDays !== null
  );
}

async function loadBatch(db: Database, records: FileWrapperRecord[], context: BatchContext): Promise<void> {
  const now = new Date();
  const counts = { inserted: 0, updated: 0, unchanged: 0, events: 0 };
  const rejected: FileWrapperRecord[] = [];
  await db.transaction(async (tx) => {
    const storedRows = new Map(
      (
        await sql.findStoredApplications(
          tx,
          records.map((r) => r.applicationNumber),
        )
      ).map((row) => [row.application_number, row]),
    );
    const work: (PreparedRecord & { isNew: boolean })[] = [];
    for (const record of records) {
      const stored = storedRows.get(record.applicationNumber);
      const hash = contentHash(record);
      // A partial record whose parts this product does not store (e.g. an /assignment response) has nothing to load.
      if (!carriesStoredParts(record)) counts.unchanged += 1;
      else if (!record.metadata && !stored) rejected.push(record);
      else if (stored?.content_hash === hash) counts.unchanged += 1;
      else work.push({ ...prepareRecord(record, hash), isNew: !stored });
    }
    if (work.length === 0) return;

    let events: DetectedEvent[] = [];
    if (context.detect) {
      const before = await storedState(
        tx,
        work.filter((w) => !w.isNew).map((w) => storedRows.get(w.record.applicationNumber)!),
      );
      events = work.flatMap((w) => detectEvents(w.record, before.get(w.record.applicationNumber) ?? null));
    }

    const full = work.filter((w) => w.record.metadata);
    if (full.length > 0) {
      await sql.upsertApplications(tx, JSON.stringify(full.map(applicationRow)), context.product, context.fileDate, now);
    }

    const withTransactions = work.filter((w) => w.record.transactions !== null);
    await sql.replaceTransactions(
      tx,
      withTransactions.filter((w) => !w.isNew).map((w) => w.record.applicationNumber),
      withTransactions.flatMap((w) => w.transactions),
    );

    // Only applications already stored can have links to remove.
    const scope = { numbers: [] as string[], directions: [] as string[] };
    for (const w of work.filter((candidate) => !candidate.isNew)) {
      if (w.record.parents !== null) (scope.numbers.push(w.record.applicationNumber), scope.directions.push('parent'));
      if (w.record.children !== null) (scope.numbers.push(w.record.applicationNumber), scope.directions.push('child'));
    }
    await sql.replaceContinuity(
      tx,
      scope,
      work.flatMap((w) => w.links),
    );

    // After the parts were written: a partial record's derived columns are recomputed from them.
    const partial = work.filter((w) => !w.record.metadata);
    await sql.updatePartialApplications(
      tx,
      partial.map((w) => ({ number: w.record.applicationNumber, hash: w.hash, ptaDays: w.record.ptaDays })),
      now,
    );

    counts.events = await insertEvents(tx, events, now, context.run.runId);
    for (const w of work) counts[w.isNew ? 'inserted' : 'updated'] += 1;
  });
  const { run } = context;
  run.addCommitted(counts);
  for (const record of rejected) {
    run.reject(`partial record for an application not held: "${record.applicationNumber}"`, record.applicationNumber, '');
  }
}
