/**
 * `patent-status sync` and the nightly job: for each product, ask the portal which files are new
 * (products.ts, plan.ts), download each (download.ts) and load it through the same path as
 * `patent-status ingest` (registry.ts ingestFile → the one runner), in order. A file that fails to
 * download or load is recorded `failed` and the product stops there: its later files wait for the
 * next sync, so nothing is loaded out of order and no file half-downloaded is ever read. (A load
 * that fails part-way keeps its committed batches; the runner's re-run of the file completes it to
 * the state of one clean run, with no duplicate events.) A product the portal serves through its
 * search APIs (PTAB, OA) is asked for its records instead (search-sync.ts); a search the portal's
 * quota stops leaves its product `paused`, not failed.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from '../db/database.js';
import type { Product } from '../domain/products.js';
import { IngestFileError } from '../ingest/file-check.js';
import type { IngestCounts, IngestSummary } from '../ingest/ingest-run.js';
import { catalogueOf, ingestFile, productOfCode } from '../products/registry.js';
import { isCalendarDate } from '../ingest/file-date.js';
import { downloadFile, partPath, type DownloadProgress } from './download.js';
import { type FileStep, planFiles } from './plan.js';
import { PortalClient, type PortalFile } from './portal-client.js';
import { fileQueryFor } from './products.js';
import { DEFAULT_RETRY, PortalError, type RetryNotice, type RetryPolicy } from './retry.js';
import { PortalSearchClient } from './search-client.js';
import { type SearchOutcome, type SearchProgress, syncSearches } from './search-sync.js';
import * as sql from './sync.sql.js';

export interface SyncSettings {
  apiKey: string;
  baseUrl: string;
  downloadDir: string;
  retry?: RetryPolicy;
  /** Least milliseconds between two search requests (the portal allows 4 to 15 a second). */
  searchIntervalMs?: number;
}

/** 4 a second: the lowest rate the portal's rate-limits page names. */
const DEFAULT_SEARCH_INTERVAL_MS = 250;

/** What a sync tells its caller as it goes (the command's progress bar and lines, the job's log). */
export interface SyncListener {
  line?(text: string): void;
  download?(product: Product, fileName: string, progress: DownloadProgress): void;
  ingest?(product: Product, fileName: string, counts: IngestCounts): void;
  search?(product: Product, progress: SearchProgress): void;
}

export type FileOutcome =
  | { fileName: string; outcome: 'ingested'; summary: IngestSummary }
  /** A new version whose bytes are the loaded version's: nothing to load. */
  | { fileName: string; outcome: 'unchanged' | 'adopted' }
  | { fileName: string; outcome: 'refused' | 'failed'; error: string }
  /** Not tried: an earlier file of the product failed. */
  | { fileName: string; outcome: 'waiting' };

export interface ProductOutcome {
  product: Product;
  /** `paused`: the portal refused more requests (its weekly quota); what was loaded stays, and the next sync resumes. */
  outcome: 'synced' | 'failed' | 'skipped' | 'paused';
  reason: string | null;
  files: FileOutcome[];
  searches: SearchOutcome[];
}

/** A claim lasts this long and is renewed while the sync works (a dead sync's claim runs out by itself). */
const CLAIM_SECONDS = 30 * 60;
const RENEW_EVERY_MS = 60_000;

export class SyncService {
  private readonly retry: RetryPolicy;

  constructor(
    private readonly db: Database,
    private readonly settings: SyncSettings,
  ) {
    this.retry = settings.retry ?? DEFAULT_RETRY;
  }

  /**
   * Syncs each product in turn. A PortalError `forbidden` (the key refused) ends the whole sync:
   * no other product would fare better. `since` lists files from that date instead of the last loaded.
   */
  async run(products: readonly Product[], options: { since?: string | null; signal?: AbortSignal; listener?: SyncListener } = {}) {
    const listener = options.listener ?? {};
    const client = new PortalClient({
      baseUrl: this.settings.baseUrl,
      apiKey: this.settings.apiKey,
      retry: this.retry,
      signal: options.signal,
      onRetry: (what, notice) => listener.line?.(retryLine(what, notice)),
    });
    const outcomes: ProductOutcome[] = [];
    for (const product of products) {
      options.signal?.throwIfAborted();
      outcomes.push(await this.syncProduct(client, product, options.since ?? null, listener, options.signal));
    }
    return outcomes;
  }

