/**
 * The bulk products (DESIGN.md §5): codes, the command-line family that loads them, and their
 * cadence. Every other place (provenance, the ingest registry, resources) reads them from here.
 */
export type Cadence = 'daily' | 'weekly';

export interface ProductInfo {
  /** The office's product code, as recorded in `product_state` and `source.product`. */
  code: string;
  /** The name on the command line: `patent-status ingest <family>`. */
  family: string;
  cadence: Cadence;
  /** True for a backfile: the office's historical dump of a daily product. */
  backfile: boolean;
}

export const PRODUCT_CATALOGUE = {
  PTFWPRD: { code: 'PTFWPRD', family: 'file-wrapper', cadence: 'daily', backfile: false },
  PTFWPRE: { code: 'PTFWPRE', family: 'file-wrapper', cadence: 'daily', backfile: true },
  PTGRXML: { code: 'PTGRXML', family: 'grants', cadence: 'weekly', backfile: false },
  APPXML: { code: 'APPXML', family: 'publications', cadence: 'weekly', backfile: false },
  PASDL: { code: 'PASDL', family: 'assignments', cadence: 'daily', backfile: false },
  PASYR: { code: 'PASYR', family: 'assignments', cadence: 'daily', backfile: true },
  PTMNFEE2: { code: 'PTMNFEE2', family: 'maintenance-fees', cadence: 'weekly', backfile: false },
  PTAB: { code: 'PTAB', family: 'ptab', cadence: 'daily', backfile: false },
  OA: { code: 'OA', family: 'office-actions', cadence: 'daily', backfile: false },
} as const satisfies Record<string, ProductInfo>;

export type Product = keyof typeof PRODUCT_CATALOGUE;
export const PRODUCTS = Object.keys(PRODUCT_CATALOGUE) as Product[];

/** The codes of one command-line family, daily product first. */
export function productsOfFamily(family: string): Product[] {
  return PRODUCTS.filter((code) => PRODUCT_CATALOGUE[code].family === family);
}

export const FILE_WRAPPER_PRODUCTS = ['PTFWPRD', 'PTFWPRE'] as const;
export type FileWrapperProduct = (typeof FILE_WRAPPER_PRODUCTS)[number];

export const FULL_TEXT_PRODUCTS = { grants: 'PTGRXML', publications: 'APPXML' } as const;
export type FullTextProduct = (typeof FULL_TEXT_PRODUCTS)[keyof typeof FULL_TEXT_PRODUCTS];

/**
 * Spec §2: stale when the copy is older than the product's cadence allows, 48 hours, or one week
 * plus one day for a weekly product, measured from the date of the newest file loaded. The
 * office publishes daily products on business days only, so their 48 hours count two business
 * days: Friday's file is still the newest on Sunday. The spec names the maintenance-fee file as
 * weekly; the full-text files are weekly too, and flagging them stale five days of every seven
 * would say nothing.
 */
export function cadenceOf(product: string): { days: number; businessDays: boolean } {
  const info = (PRODUCT_CATALOGUE as Record<string, ProductInfo>)[product];
  return info?.cadence === 'weekly' ? { days: 7 + 1, businessDays: false } : { days: 2, businessDays: true };
}
