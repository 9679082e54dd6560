/**
 * Which products `sync` fetches from the Open Data Portal's bulk-data API, and how it asks for
 * their files. The captures (reference/odp/, README "PTAB", "Office actions") describe no
 * bulk-data product for PTAB or the office actions: the portal serves those through search APIs
 * only, so sync skips them with that reason rather than guess a product identifier.
 */
import { PRODUCT_CATALOGUE, PRODUCTS, type Product } from '../../domain/products.js';

/** Why a product is not fetched from the bulk-data API; absent for the products it is. */
export const NOT_ON_PORTAL: Partial<Record<Product, string>> = {
  PTAB: 'the Open Data Portal has no bulk-data product for PTAB trials (search API only); load its files with `patent-status ingest ptab`',
  OA: 'the Open Data Portal has no bulk-data product for office actions (search API only); load its files with `patent-status ingest office-actions`',
};

/**
 * The products a plain `sync` (and the nightly run) fetches: every current product on the portal.
 * Backfiles (PTFWPRE ≈ 29 GB, PASYR) are a one-off an operator asks for by name.
 */
export const DEFAULT_SYNC_PRODUCTS: readonly Product[] = PRODUCTS.filter(
  (code) => NOT_ON_PORTAL[code] === undefined && !PRODUCT_CATALOGUE[code].backfile,
);

/** How the portal is asked for a product's files (query parameters of /api/v1/datasets/products/{code}). */
export type FileQuery = { kind: 'latest' } | { kind: 'all' } | { kind: 'from'; date: string };

/** Days before the last loaded file's date that are listed again: a file the office re-issued lately is seen. */
export const LOOKBACK_DAYS = 7;

/**
 * Which files to list. A cumulative product (PTMNFEE2 holds every fee event since 1981 each week)
 * needs its newest file only; a backfile, all of its files; any other product, the files since
 * the last one loaded (less the look-back), or its newest file when nothing is loaded yet (the
 * history is the backfile's or `--since`'s to load, not a nightly run's). `since` overrides.
 */
export function fileQueryFor(code: Product, lastLoaded: string | null, since: string | null): FileQuery {
  if (since !== null) return { kind: 'from', date: since };
  if (code === 'PTMNFEE2') return { kind: 'latest' };
  if (PRODUCT_CATALOGUE[code].backfile) return { kind: 'all' };
  if (lastLoaded === null) return { kind: 'latest' };
  const from = new Date(`${lastLoaded}T00:00:00Z`);
  from.setUTCDate(from.getUTCDate() - LOOKBACK_DAYS);
  return { kind: 'from', date: from.toISOString().slice(0, 10) };
}
