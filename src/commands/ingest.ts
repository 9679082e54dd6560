import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import type { Database } from '../db/database.js';
import type { Product } from '../domain/products.js';
import { IngestFileError } from '../ingest/file-check.js';
import { isCalendarDate } from '../ingest/file-date.js';
import type { IngestSummary } from '../ingest/ingest-run.js';
import type { IngestProduct } from '../ingest/product.js';
import { type PreparedFile, prepareFile, productNamed, PRODUCT_MODULES } from '../products/registry.js';
import { formatSummary, progressLine } from '../ingest/summary.js';
import { UnreadableFileError } from '../ingest/unreadable.js';
import { CommandFailure, OperatorError, UsageError } from './operator-error.js';

// The demo prints its loads as this command does.
export { formatSummary };

/** The families whose files may be recorded under more than one code (file-wrapper: daily or backfile). */
const MULTI_CODE = PRODUCT_MODULES.filter((product) => product.codes.length > 1);

function usageLine(product: IngestProduct, first: boolean): string {
  const codes = product.codes.length > 1 ? ` [--product ${product.codes.join('|')}]` : '';
  return `${first ? 'usage:' : '      '} patent-status ingest ${product.family}${codes} [--file-date YYYY-MM-DD] [--progress] ${product.files}`;
}

/** The usage of `ingest`, or of one product's `ingest <product>`: printed by `--help`, exported for the CLI's help. */
export function ingestUsage(family?: string): string {
  const one = productNamed(family);
  const products = one ? [one] : PRODUCT_MODULES;
  const dated = products.filter((p) => p.datedByRecords).map((p) => p.family);
  const options = [
    ...(one === null || one.codes.length > 1
      ? [
          `  --product    the code the files are recorded under (${MULTI_CODE.map((p) => `${p.family}: ${p.codes.join(' or ')}`).join('; ')}; default: the code every file's name carries, else the first)`,
        ]
      : []),
    `  --file-date  the files' date when their names carry none${dated.length > 0 ? ` (${dated.join(' and ')}: else their documents' date)` : ''}`,
    '  --progress   a progress line on stderr after every committed batch, also when stderr is not a terminal (logs)',
  ];
  return [
    ...products.map((product, index) => usageLine(product, index === 0)),
    ...options,
    'Every file is checked before anything loads; each file is one ingest run, loaded in order.',
    'A file that ends early or cannot be read to its end stops the command (exit code 1): its run is',
    'recorded failed, the files after it are not loaded; loading the complete file completes it.',
  ].join('\n');
}

export const USAGE = ingestUsage();

/**
 * The date a file's name carries by any product's rule (`ipg221025`, `…20261120…`,
 * `2026-11-20`), or null: a file whose name has none is dated by its documents or by
 * `--file-date`, never by the clock.
 */
export function fileDateOf(path: string): string | null {
  const name = basename(path);
  for (const product of PRODUCT_MODULES) {
    const date = product.fileNameDate(name);
    if (date !== null) return date;
  }
  return null;
}

export interface Output {
  line(text: string): void;
  /** Rewritable status line (a terminal's progress), or null when not a terminal. */
  progress: ((text: string) => void) | null;
}

export const consoleOutput: Output = {
  line: (text) => console.log(text),
  progress: process.stderr.isTTY ? (text) => process.stderr.write(`\r\x1b[2K${text}`) : null,
};

/** Node's parseArgs errors are long and name no command; an operator gets one line. */
function argumentError(error: unknown): UsageError {
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  const option = /'(-[^' ]*)/.exec(message)?.[1] ?? '';
  // The CLI adds the pointer to `--help` to every usage error: the message names none itself.
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return new UsageError(`ingest: unknown option '${option}'`);
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') return new UsageError(`ingest: option ${option || message} needs a value`);
  return new UsageError(`ingest: ${message.split('. ')[0]}`);
}