  private async syncProduct(
    client: PortalClient,
    product: Product,
    since: string | null,
    listener: SyncListener,
    signal: AbortSignal | undefined,
  ): Promise<ProductOutcome> {
    const token = randomUUID();
    if (!(await sql.claimSyncProduct(this.db, product, token, CLAIM_SECONDS))) {
      return { product, outcome: 'skipped', reason: 'another sync of this product is running', files: [], searches: [] };
    }
    const outcome: ProductOutcome = { product, outcome: 'synced', reason: null, files: [], searches: [] };
    const renew = throttled(RENEW_EVERY_MS, () => void sql.renewSyncClaim(this.db, product, token, CLAIM_SECONDS).catch(() => undefined));
    try {
      if (productOfCode(product).searches.length > 0) await this.syncSearches(client, product, since, listener, renew, outcome);
      else await this.syncFiles(client, product, since, listener, signal, { token, renew }, outcome);
    } catch (failure) {
      // A refused key or an abort ends the whole sync; any other failure, this product's.
      if ((failure instanceof PortalError && failure.kind === 'forbidden') || signal?.aborted) {
        await sql.releaseSyncProduct(this.db, product, token, failure instanceof Error ? failure.message : String(failure));
        throw failure;
      }
      const message = failure instanceof Error ? failure.message : String(failure);
      const notFound = failure instanceof PortalError && failure.kind === 'not-found' && productOfCode(product).searches.length === 0;
      Object.assign(outcome, {
        outcome: 'failed',
        reason: notFound ? `the portal has no bulk-data product ${product} (${message})` : message,
      });
    }
    await sql.releaseSyncProduct(this.db, product, token, outcome.outcome === 'synced' ? null : outcome.reason);
    return outcome;
  }

  /** A product of files: the portal's listing planned against what is loaded, each new file downloaded and loaded in order. */
  private async syncFiles(
    client: PortalClient,
    product: Product,
    since: string | null,
    listener: SyncListener,
    signal: AbortSignal | undefined,
    claim: { token: string; renew: () => void },
    outcome: ProductOutcome,
  ): Promise<void> {
    const query = fileQueryFor(catalogueOf().get(product)!, await sql.lastLoadedFileDate(this.db, product), since);
    const listed = await client.listFiles(product, query);
    const names = listed.map((f) => f.fileName);
    const steps = planFiles(listed, await sql.listSyncFiles(this.db, product), await sql.loadedFileNames(this.db, product, names));
    const work = steps.filter((step) => step.kind !== 'skip');
    listener.line?.(`${product}: ${listed.length} file${listed.length === 1 ? '' : 's'} listed, ${work.length} to load`);
    for (const step of work) {
      if (outcome.reason !== null) {
        outcome.files.push({ fileName: step.file.fileName, outcome: 'waiting' });
        continue;
      }
      await sql.renewSyncClaim(this.db, product, claim.token, CLAIM_SECONDS);
      const file = await this.syncFile(client, product, step, claim.renew, listener, signal);
      outcome.files.push(file);
      if (file.outcome === 'failed') Object.assign(outcome, { outcome: 'failed', reason: `${file.fileName}: ${file.error}` });
    }
  }

  /** A product of the portal's search APIs: each search from where it got to (search-sync.ts). */
  private async syncSearches(
    client: PortalClient,
    product: Product,
    since: string | null,
    listener: SyncListener,
    renew: () => void,
    outcome: ProductOutcome,
  ): Promise<void> {
    const searcher = new PortalSearchClient(client, this.settings.baseUrl, this.settings.searchIntervalMs ?? DEFAULT_SEARCH_INTERVAL_MS);
    outcome.searches = await syncSearches(this.db, searcher, productOfCode(product), product, {
      since,
      today: new Date().toISOString().slice(0, 10),
      line: (text) => listener.line?.(text),
      onProgress: (progress) => {
        renew();
        listener.search?.(product, progress);
      },
    });
    const stopped = outcome.searches.find((search) => search.stopped !== null);
    if (stopped !== undefined) {
      outcome.outcome = 'paused';
      outcome.reason = `the portal refused more requests (${stopped.stopped}); the next sync resumes ${stopped.search} from ${stopped.watermark ?? stopped.range.from}`;
    }
  }

