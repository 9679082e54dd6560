import type { Database } from '../db/database.js';
import type { Product, ProductInfo } from '../domain/products.js';
import type { PartySource } from './entities/party-source.js';
import type { IngestSummary } from './ingest-run.js';
import type { ProductLoader } from './loader.js';
import type { PortalSearchSpec, SearchPage } from './portal-search.js';
import type { FileFormat, Recognisable } from './recognise.js';
import { ingestItems, ingestPages, type RunOptions } from './runner.js';
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

/** A file of demo data a product module wrote, to be loaded as `patent-status ingest` would. */
export interface DemoFile {
  path: string;
  /** Its product code and date when its name does not tell them. */
  product?: Product;
  fileDate?: string;
}

/** The table a product's loaded rows are in. */
export interface HeldIn {
  table: string;
  /** Its rows name their product in `source_product` (grants and publications share `documents`). */
  bySourceProduct?: boolean;
}

/** The synthetic corpus every product's demo data describes: its folder, size and seed. */
export interface DemoCorpus {
  /** This product's own folder under the corpus. */
  dir: string;
  applications: number;
  seed: string;
  /** The first issue or publication date of weekly full text to write (the demo's last year). */
  fullTextFrom?: string;
}

/** Everything one product declares: products/<product>/module.ts, one each, listed in products/registry.ts. */
export interface ProductSpec<I, R, P> {
  /** Its catalogue entries (domain/products.ts): codes, cadence, backfile, cumulative, portal. Daily product first. */
  catalogue: readonly ProductInfo[];
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
  /** The parties its loader writes, for entity resolution, in the order they are walked. */
  parties?: readonly PartySource[];
  /** Where a row is once any of its files has loaded (the demo loads a product only while there is none). */
  holds: HeldIn;
  /** Writes its part of a synthetic corpus in the product's real format, oldest file first. */
  demo(corpus: DemoCorpus): Promise<readonly DemoFile[]>;
  /** Where the portal serves it as searchable records (its catalogue entry's `portal: 'search'`): its searches, and how an answer's text is read. */
  search?: { searches: readonly PortalSearchSpec[]; parse(text: string): AsyncIterable<I> };
}

/** A product module as the runner, sync, entity resolution, the demo and the command use it (the spec's record types closed over). */
export interface IngestProduct extends Recognisable {
  files: string;
  catalogue: readonly ProductInfo[];
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
  parties: readonly PartySource[];
  holds: HeldIn;
  demo(corpus: DemoCorpus): Promise<readonly DemoFile[]>;
  /** The portal's searches that serve it (none for a product of files). */
  searches: readonly PortalSearchSpec[];
  /** Loads the pages of one of its searches as one ingest run (each page one transaction). */
  loadPages(db: Database, pages: AsyncIterable<SearchPage>, options: RunOptions): Promise<IngestSummary>;
}

export function defineProduct<I, R, P>(spec: ProductSpec<I, R, P>): IngestProduct {
  const family = spec.catalogue[0]?.family;
  if (family === undefined || spec.catalogue.some((entry) => entry.family !== family))
    throw new Error(`a product module's catalogue entries name one family (${spec.what})`);
  const codes = spec.catalogue.map((entry) => entry.code as Product);
  const { loading } = spec;
  const recordDate = loading.kind === 'batches' ? loading.recordDate : null;
  return {
    family,
    catalogue: spec.catalogue,
    what: spec.what,
    files: spec.files,
    format: spec.format,
    markers: spec.markers,
    codes,
    fileNameDate: (name) => spec.fileNameDate(name),
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
        ? ingestItems(db, loading.loader, spec.parse(path), options, codes)
        : loading.load(db, () => spec.parse(path), options),
    scheduled: spec.scheduled ?? [],
    parties: spec.parties ?? [],
    holds: spec.holds,
    demo: (corpus) => spec.demo(corpus),
    searches: spec.search?.searches ?? [],
    loadPages(db, pages, options) {
      const { search } = spec;
      if (search === undefined || loading.kind !== 'batches') throw new Error(`${spec.what} are not loaded from portal searches`);
      return ingestPages(db, loading.loader, pages, (text) => search.parse(text), options, codes);
    },
  };
}
