/**
 * Which products `sync` fetches from the Open Data Portal's bulk-data API, and how it asks for
 * their files, from the product modules' catalogue entries. The captures (reference/odp/, README
 * "PTAB", "Office actions") describe no bulk-data product for PTAB or the office actions: their
 * entries say `search`, and sync skips them with that reason rather than guess a product identifier.
 */
import type { Product, ProductInfo } from '../domain/products.js';
import { catalogueOf, PRODUCT_MODULES, productOfCode } from '../products/registry.js';

/** Why a product is not fetched from the bulk-data API (its module's catalogue says search only); null for the products it is. */
export function notOnPortal(code: Product): string | null {
  if (catalogueOf().get(code)?.portal !== 'search') return null;
  const { what, family } = productOfCode(code);
  return `the Open Data Portal has no bulk-data product for ${what} (search API only); load its files with \`patent-status ingest ${family}\``;
}

/**
 * The products a plain `sync` (and the nightly run) fetches: every module's current products on
 * the portal. Backfiles (PTFWPRE ≈ 29 GB, PASYR) are a one-off an operator asks for by name.
 */
export const DEFAULT_SYNC_PRODUCTS: readonly Product[] = PRODUCT_MODULES.flatMap((module) =>
  module.catalogue.filter((info) => info.portal === 'bulk-data' && !info.backfile).map((info) => info.code as Product),
);

/** Every product a module loads, and its backfiles (fetched only when named). */
export const SYNC_CODES: readonly Product[] = PRODUCT_MODULES.flatMap((module) => module.codes);
export const BACKFILES: readonly Product[] = PRODUCT_MODULES.flatMap((module) =>
  module.catalogue.filter((info) => info.backfile).map((info) => info.code as Product),
);

/** The products the bulk-data API does not serve, in the modules' order. */
export const SEARCH_ONLY_PRODUCTS: readonly Product[] = PRODUCT_MODULES.flatMap((module) =>
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
