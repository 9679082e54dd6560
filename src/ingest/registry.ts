/**
 * The product registry: every bulk product the service ingests, declared once. Adding a product
 * is one folder (ingest/<product>/: parse, load, detect) and one entry here; its codes, cadence
 * and staleness are in domain/products.ts under its family name. The runner (runner.ts) and
 * the `ingest` command read everything else from here.
 */
import { basename } from 'node:path';
import type { Database } from '../db/database.js';
import type { Product } from '../domain/products.js';
import { ASSIGNMENT_LOADER } from './assignments/load.js';
import { ASSIGNMENTS_ROOT, parseAssignmentFile } from './assignments/parse.js';
import { FILE_WRAPPER_LOADER } from './file-wrapper/load.js';
import { FILE_WRAPPER_LAYOUT, parseFileWrapperFile } from './file-wrapper/parse.js';
import { FULL_TEXT_LOADER } from './full-text/load.js';
import { GRANT_ROOT } from './grants/map-grant.js';
import { parseGrantFile } from './grants/parse.js';
import { PUBLICATION_ROOT } from './publications/map-publication.js';
import { loadMaintenanceFees } from './maintenance-fees/load.js';
import { FEE_FILE_MARKERS } from './maintenance-fees/markers.js';
import { parseMaintenanceFeeFile } from './maintenance-fees/parse.js';
import { MAINTENANCE_WINDOWS } from './maintenance-fees/detect-windows.js';
import { parsePublicationFile } from './publications/parse.js';
import { OFFICE_ACTION_LOADER } from './office-actions/load.js';
import { OFFICE_ACTION_MARKERS, parseOfficeActionFile } from './office-actions/parse.js';
import { PTAB_LOADER } from './ptab/load.js';
import { parsePtabFile, PTAB_MARKERS } from './ptab/parse.js';
import { IngestFileError, readFileHead } from './file-check.js';
import { datedName, weeklyName } from './file-date.js';
import type { IngestSummary } from './ingest-run.js';
import { defineProduct, type IngestProduct } from './product.js';
import { refusal } from './recognise.js';
import type { RunOptions } from './runner.js';
import type { ScheduledDetector } from './scheduled.js';

export const REGISTRY: readonly IngestProduct[] = [
  defineProduct({
    family: 'file-wrapper',
    what: 'patent file wrapper records',
    files: '<file.json|file.jsonl|file.zip>…',
    format: 'json',
    markers: [...FILE_WRAPPER_LAYOUT.bagKeys, 'applicationNumberText'],
    fileNameDate: datedName,
    parse: parseFileWrapperFile,
    // A record's dates are its application's (filing, status, the office's last update), not its file's.
    loading: { kind: 'batches', loader: FILE_WRAPPER_LOADER, recordDate: null },
  }),
  defineProduct({
    family: 'grants',
    what: 'grants',
    files: '<ipgYYMMDD.xml|.zip>…',
    format: 'xml',
    markers: [GRANT_ROOT],
    fileNameDate: weeklyName('ipg'),
    parse: parseGrantFile,
    // A weekly file holds the grants of one issue date (a Tuesday); a single-grant file, its grant's.
    loading: { kind: 'batches', loader: FULL_TEXT_LOADER, recordDate: (document) => document.date },
  }),
  defineProduct({
    family: 'publications',
    what: 'pre-grant publications',
    files: '<ipaYYMMDD.xml|.zip>…',
    format: 'xml',
    markers: [PUBLICATION_ROOT],
    fileNameDate: weeklyName('ipa'),
    parse: parsePublicationFile,
    // A weekly file holds the publications of one date (a Thursday); a single-document file, its own.
    loading: { kind: 'batches', loader: FULL_TEXT_LOADER, recordDate: (document) => document.date },
  }),
  defineProduct({
    family: 'assignments',
    what: 'patent assignment recordations',
    files: '<adYYYYMMDD.xml|.zip>…',
    format: 'xml',
    markers: [ASSIGNMENTS_ROOT],
    fileNameDate: datedName,
    parse: parseAssignmentFile,
    // Records carry the date the office last updated them; a daily file's records, its own date.
    loading: { kind: 'batches', loader: ASSIGNMENT_LOADER, recordDate: (read) => read.facts.lastUpdateDate },
  }),
  defineProduct({
    family: 'maintenance-fees',
    what: 'maintenance fee events',
    files: '<MaintFeeEvents_YYYYMMDD.txt|.zip>…',
    format: 'text',
    markers: FEE_FILE_MARKERS,
    fileNameDate: datedName,
    parse: parseMaintenanceFeeFile,
    // Cumulative (every event since 1981, each week): staged whole, applied set-based.
    loading: { kind: 'whole-file', load: loadMaintenanceFees },
    scheduled: [MAINTENANCE_WINDOWS],
  }),
  defineProduct({
    family: 'ptab',
    what: 'PTAB trial proceedings and decisions',
    files: '<file.json|file.jsonl|file.zip>…',
    format: 'json',
    markers: PTAB_MARKERS,
    fileNameDate: datedName,
    parse: parsePtabFile,
    // A search response's records carry the time the office last changed them; a download's none (give --file-date).
    loading: { kind: 'batches', loader: PTAB_LOADER, recordDate: (record) => record.snapshot.modifiedAt?.slice(0, 10) ?? null },
  }),
  defineProduct({
    family: 'office-actions',
    what: 'office actions (texts, rejections, citations)',
    files: '<file.json|file.jsonl|file.zip>…',
    format: 'json',
    markers: OFFICE_ACTION_MARKERS,
    fileNameDate: datedName,
    parse: parseOfficeActionFile,
    // Records carry the day the office's ETL made them; a search response's name carries no date.
    loading: { kind: 'batches', loader: OFFICE_ACTION_LOADER, recordDate: (record) => record.createdDate },
  }),
];

