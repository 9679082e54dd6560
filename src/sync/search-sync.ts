/**
 * A product the portal serves through its search APIs (PTAB trials, office actions), synced
 * search by search: the records the portal stamped from each search's start (search-ranges.ts)
 * to today, asked a range of days at a time and page by page, each page loaded whole through
 * the product's loader (ingest/runner.ts ingestPages, as `ingest` loads its files), the
 * watermark written in the transaction of the page that completes a range. A stop keeps every
 * committed page: the next run asks again from the last whole range (less the overlap), and what
 * it sees again is unchanged to the loader, so no event is announced twice.
 */
import type { Database } from '../db/database.js';
import { anyProductLoaded } from '../db/product-state.sql.js';
import type { Product } from '../domain/products.js';
import type { IngestSummary } from '../ingest/ingest-run.js';
import type { PortalSearchSpec, SearchPage } from '../ingest/portal-search.js';
import type { IngestProduct } from '../ingest/product.js';
import { PortalError } from './retry.js';
import type { DayRange, PortalSearchClient } from './search-client.js';
import { dayRanges, searchStart } from './search-ranges.js';
import { completeRange, loadedRangeTotal, readSearchState, setResumeFrom } from './watermarks.sql.js';

/** How far one search got, for the command's report and the job's log. */
export interface SearchOutcome {
  search: string;
  range: DayRange;
  pages: number;
  /** Records the portal answered with (the summary says what the loader did with them). */
  records: number;
  summary: IngestSummary | null;
  /** The day loaded up to once the run ended; null before a first range was loaded whole. */
  watermark: string | null;
  /** Why the portal refused more requests (a 429 past our retries: its weekly quota, or its rate limit). */
  stopped: string | null;
}

/** What a search tells as it goes (the command's progress line). */
export interface SearchProgress {
  search: string;
  range: DayRange;
  pages: number;
  records: number;
  /** Records the portal counts in the range being read. */
  rangeTotal: number;
  /** Ranges done of all. */
  rangesDone: number;
  ranges: number;
}

export interface SearchSyncOptions {
  /** Asks from this day instead of from where each search got to. */
  since: string | null;
  /** The last day asked (the run's day, UTC). */
  today: string;
  onProgress?(progress: SearchProgress): void;
  line?(text: string): void;
}

/**
 * Every search of the product in turn; stops at the first the portal refuses to serve further
 * (its outcome says so). Each search's start is settled first, so one the stop never reached
 * still begins where this run asked it to.
 */
export async function syncSearches(
  db: Database,
  client: PortalSearchClient,
  product: IngestProduct,
  code: Product,
  options: SearchSyncOptions,
): Promise<SearchOutcome[]> {
  const planned: { spec: PortalSearchSpec; range: DayRange; watermark: string | null }[] = [];
  for (const spec of product.searches) {
    const state = await readSearchState(db, code, spec.name);
    const range = { from: searchStart(spec, state, options), to: options.today };
    if (state.watermark === null && options.since === null && state.resumeFrom === null)
      options.line?.(`${code} ${spec.name}: first sync, from ${range.from} (give --since YYYY-MM-DD to load the history before it)`);
    if (options.since !== null || state.watermark === null) await setResumeFrom(db, code, spec.name, range.from);
    planned.push({ spec, range, watermark: state.watermark });
  }
  // The backfile rule, settled once for the product: a first sync's searches are all its history.
  const detectEvents = await anyProductLoaded(db, product.codes);
  const outcomes: SearchOutcome[] = [];
  for (const { spec, range, watermark } of planned) {
    const outcome: SearchOutcome = { search: spec.name, range, pages: 0, records: 0, summary: null, watermark, stopped: null };
    outcomes.push(outcome);
    const pages = searchPages(db, client, code, { spec, watermark }, dayRanges(range.from, range.to, spec.rangeDays), outcome, options);
    outcome.summary = await product.loadPages(db, pages, {
      product: code,
      fileName: `portal search ${spec.name} ${range.from}..${range.to}`,
      fileDate: range.to,
      detectEvents,
    });
    outcome.watermark = (await readSearchState(db, code, spec.name)).watermark;
    if (outcome.stopped !== null) break;
  }
  return outcomes;
}

/**
 * The pages of every range, the last page of each carrying its watermark; ends early when the
 * portal refuses more requests. A range loaded whole before, wholly before the watermark's day,
 * is first asked for its count alone, and skipped when the count has not moved since: a record
 * the portal loads late shows in its day's count; one it changes is stamped anew, on a later day.
 */
async function* searchPages(
  db: Database,
  client: PortalSearchClient,
  code: Product,
  search: { spec: PortalSearchSpec; watermark: string | null },
  ranges: readonly DayRange[],
  outcome: SearchOutcome,
  options: SearchSyncOptions,
): AsyncGenerator<SearchPage> {
  const { spec, watermark } = search;
  const nothing = async () => undefined;
  const ask = (range: DayRange, offset: number, limit: number) => client.page(code, spec, range, offset, limit);
  try {
    for (const [index, range] of ranges.entries()) {
      const progress = (rangeTotal: number, whole: boolean) =>
        options.onProgress?.({
          search: spec.name,
          pages: outcome.pages,
          records: outcome.records,
          range,
          rangeTotal,
          rangesDone: index + (whole ? 1 : 0),
          ranges: ranges.length,
        });
      // Only ranges wholly before the watermark's day: a record changed today keeps its day, and
      // perhaps the count, until the day is over.
      const loaded = watermark !== null && range.to < watermark ? await loadedRangeTotal(db, code, spec.name, range) : null;
      if (loaded !== null) {
        const probe = await ask(range, 0, 1);
        outcome.pages += 1;
        if (probe.total === loaded) {
          progress(loaded, true);
          yield { text: null, commit: (tx) => completeRange(tx, code, spec.name, range, loaded) };
          continue;
        }
      }
      for (let offset = 0; ;) {
        const answer = await ask(range, offset, spec.pageSize);
        offset += answer.records;
        outcome.pages += 1;
        outcome.records += answer.records;
        const whole = answer.records === 0 || offset >= answer.total;
        progress(answer.total, whole);
        yield { text: answer.text, commit: whole ? (tx) => completeRange(tx, code, spec.name, range, answer.total) : nothing };
        if (whole) break;
      }
    }
  } catch (error) {
    if (!(error instanceof PortalError) || error.kind !== 'rate-limited') throw error;
    outcome.stopped = error.message;
  }
}
