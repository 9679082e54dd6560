import type { Database } from '../db/database.js';
import { type Product, productsOfFamily } from '../domain/products.js';
import type { IngestSummary } from './ingest-run.js';
import type { ProductLoader } from './loader.js';
import type { FileFormat, Recognisable } from './recognise.js';
import { ingestItems, type RunOptions } from './runner.js';
import type { ScheduledDetector } from './scheduled.js';

export type Loading<I, R, P> =
  | {
      kind: 'batches';
      /** Key, batch load and load-driven event detection (loader.ts), run by runner.ts. */
      loader: ProductLoader<I, R, P>;
      /** The date a record gives its file when the name gives none, or null when records do not date their file. */
      recordDate: ((record: R) => string | null) | null;
    }
  | {
      /**
       * A cumulative file (the weekly maintenance-fee file holds every event since 1981), loaded
       * whole and set-based in one transaction, reading the file as often as it needs (`read()`
       * parses it afresh each time), so a reload costs what is new. Its records do not date the file.
       */
      kind: 'whole-file';
      load: (db: Database, read: () => AsyncIterable<I>, options: RunOptions) => Promise<IngestSummary>;
    };

/** Everything one product declares; registry.ts holds one per product. */
export interface ProductSpec<I, R, P> {
  /** Its name on the command line, the family of its codes in domain/products.ts (codes, cadence, staleness). */
  family: string;
  /** What its files hold, in messages: `grants`, `patent file wrapper records`. */
  what: string;
  /** The files it takes, in its usage line: `<ipgYYMMDD.xml|.zip>…`. */
  files: string;
  format: FileFormat;
  /** How its files are recognised (recognise.ts): XML roots or JSON envelope bags and key fields. */
  markers: readonly string[];
  /** The file-name date rule (file-date.ts). */
  fileNameDate(name: string): string | null;
  parse(path: string): AsyncIterable<I>;
  /** How its parsed items are stored: keyed batches through the one runner, or one set-based load. */
  loading: Loading<I, R, P>;
  /** Time-driven event detection (scheduled.ts). */
  scheduled?: readonly ScheduledDetector[];
}

/** A registry entry as the runner and the command use it (the spec's record types closed over). */
export interface IngestProduct extends Recognisable {
  files: string;
  /** Its codes, daily product first: the first is the default. */
  codes: readonly Product[];
  fileNameDate(name: string): string | null;
  /** True when its records date their file (dateFromRecords can answer). */
  datedByRecords: boolean;
  /** The date of the first record in the file that gives one; null when none does. */
  dateFromRecords(path: string): Promise<string | null>;
  /** Parses and loads one file as one ingest run. */
  load(db: Database, path: string, options: RunOptions): Promise<IngestSummary>;
  scheduled: readonly ScheduledDetector[];
}

export function defineProduct<I, R, P>(spec: ProductSpec<I, R, P>): IngestProduct {
  const codes = productsOfFamily(spec.family);
  if (codes.length === 0) throw new Error(`domain/products.ts has no product of the family ${spec.family}`);
  const { loading } = spec;
  const recordDate = loading.kind === 'batches' ? loading.recordDate : null;
  return {
    family: spec.family,
    what: spec.what,
    files: spec.files,
    format: spec.format,
    markers: spec.markers,
    codes,
    fileNameDate: spec.fileNameDate,
    datedByRecords: recordDate !== null,
    async dateFromRecords(path) {
      if (loading.kind !== 'batches' || recordDate === null) return null;
      // Leaving the loop closes the parser: only the head of the file is read.
      for await (const parsed of spec.parse(path)) {
        const item = loading.loader.item(parsed);
        const date = item.kind === 'record' ? recordDate(item.record) : null;
        if (date !== null) return date;
      }
      return null;
    },
    load: (db, path, options) =>
      loading.kind === 'batches'
        ? ingestItems(db, loading.loader, spec.parse(path), options)
        : loading.load(db, () => spec.parse(path), options),
    scheduled: spec.scheduled ?? [],
  };
}