export function productNamed(family: string | undefined): IngestProduct | null {
  return REGISTRY.find((product) => product.family === family) ?? null;
}

/** The registry entry that loads files recorded under `code` (PTGRXML → grants). */
export function productOfCode(code: Product): IngestProduct {
  const product = REGISTRY.find((entry) => entry.codes.includes(code));
  if (!product) throw new Error(`no registry entry loads ${code}`);
  return product;
}

/** Every product's time-driven detectors, for the scheduled job (scheduled.ts). */
export function scheduledDetectors(): ScheduledDetector[] {
  return REGISTRY.flatMap((product) => product.scheduled);
}

/** A file checked for its product, with the date it is loaded under. */
export interface PreparedFile {
  product: IngestProduct;
  path: string;
  fileDate: string;
}

/**
 * Checks a file before anything loads (there, a file, readable, this product's) and settles its
 * date: `fileDate` when given, else the name's by the product's rule, else its records'. Throws
 * an IngestFileError (one line) for an operator's mistake.
 */
export async function prepareFile(product: IngestProduct, path: string, fileDate?: string): Promise<PreparedFile> {
  const head = await readFileHead(path);
  const refused = refusal(product, REGISTRY, head);
  if (refused !== null) throw new IngestFileError(refused);
  const date = fileDate ?? product.fileNameDate(head.name) ?? (await product.dateFromRecords(path));
  if (date === null) {
    const why = product.datedByRecords ? `no record in it gives a date` : `${product.what} do not date their file`;
    throw new IngestFileError(
      `cannot tell the file date of ${head.name}: its name carries none (YYYYMMDD or YYYY-MM-DD) and ${why}; give --file-date YYYY-MM-DD`,
    );
  }
  return { product, path, fileDate: date };
}

/** Checks, dates and loads one file as `patent-status ingest <family>` does (the demo, tests, a scheduled sync). */
export async function ingestFile(
  db: Database,
  product: IngestProduct,
  path: string,
  options: { product?: Product; fileDate?: string } & Pick<RunOptions, 'batchSize' | 'onProgress'> = {},
): Promise<IngestSummary> {
  const file = await prepareFile(product, path, options.fileDate);
  return product.load(db, path, {
    ...options,
    product: options.product ?? product.codes[0]!,
    fileName: basename(path),
    fileDate: file.fileDate,
  });
}