  private async syncFile(
    client: PortalClient,
    product: Product,
    step: Exclude<FileStep, { kind: 'skip' }>,
    /** Renews the product's claim, at most once a minute: a download of hours keeps it. */
    renew: () => void,
    listener: SyncListener,
    signal: AbortSignal | undefined,
  ): Promise<FileOutcome> {
    const { file } = step;
    const record = { product, fileName: file.fileName, fileSize: file.fileSize, fileModified: file.fileLastModifiedDateTime };
    if (step.kind === 'adopt') {
      await sql.upsertPendingSyncFile(this.db, record);
      await sql.markSyncFileIngested(this.db, product, file.fileName, { checksum: null, fileDate: null, runId: null });
      return { fileName: file.fileName, outcome: 'adopted' };
    }
    const dir = join(this.settings.downloadDir, product);
    const path = join(dir, file.fileName);
    if (step.known === null || step.changed) {
      // A new version: whatever an older one left on disk is not it.
      await rm(path, { force: true });
      await rm(partPath(path), { force: true });
      await sql.upsertPendingSyncFile(this.db, record);
    }
    await sql.countSyncFileAttempt(this.db, product, file.fileName);
    await mkdir(dir, { recursive: true });

    let checksum: string;
    try {
      checksum = await downloadFile(client, product, file, path, {
        retry: this.retry,
        signal,
        onRetry: (notice) => listener.line?.(retryLine(`download ${file.fileName}`, notice)),
        onProgress: (progress) => {
          listener.download?.(product, file.fileName, progress);
          renew();
        },
      });
    } catch (error) {
      if (!(error instanceof PortalError) || signal?.aborted) throw error;
      await sql.markSyncFileUnloaded(this.db, product, file.fileName, { status: 'failed', error: `download: ${error.message}` });
      return { fileName: file.fileName, outcome: 'failed', error: `download: ${error.message}` };
    }
    if (step.changed && step.known?.checksum === checksum) {
      await sql.markSyncFileIngested(this.db, product, file.fileName, { checksum, fileDate: null, runId: null });
      await rm(path, { force: true });
      return { fileName: file.fileName, outcome: 'unchanged' };
    }
    await sql.markSyncFileDownloaded(this.db, product, file.fileName);
    return this.ingest(product, file, path, checksum, listener);
  }

  /** Loads a verified download as `patent-status ingest` would; the file is deleted once loaded or refused. */
  private async ingest(product: Product, file: PortalFile, path: string, checksum: string, listener: SyncListener): Promise<FileOutcome> {
    const entry = productOfCode(product);
    // The name's date first (as `ingest` dates it), else the portal's date for the file's data, else its records'.
    const portalDate = [file.fileDataToDate, file.fileDataFromDate].map((d) => d?.slice(0, 10)).find((d) => d && isCalendarDate(d));
    const fileDate = entry.fileNameDate(file.fileName) ?? portalDate ?? undefined;
    try {
      const summary = await ingestFile(this.db, entry, path, {
        product,
        fileDate,
        onProgress: (counts) => listener.ingest?.(product, file.fileName, counts),
      });
      await sql.markSyncFileIngested(this.db, product, file.fileName, { checksum, fileDate: summary.fileDate, runId: summary.runId });
      await rm(path, { force: true });
      return { fileName: file.fileName, outcome: 'ingested', summary };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof IngestFileError) {
        await sql.markSyncFileUnloaded(this.db, product, file.fileName, { status: 'refused', error: message, checksum });
        await rm(path, { force: true });
        return { fileName: file.fileName, outcome: 'refused', error: message };
      }
      // Kept on disk: the next sync loads it without downloading it again.
      await sql.markSyncFileUnloaded(this.db, product, file.fileName, { status: 'failed', error: `ingest: ${message}` });
      return { fileName: file.fileName, outcome: 'failed', error: `ingest: ${message}` };
    }
  }
}

function retryLine(what: string, notice: RetryNotice): string {
  return `${what}: ${notice.error.message}; try ${notice.attempt + 1} in ${(notice.waitMs / 1000).toFixed(1)} s`;
}

/** `action` at most once per `ms`. */
function throttled(ms: number, action: () => void): () => void {
  let last = Date.now();
  return () => {
    if (Date.now() - last < ms) return;
    last = Date.now();
    action();
  };
}
