import type { Database } from '../../db/database.js';
import { BatchPipeline } from '../batch-pipeline.js';
import { insertEvents } from '../events.js';
import { type BatchContext, formatPosition, IngestRun, type IngestCounts, type IngestSummary, isFirstLoad } from '../ingest-run.js';
import { detectDocumentEvents } from './detect-events.js';
import type { FullTextDocument, FullTextItem } from './document.js';
import * as sql from './load.sql.js';
import { citationRows, documentHash, documentRow } from './rows.js';
import type { FullTextProduct } from '../../domain/products.js';

/** Weekly full text: grants (Tuesdays, `ipgYYMMDD`) and pre-grant publications (Thursdays, `ipaYYMMDD`). */

export interface FullTextLoadOptions {
  product: FullTextProduct;
  fileName: string;
  fileDate: string;
  /** Documents per transaction (a grant with its claims and citations is tens of kilobytes). */
  batchSize?: number;
  onProgress?: (counts: IngestCounts) => void;
}

/**
 * Loads one weekly file's documents in batches, one transaction each: a crash keeps every
 * committed batch, and a re-run skips unchanged documents (same content hash) and cannot
 * duplicate events (content-derived ids), so it ends in the state of one clean run. Documents
 * of other roots (`sequence-cwu`) are counted by root in the run's skip tally.
 */
export async function loadFullText(db: Database, items: AsyncIterable<FullTextItem>, options: FullTextLoadOptions): Promise<IngestSummary> {
  return IngestRun.perform(db, options, async (run) => {
    // The first file of a product records state without events, like every product's backfile.
    const detect = !(await isFirstLoad(db, [options.product]));
    const batches = new BatchPipeline<FullTextDocument>(options.batchSize ?? 250, async (documents) => {
      await loadBatch(db, documents, { run, detect, product: options.product, fileDate: options.fileDate });
      await run.saveProgress();
      options.onProgress?.(run.counts);
    });
    await batches.run(async () => {
      for await (const item of items) {
        if (item.kind === 'reject') run.reject(item.reason, formatPosition(item.position), item.excerpt);
        else if (item.kind === 'skipped') run.skip(`document of root <${item.root}>`);
        else {
          run.counts.read += 1;
          await batches.add(item.document.docNumber, item.document);
        }
      }
    });
  });
}

async function loadBatch(db: Database, documents: FullTextDocument[], context: BatchContext): Promise<void> {
  const now = new Date();
  const counts = { inserted: 0, updated: 0, unchanged: 0, events: 0 };
  await db.transaction(async (tx) => {
    const stored = await sql.findStoredHashes(
      tx,
      documents.map((d) => d.docNumber),
    );
    const work = documents
      .map((document) => ({ document, hash: documentHash(document) }))
      .filter((w) => stored.get(w.document.docNumber) !== w.hash);
    counts.unchanged = documents.length - work.length;
    if (work.length === 0) return;

    await sql.upsertDocuments(tx, JSON.stringify(work.map((w) => documentRow(w.document, w.hash))), context.product, context.fileDate, now);
    await sql.replaceCitations(
      tx,
      work.filter((w) => stored.has(w.document.docNumber)).map((w) => w.document.docNumber),
      work.flatMap((w) => citationRows(w.document)),
    );

    const fresh = work.filter((w) => !stored.has(w.document.docNumber)).map((w) => w.document);
    if (context.detect && fresh.length > 0) {
      const known = await sql.findKnownApplications(
        tx,
        fresh.flatMap((d) => (d.applicationNumber ? [d.applicationNumber] : [])),
      );
      const events = fresh.flatMap((d) => detectDocumentEvents(d, d.applicationNumber ? known.get(d.applicationNumber) : undefined));
      counts.events = await insertEvents(tx, events, now, context.run.runId);
    }
    counts.inserted = fresh.length;
    counts.updated = work.length - fresh.length;
  });
  context.run.addCommitted(counts);
}
