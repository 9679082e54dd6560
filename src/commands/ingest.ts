import { statSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import type { Database } from '../db/database.js';
import { parseFileWrapperFile } from '../ingest/file-wrapper/parse.js';
import { loadFileWrapper } from '../ingest/file-wrapper/load.js';
import { loadFullText } from '../ingest/full-text/load.js';
import { parseGrantFile } from '../ingest/grants/parse.js';
import { parsePublicationFile } from '../ingest/publications/parse.js';
import type { IngestCounts, IngestSummary } from '../ingest/ingest-run.js';
import { UsageError } from './admin.js';
import { FILE_WRAPPER_PRODUCTS, type FileWrapperProduct, FULL_TEXT_PRODUCTS } from '../domain/products.js';

export const USAGE = `usage: patent-status ingest file-wrapper [--product PTFWPRD|PTFWPRE] [--file-date YYYY-MM-DD] [--progress] <file.json|file.zip>…
       patent-status ingest grants [--file-date YYYY-MM-DD] [--progress] <ipgYYMMDD.xml|.zip>…
       patent-status ingest publications [--file-date YYYY-MM-DD] [--progress] <ipaYYMMDD.xml|.zip>…
  --progress  a progress line on stderr after every committed batch, also when stderr is not a terminal (logs)`;

/**
 * A date in the file name (`ipg221025.xml`, `…20261120…` or `2026-11-20`), else the file's
 * modification date.
 */
export function fileDateOf(path: string): string {
  // The office's weekly names carry a two-digit year: ipg221025, ipgb20221025 (the latter also matches below).
  const weekly = /^ip[ag](\d{2})(\d{2})(\d{2})(?:\D|$)/i.exec(basename(path));
  if (weekly) return `20${weekly[1]}-${weekly[2]}-${weekly[3]}`;
  for (const match of basename(path).matchAll(/(\d{4})-?(\d{2})-?(\d{2})/g)) {
    const candidate = `${match[1]}-${match[2]}-${match[3]}`;
    const parsed = new Date(`${candidate}T00:00:00Z`);
    if (!Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(candidate) && match[1]! >= '1990') return candidate;
  }
  return statSync(path).mtime.toISOString().slice(0, 10);
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

function describeCounts(counts: IngestCounts): string {
  return `read ${counts.read}, inserted ${counts.inserted}, updated ${counts.updated}, unchanged ${counts.unchanged}, rejected ${counts.rejected}, events ${counts.events}`;
}

export function formatSummary(summary: IngestSummary): string[] {
  const rate = summary.seconds > 0 ? Math.round(summary.read / summary.seconds) : summary.read;
  const lines = [
    `${summary.fileName} (${summary.product}, file date ${summary.fileDate}, run ${summary.runId}): ${describeCounts(summary)}`,
    `  ${summary.seconds.toFixed(1)} s, ${rate} ${summary.product.startsWith('PTFW') ? 'applications' : 'documents'}/s`,
  ];
  for (const [reason, count] of Object.entries(summary.skipped)) lines.push(`  skipped ${count} × ${reason}`);
  for (const [reason, count] of Object.entries(summary.rejects.reasons).sort((a, b) => b[1] - a[1])) {
    lines.push(`  rejected ${count} × ${reason}`);
  }
  return lines;
}

type FileLoader = (
  path: string,
  file: { fileName: string; fileDate: string; onProgress: (counts: IngestCounts) => void },
) => Promise<IngestSummary>;

/** The parse-and-load pair of one product named on the command line. */
function loaderFor(db: Database, product: string | undefined, productOption: string | undefined): FileLoader {
  if (product === 'file-wrapper') {
    const code = (productOption ?? 'PTFWPRD').toUpperCase();
    if (!(FILE_WRAPPER_PRODUCTS as readonly string[]).includes(code))
      throw new UsageError(`--product must be PTFWPRD or PTFWPRE\n${USAGE}`);
    return (path, file) => loadFileWrapper(db, parseFileWrapperFile(path), { ...file, product: code as FileWrapperProduct });
  }
  if (product === 'grants' || product === 'publications') {
    if (productOption !== undefined) throw new UsageError(`--product applies to file-wrapper only\n${USAGE}`);
    return (path, file) =>
      loadFullText(db, product === 'grants' ? parseGrantFile(path) : parsePublicationFile(path), {
        ...file,
        product: FULL_TEXT_PRODUCTS[product],
      });
  }
  throw new UsageError(USAGE);
}

/** `patent-status ingest <product> <files…>`: each file is one ingest run, loaded in order. */
export async function runIngest(db: Database, argv: string[], output: Output = consoleOutput): Promise<IngestSummary[]> {
  const [product, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    options: { product: { type: 'string' }, 'file-date': { type: 'string' }, progress: { type: 'boolean' } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length === 0) throw new UsageError(USAGE);
  if (values['file-date'] && !/^\d{4}-\d{2}-\d{2}$/.test(values['file-date']))
    throw new UsageError(`--file-date must be YYYY-MM-DD\n${USAGE}`);
  const load = loaderFor(db, product, values.product);

  // On a terminal progress rewrites one line; with --progress elsewhere (logs) it writes a line per batch.
  const progress = output.progress ?? (values.progress ? (text: string) => void process.stderr.write(`${text}\n`) : null);
  const summaries: IngestSummary[] = [];
  for (const path of positionals) {
    const started = Date.now();
    const summary = await load(path, {
      fileName: basename(path),
      fileDate: values['file-date'] ?? fileDateOf(path),
      onProgress: (counts) => {
        const seconds = (Date.now() - started) / 1000;
        progress?.(`${basename(path)}: ${describeCounts(counts)} (${Math.round(counts.read / Math.max(seconds, 0.001))}/s)`);
      },
    });
    if (output.progress) output.progress('\n');
    for (const line of formatSummary(summary)) output.line(line);
    summaries.push(summary);
  }
  return summaries;
}
