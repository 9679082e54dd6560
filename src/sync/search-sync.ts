/**
 * A product the portal serves through its search APIs (PTAB trials, office actions), synced
 * search by search: the records the portal stamped from each search's start (search-ranges.ts)
 * to today, asked a range of days at a time and page by page, each page loaded in one
 * transaction through the product's loader (the one runner, as `ingest` loads its files), the
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
import { completeRange, readSearchState, setResumeFrom } from './watermarks.sql.js';

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
    const pages = searchPages(client, code, spec, dayRanges(range.from, range.to, spec.rangeDays), outcome, options);
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

/** The pages of every range, the last page of each carrying its watermark; ends early when the portal refuses more requests. */
async function* searchPages(
  client: PortalSearchClient,
  code: Product,
  spec: PortalSearchSpec,
  ranges: readonly DayRange[],
  outcome: SearchOutcome,
  options: SearchSyncOptions,
): AsyncGenerator<SearchPage> {
  const nothing = async () => undefined;
  for (const [index, range] of ranges.entries()) {
    for (let offset = 0; ;) {
      let answer;
      try {
        answer = await client.page(code, spec, range, offset, spec.pageSize);
      } catch (error) {
        if (!(error instanceof PortalError) || error.kind !== 'rate-limited') throw error;
        outcome.stopped = error.message;
        return;
      }
      offset += answer.records;
      outcome.pages += 1;
      outcome.records += answer.records;
      const whole = answer.records === 0 || offset >= answer.total;
      options.onProgress?.({
        search: spec.name,
        range,
        pages: outcome.pages,
        records: outcome.records,
        rangeTotal: answer.total,
        rangesDone: index + (whole ? 1 : 0),
        ranges: ranges.length,
      });
      yield { text: answer.text, commit: whole ? (tx) => completeRange(tx, code, spec.name, range.to) : nothing };
      if (whole) break;
    }
  }
}
