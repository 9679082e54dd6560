/**
 * The one ingest runner (DESIGN.md §4): every product's file is loaded here, the product
 * supplying only its loader (plan, detect, write; ingest/loader.ts). The runner owns what all
 * products share: one `ingest_runs` row per file, keyed batches written one transaction each
 * (a crash keeps every committed batch, and a re-run skips what is stored and cannot duplicate
 * events, so it ends in the state of one clean run), the backfile rule, progress after every
 * batch, the reject tally, and the events of each batch written last in its transaction.
 */
import type { Database, Queryable } from '../db/database.js';
import { insertEvents } from '../db/events.sql.js';
import { anyProductLoaded } from '../db/product-state.sql.js';
import type { Product } from '../domain/products.js';
import { loadThenAnalyze } from './analyze.js';
import { BatchPipeline } from './batch-pipeline.js';
import { formatPosition, IngestRun, type IngestCounts, type IngestSummary } from './ingest-run.js';
import type { ProductLoader } from './loader.js';
import type { SearchPage } from './portal-search.js';

export interface RunOptions {
  product: Product;
  fileName: string;
  fileDate: string;
  /** Records per transaction; the product's own size when absent. */
  batchSize?: number;
  /** Called after every committed batch (the command's progress line). */
  onProgress?: (counts: IngestCounts) => void;
  /**
   * Whether events are detected, when the caller settles it for several runs at once (a first
   * sync's searches are all the history); by default, once a file of the product has loaded.
   */
  detectEvents?: boolean;
}

/** Loads one file's parsed items as one ingest run. */
export async function ingestItems<I, R, P>(
  db: Database,
  loader: ProductLoader<I, R, P>,
  items: AsyncIterable<I>,
  options: RunOptions,
  /** The codes of the product's family (a daily product and its backfile are one). */
  familyCodes: readonly Product[] = [options.product],
): Promise<IngestSummary> {
  const file = { product: options.product, fileName: options.fileName, fileDate: options.fileDate };
  return IngestRun.perform(db, file, loader.unit, async (run) => {
    // The backfile rule: until a file of the product's family has loaded, state is recorded and
    // no events are (a first load would otherwise "detect" the whole history). PTFWPRE and
    // PTFWPRD are one family: either one's first file is the backfile.
    const detect = await anyProductLoaded(db, familyCodes);
    const batches = new BatchPipeline<R>(options.batchSize ?? loader.batchSize, async (records) => {
      await loadBatch(db, loader, records, run, { detect, product: options.product, fileDate: options.fileDate });
      await run.saveProgress();
      options.onProgress?.(run.counts);
    });
    // After the last commit and before the run is recorded done (the product's data version moves
    // then): the planner's statistics of what it changed, also of what a failed run kept.
    await loadThenAnalyze(db, loader.tables, run.counts, () =>
      batches.run(async () => {
        for await (const parsed of items) {
          const record = recordOf(loader, run, parsed);
          if (record !== null) await batches.add(record.key, record.record);
        }
      }),
    );
  });
}

/**
 * Loads a portal search's pages as one ingest run. Pages are written in transactions of at least
 * the loader's batch size (a page is small: a transaction each would cost more than its rows),
 * each page whole, with what every page commits (search-sync.ts: the watermark once a range is
 * loaded whole), so a page is stored whole or not at all and the watermark never passes what is
 * stored. Pages are fetched while the ones before them are written; a failed fetch first writes
 * the pages read before it. A key twice among the pages written together is taken once, its last
 * copy (the portal's newest).
 */
export async function ingestPages<I, R, P>(
  db: Database,
  loader: ProductLoader<I, R, P>,
  pages: AsyncIterable<SearchPage>,
  parse: (text: string) => AsyncIterable<I>,
  options: RunOptions,
  familyCodes: readonly Product[] = [options.product],
): Promise<IngestSummary> {
  const file = { product: options.product, fileName: options.fileName, fileDate: options.fileDate };
  return IngestRun.perform(db, file, loader.unit, async (run) => {
    const detect = options.detectEvents ?? (await anyProductLoaded(db, familyCodes));
    let records = new Map<string, R>();
    let commits: SearchPage['commit'][] = [];
    const write = async () => {
      const batch = [...records.values()];
      const written = commits;
      records = new Map<string, R>();
      commits = [];
      const alongside = async (tx: Queryable) => {
        for (const commit of written) await commit(tx);
      };
      if (batch.length === 0) await db.transaction(alongside);
      else await loadBatch(db, loader, batch, run, { detect, ...file }, alongside);
      await run.saveProgress();
      options.onProgress?.(run.counts);
    };
    // The pages read so far are written while the next ones are fetched (one write at a time).
    let writing: Promise<void> = Promise.resolve();
    const flush = async () => {
      await writing;
      writing = write();
      writing.catch(() => undefined);
    };
    await loadThenAnalyze(db, loader.tables, run.counts, async () => {
      const iterator = pages[Symbol.asyncIterator]();
      let next = iterator.next();
      for (;;) {
        let step: IteratorResult<SearchPage>;
        try {
          step = await next;
        } catch (error) {
          if (commits.length > 0) await flush();
          await writing;
          throw error;
        }
        if (step.done === true) break;
        const page = step.value;
        for await (const parsed of page.text === null ? [] : parse(page.text)) {
          const record = recordOf(loader, run, parsed);
          if (record === null) continue;
          records.delete(record.key);
          records.set(record.key, record.record);
        }
        commits.push((tx) => page.commit(tx));
        next = iterator.next();
        // A failed fetch of the next page is seen when it is awaited, after the pages before it are written.
        next.catch(() => undefined);
        if (records.size >= (options.batchSize ?? loader.batchSize)) await flush();
      }
      if (commits.length > 0) await flush();
      await writing;
    });
  });
}

/** A parsed item as the loader sees it: a record to load (counted read), or null once a reject or skip is tallied. */
function recordOf<I, R, P>(loader: ProductLoader<I, R, P>, run: IngestRun, parsed: I): { key: string; record: R } | null {
  const item = loader.item(parsed);
  if (item.kind === 'record') {
    run.counts.read += 1;
    return item;
  }
  if (item.kind === 'reject') run.reject(item.reason, formatPosition(item.position), item.excerpt);
  else run.skip(item.reason);
  return null;
}

async function loadBatch<I, R, P>(
  db: Database,
  loader: ProductLoader<I, R, P>,
  records: R[],
  run: IngestRun,
  context: { detect: boolean; product: string; fileDate: string },
  alongside: (tx: Queryable) => Promise<void> = async () => undefined,
): Promise<void> {
  const now = new Date();
  const outcome = await db.transaction(async (tx) => {
    const plan = await loader.plan(tx, records, context.detect);
    const events = context.detect ? loader.detect(plan) : [];
    const written = await loader.write(tx, plan, { product: context.product, fileDate: context.fileDate, now });
    await alongside(tx);
    // Last in the transaction: the event feed's lock is held from here to the commit (D24).
    return { ...written, events: await insertEvents(tx, events, now, run.runId) };
  });
  run.addCommitted(outcome);
  for (const reject of outcome.rejects) run.reject(reject.reason, reject.position, reject.excerpt);
}
