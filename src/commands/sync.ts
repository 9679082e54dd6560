import { parseArgs } from 'node:util';
import type { SyncConfig } from '../config.js';
import type { Database } from '../db/database.js';
import type { Product } from '../domain/products.js';
import { isCalendarDate } from '../ingest/file-date.js';
import { BACKFILES, DEFAULT_SYNC_PRODUCTS, SEARCH_PRODUCTS, SYNC_CODES } from '../sync/products.js';
import { PortalError, type RetryPolicy } from '../sync/retry.js';
import { type ProductOutcome, SyncService } from '../sync/service.js';
import { consoleOutput, formatSummary, type Output } from './ingest.js';
import { OperatorError, UsageError } from './operator-error.js';
import { progressListener } from './sync-progress.js';

export const USAGE = `usage: patent-status sync [--products CODE,…] [--since YYYY-MM-DD] [--progress]
  Refreshes every product from the USPTO Open Data Portal and loads it as \`patent-status ingest\`
  does. Products of files: asks the bulk-data API which files are new since the last one loaded,
  downloads them (resumable, into SYNC_DOWNLOAD_DIR, default <data dir>/downloads) and loads them
  in order. ${SEARCH_PRODUCTS.join(' and ')}: asks the portal's search APIs for the records it stamped since
  each search's watermark (less a few days asked again), page by page, each page loaded whole;
  a first sync asks only those days (give --since for the history). Needs
  USPTO_API_KEY; USPTO_API_BASE_URL (default https://api.uspto.gov) points it at another address.
  --products  product codes, comma-separated. Default: ${DEFAULT_SYNC_PRODUCTS.join(', ')}.
              The backfiles (${BACKFILES.join(', ')}) are fetched when named.
  --since     list the files whose data starts on or after this date, and ask the searches from
              this day (PTAB trials begin 2012-09-16; office actions 2017-10), instead of from
              the last file loaded or the watermark
  --progress  progress lines on stderr also when stderr is not a terminal (logs)
A file that fails (download or load) is reported and tried again by the next sync; the product's
later files wait for it. A search stopped by the portal's weekly quota keeps what it loaded and
the next sync resumes from its watermark. Exit code 1 when any product failed.`;

function parseSyncArgs(args: string[]) {
  try {
    return parseArgs({
      args,
      options: { products: { type: 'string' }, since: { type: 'string' }, progress: { type: 'boolean' } },
      allowPositionals: false,
      strict: true,
    }).values;
  } catch (error) {
    const code = (error as { code?: string }).code;
    const option = /'(-[^' ]*)/.exec((error as Error).message)?.[1] ?? '';
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new UsageError(`sync: unknown option ${option}`);
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') throw new UsageError(`sync: option ${option} needs a value`);
    throw new UsageError(`sync: ${(error as Error).message.split('. ')[0]}`);
  }
}

/** The codes of `--products`, checked: an unknown one is the operator's mistake. */
export function productsOption(value: string | undefined): Product[] {
  if (value === undefined) return [...DEFAULT_SYNC_PRODUCTS];
  const codes = value
    .split(',')
    .map((code) => code.trim().toUpperCase())
    .filter((code) => code !== '');
  const unknown = codes.filter((code) => !(SYNC_CODES as string[]).includes(code));
  if (codes.length === 0 || unknown.length > 0) {
    throw new UsageError(
      `sync: unknown product ${unknown.length > 0 ? `code ${unknown.join(', ')}` : 'list'} (codes: ${SYNC_CODES.join(', ')})`,
    );
  }
  return [...new Set(codes as Product[])];
}

