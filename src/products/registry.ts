/**
 * Every bulk product the service loads, one module each (products/<product>/module.ts). This
 * array drives ingest, sync, entity resolution, the demo, /health and provenance: adding a
 * product is its folder and one line here (ARCHITECTURE.md "Adding a product").
 */
import type { Database } from '../db/database.js';
import type { Product, ProductInfo } from '../domain/products.js';
import type { PartySource } from '../ingest/entities/party-source.js';
import { resolveParties, type ResolutionOptions, type ResolutionSummary } from '../ingest/entities/resolve.js';
import { ingestFileAmong, prepareFile as prepareFileAmong, type PreparedFile } from '../ingest/ingest-file.js';
import type { IngestSummary } from '../ingest/ingest-run.js';
import type { IngestProduct } from '../ingest/product.js';
import type { RunOptions } from '../ingest/runner.js';
import type { ScheduledDetector } from '../ingest/scheduled.js';
import { ASSIGNMENTS } from './assignments/module.js';
import { FILE_WRAPPER } from './file-wrapper/module.js';
import { GRANTS } from './grants/module.js';
import { MAINTENANCE_FEES } from './maintenance-fees/module.js';
import { OFFICE_ACTIONS } from './office-actions/module.js';
import { PTAB } from './ptab/module.js';
import { PUBLICATIONS } from './publications/module.js';

/** In the order `ingest --help` lists them and the demo loads them: the file wrapper first, as every other product prints its applications. */
export const PRODUCT_MODULES: readonly IngestProduct[] = [
  FILE_WRAPPER,
  GRANTS,
  PUBLICATIONS,
  ASSIGNMENTS,
  MAINTENANCE_FEES,
  PTAB,
  OFFICE_ACTIONS,
];

export function productNamed(family: string | undefined, modules = PRODUCT_MODULES): IngestProduct | null {
  return modules.find((product) => product.family === family) ?? null;
}

/** The module that loads files recorded under `code` (PTGRXML → grants). */
export function productOfCode(code: Product, modules = PRODUCT_MODULES): IngestProduct {
  const product = modules.find((entry) => entry.codes.includes(code));
  if (!product) throw new Error(`no product module loads ${code}`);
  return product;
}

/** Every catalogue entry of the modules, by code: cadence for provenance and /health, portal for sync. */
export function catalogueOf(modules = PRODUCT_MODULES): Map<string, ProductInfo> {
  return new Map(modules.flatMap((module) => module.catalogue.map((entry) => [entry.code, entry] as const)));
}

/** Every product's time-driven detectors, for the scheduled job (scheduled.ts). */
export function scheduledDetectors(modules = PRODUCT_MODULES): ScheduledDetector[] {
  return modules.flatMap((product) => product.scheduled);
}

/** Every module's party sources, each table once (grants and publications share theirs), in walking order. */
export function partySources(modules = PRODUCT_MODULES): PartySource[] {
  const byTable = new Map(modules.flatMap((module) => module.parties.map((source) => [source.table, source] as const)));
  return [...byTable.values()].sort((a, b) => a.rank - b.rank);
}

/** Entity resolution over every module's parties (the worker every minute, `patent-status entities`, the demo). */
export function resolveEntities(db: Database, options: ResolutionOptions = {}, modules = PRODUCT_MODULES): Promise<ResolutionSummary> {
  return resolveParties(db, partySources(modules), options);
}

export function prepareFile(product: IngestProduct, path: string, fileDate?: string): Promise<PreparedFile> {
  return prepareFileAmong(PRODUCT_MODULES, product, path, fileDate);
}

/** Checks, dates and loads one file as `patent-status ingest <family>` does (the demo, tests, a scheduled sync). */
export function ingestFile(
  db: Database,
  product: IngestProduct,
  path: string,
  options: { product?: Product; fileDate?: string } & Pick<RunOptions, 'batchSize' | 'onProgress'> = {},
): Promise<IngestSummary> {
  return ingestFileAmong(PRODUCT_MODULES, db, product, path, options);
}

export type { PreparedFile };