function parseIngestArgs(args: string[]) {
  try {
    return parseArgs({
      args,
      options: { product: { type: 'string' }, 'file-date': { type: 'string' }, progress: { type: 'boolean' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw argumentError(error);
  }
}

/**
 * The code the files are recorded under: `--product`, else the one code every file's name carries
 * (`ptfwpre-20261120-….json`, as `synth` writes it), else the product's first (its daily file).
 */
function codeFor(product: IngestProduct, option: string | undefined, files: string[]): Product {
  if (option === undefined) {
    const named = (file: string) => product.codes.filter((code) => new RegExp(`(^|[^a-z])${code}([^a-z]|$)`, 'i').test(basename(file)));
    const names = files.map(named);
    const only = names[0]?.length === 1 ? names[0][0]! : undefined;
    return only !== undefined && names.every((codes) => codes.length === 1 && codes[0] === only) ? only : product.codes[0]!;
  }
  const code = option.toUpperCase() as Product;
  if (product.codes.length === 1) {
    throw new UsageError(`--product applies to ${MULTI_CODE.map((p) => p.family).join(', ')} only\n${USAGE}`);
  }
  if (!product.codes.includes(code)) throw new UsageError(`--product must be ${product.codes.join(' or ')}\n${USAGE}`);
  return code;
}

function loadFailure(product: IngestProduct, fileName: string, error: UnreadableFileError): CommandFailure {
  return new CommandFailure(`ingest ${product.family}: ${fileName} cannot be loaded: ${error.message}`, { cause: error });
}

/** Reads the command line before any database is opened, so a mistake costs nothing. */
export function parseIngestCommand(argv: string[]) {
  const [family, ...rest] = argv;
  const product = productNamed(family);
  if (product === null) {
    throw new UsageError(family === undefined || family.startsWith('-') ? USAGE : `ingest: unknown product "${family}"\n${USAGE}`);
  }
  const { values, positionals } = parseIngestArgs(rest);
  if (positionals.length === 0) throw new UsageError(USAGE);
  const code = codeFor(product, values.product, positionals);
  const fileDate = values['file-date'];
  if (fileDate !== undefined && !isCalendarDate(fileDate)) {
    throw new UsageError(`ingest: --file-date ${fileDate} is not a calendar date (YYYY-MM-DD)`);
  }
  return { product, code, fileDate, positionals, values };
}

/**
 * `patent-status ingest <product> <files…>`: every file is checked first (there, a file, this
 * product's, datable); then each is loaded as one ingest run, in order. Operator mistakes are a
 * UsageError of one line (the CLI prints it and exits 2); `--help` prints the usage and loads nothing.
 * A file that ends early or cannot be read to its end stops the command there with a
 * CommandFailure of one line naming it (exit 1): its run is recorded failed and the files after it
 * wait, so nothing loads out of order.
 */
export async function runIngest(db: Database, argv: string[], output: Output = consoleOutput): Promise<IngestSummary[]> {
  if (argv.includes('--help') || argv.includes('-h')) {
    output.line(ingestUsage(argv[0]));
    return [];
  }
  const { product, code, fileDate, positionals, values } = parseIngestCommand(argv);

  const files: PreparedFile[] = [];
  for (const path of positionals) {
    try {
      files.push(await prepareFile(product, path, fileDate));
    } catch (error) {
      // A file that is missing, unreadable or another product's: the file is wrong, not the command line.
      if (error instanceof IngestFileError) throw new OperatorError(`ingest ${product.family}: ${error.message}`);
      // Read for its date (its name gives none) and found cut short or damaged: no run can be dated by it.
      if (error instanceof UnreadableFileError) throw loadFailure(product, basename(path), error);
      throw error;
    }
  }

  // On a terminal progress rewrites one line; with --progress elsewhere (logs) it writes a line per batch.
  const progress = output.progress ?? (values.progress ? (text: string) => void process.stderr.write(`${text}\n`) : null);
  const summaries: IngestSummary[] = [];
  for (const file of files) {
    const started = Date.now();
    const fileName = basename(file.path);
    const summary = await product
      .load(db, file.path, {
        product: code,
        fileName,
        fileDate: file.fileDate,
        onProgress: (counts) => progress?.(progressLine(fileName, counts, (Date.now() - started) / 1000)),
      })
      .catch((error: unknown) => {
        if (output.progress) output.progress('\n');
        throw error instanceof UnreadableFileError ? loadFailure(product, fileName, error) : error;
      });
    if (output.progress) output.progress('\n');
    for (const line of formatSummary(summary)) output.line(line);
    summaries.push(summary);
  }
  return summaries;
}
