/**
 * Which products `sync` fetches from the Open Data Portal, and how it asks for their files, from
 * the product modules' catalogue entries: `bulk-data` products are listed and downloaded as files;
 * `search` products (PTAB, office actions: the captures, reference/odp/ README, describe no
 * bulk-data product for them) are asked for their records through their modules' searches.
 */
import type { Product, ProductInfo } from '../domain/products.js';
import { PRODUCT_MODULES } from '../products/registry.js';

/**
 * The products a plain `sync` (and the nightly run) fetches: every module's current products,
 * the bulk files first and then the searches (PTAB, office actions), in the modules' order.
 * Backfiles (PTFWPRE ≈ 29 GB, PASYR) are a one-off an operator asks for by name.
 */
export const DEFAULT_SYNC_PRODUCTS: readonly Product[] = (['bulk-data', 'search'] as const).flatMap((portal) =>
  PRODUCT_MODULES.flatMap((module) =>
    module.catalogue.filter((info) => info.portal === portal && !info.backfile).map((info) => info.code as Product),
  ),
);

/** Every product a module loads, and its backfiles (fetched only when named). */
export const SYNC_CODES: readonly Product[] = PRODUCT_MODULES.flatMap((module) => module.codes);
export const BACKFILES: readonly Product[] = PRODUCT_MODULES.flatMap((module) =>
  module.catalogue.filter((info) => info.backfile).map((info) => info.code as Product),
);

/** The products served through the portal's search APIs, in the modules' order. */
export const SEARCH_PRODUCTS: readonly Product[] = PRODUCT_MODULES.flatMap((module) =>
  module.catalogue.filter((info) => info.portal === 'search').map((info) => info.code as Product),
);

/** How the portal is asked for a product's files (query parameters of /api/v1/datasets/products/{code}). */
export type FileQuery = { kind: 'latest' } | { kind: 'all' } | { kind: 'from'; date: string };

/** Days before the last loaded file's date that are listed again: a file the office re-issued lately is seen. */
const LOOKBACK_DAYS = 7;

/**
 * Which files to list. A cumulative product (the maintenance-fee file holds every fee event since
 * 1981 each week) needs its newest file only; a backfile, all of its files; any other product,
 * the files since the last one loaded (less the look-back), or its newest file when nothing is
 * loaded yet (the history is the backfile's or `--since`'s to load, not a nightly run's). `since` overrides.
 */
export function fileQueryFor(
  info: Pick<ProductInfo, 'cumulative' | 'backfile'>,
  lastLoaded: string | null,
  since: string | null,
): FileQuery {
  if (since !== null) return { kind: 'from', date: since };
  if (info.cumulative) return { kind: 'latest' };
  if (info.backfile) return { kind: 'all' };
  if (lastLoaded === null) return { kind: 'latest' };
  const from = new Date(`${lastLoaded}T00:00:00Z`);
  from.setUTCDate(from.getUTCDate() - LOOKBACK_DAYS);
  return { kind: 'from', date: from.toISOString().slice(0, 10) };
}
