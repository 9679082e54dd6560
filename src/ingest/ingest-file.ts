/**
 * Checks, dates and loads one file for its product module: what `patent-status ingest`, the demo,
 * sync and tests all do. `among` is every module the deployment knows: a file of another one is
 * refused by name.
 */
import { basename } from 'node:path';
import type { Database } from '../db/database.js';
import type { Product } from '../domain/products.js';
import { IngestFileError, readFileHead } from './file-check.js';
import type { IngestSummary } from './ingest-run.js';
import type { IngestProduct } from './product.js';
import { refusal } from './recognise.js';
import type { RunOptions } from './runner.js';

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
export async function prepareFile(
  among: readonly IngestProduct[],
  product: IngestProduct,
  path: string,
  fileDate?: string,
): Promise<PreparedFile> {
  const head = await readFileHead(path);
  const refused = refusal(product, among, head);
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
export async function ingestFileAmong(
  among: readonly IngestProduct[],
  db: Database,
  product: IngestProduct,
  path: string,
  options: { product?: Product; fileDate?: string } & Pick<RunOptions, 'batchSize' | 'onProgress'> = {},
): Promise<IngestSummary> {
  const file = await prepareFile(among, product, path, options.fileDate);
  return product.load(db, path, {
    ...options,
    product: options.product ?? product.codes[0]!,
    fileName: basename(path),
    fileDate: file.fileDate,
  });
}