function report(outcome: ProductOutcome, output: Output): void {
  for (const file of outcome.files) {
    if (file.outcome === 'ingested') for (const line of formatSummary(file.summary)) output.line(line);
    else if (file.outcome === 'refused' || file.outcome === 'failed') output.line(`${file.fileName}: ${file.outcome}: ${file.error}`);
    else if (file.outcome === 'unchanged') output.line(`${file.fileName}: re-issued with the same bytes: nothing to load`);
    else if (file.outcome === 'adopted') output.line(`${file.fileName}: loaded already by \`ingest\`: recorded, not downloaded`);
  }
  for (const search of outcome.searches) {
    if (search.summary !== null) for (const line of formatSummary(search.summary)) output.line(line);
    output.line(
      `${outcome.product} ${search.search}: ${search.pages} page${search.pages === 1 ? '' : 's'}, ${search.records} records asked ${search.range.from}..${search.range.to}; watermark ${search.watermark ?? 'none yet'}`,
    );
  }
  if (outcome.outcome === 'paused') return output.line(`${outcome.product}: paused: ${outcome.reason}`);
  const loaded = outcome.files.filter((f) => f.outcome === 'ingested').length;
  const waiting = outcome.files.filter((f) => f.outcome === 'waiting').length;
  if (outcome.outcome === 'skipped') output.line(`${outcome.product}: skipped: ${outcome.reason}`);
  else if (outcome.outcome === 'failed') {
    output.line(
      `${outcome.product}: FAILED: ${outcome.reason}${waiting > 0 ? `; ${waiting} later file${waiting === 1 ? '' : 's'} wait for the next sync` : ''}`,
    );
  } else if (outcome.searches.length > 0) {
    const changed = outcome.searches.reduce((sum, s) => sum + (s.summary ? s.summary.inserted + s.summary.updated : 0), 0);
    output.line(
      `${outcome.product}: synced, ${changed === 0 ? 'nothing new' : `${changed} record${changed === 1 ? '' : 's'} new or changed`}`,
    );
  } else output.line(`${outcome.product}: synced, ${loaded === 0 ? 'nothing new' : `${loaded} file${loaded === 1 ? '' : 's'} loaded`}`);
}

/**
 * The command line checked, and the key's presence: the CLI calls it before opening the database,
 * so a mistake costs nothing.
 */
export function parseSyncCommand(argv: string[], config: SyncConfig): { products: Product[]; since: string | null; progress: boolean } {
  const values = parseSyncArgs(argv);
  const products = productsOption(values.products);
  const since = values.since ?? null;
  if (since !== null && !isCalendarDate(since)) throw new UsageError(`sync: --since ${since} is not a calendar date (YYYY-MM-DD)`);
  if (config.usptoApiKey === null) {
    throw new OperatorError(
      'sync: USPTO_API_KEY is not set (an Open Data Portal API key, see https://data.uspto.gov/apis/getting-started)',
    );
  }
  return { products, since, progress: values.progress ?? false };
}

/**
 * `patent-status sync`: the products' new portal files downloaded and loaded. Returns each
 * product's outcome (the CLI exits 1 when one failed). `retry` is for tests (short waits).
 */
export async function runSync(
  db: Database,
  config: SyncConfig,
  argv: string[],
  output: Output = consoleOutput,
  overrides: { retry?: RetryPolicy; signal?: AbortSignal } = {},
): Promise<ProductOutcome[]> {
  if (argv.includes('--help') || argv.includes('-h')) {
    output.line(USAGE);
    return [];
  }
  const { products, since, progress } = parseSyncCommand(argv, config);
  const apiKey = config.usptoApiKey!;
  const service = new SyncService(db, {
    apiKey,
    baseUrl: config.usptoApiBaseUrl,
    downloadDir: config.downloadDir,
    searchIntervalMs: config.searchIntervalMs,
    retry: overrides.retry,
  });
  const listener = progressListener({
    line: (text) => output.line(text),
    rewrite: output.progress,
    write: output.progress === null && progress ? (text) => void process.stderr.write(`${text}\n`) : null,
  });
  try {
    const outcomes = await service.run(products, { since, listener, signal: overrides.signal });
    output.progress?.('');
    for (const outcome of outcomes) report(outcome, output);
    return outcomes;
  } catch (error) {
    output.progress?.('');
    if (error instanceof PortalError && error.kind === 'forbidden')
      throw new OperatorError(`sync: the portal refused the key: ${error.message}`);
    throw error;
  }
}
