/**
 * The bulk products (DESIGN.md §5): codes, the command-line family that loads them, and their
 * cadence. Every other place (provenance, the ingest registry, resources) reads them from here.
 */
export type Cadence = 'daily' | 'weekly';

/** How the Open Data Portal publishes a product: files in its bulk-data API, or records behind its search APIs (ingest/portal-search.ts). */
export type PortalChannel = 'bulk-data' | 'search';

export interface ProductInfo {
  /** The office's product code, as recorded in `product_state` and `source.product`. */
  code: string;
  /** The name on the command line: `patent-status ingest <family>`. */
  family: string;
  cadence: Cadence;
  /** True for a backfile: the office's historical dump of a daily product. */
  backfile: boolean;
  /** True when each file holds the whole history (the weekly maintenance-fee file: every event since 1981). */
  cumulative: boolean;
  portal: PortalChannel;
}

const product = (code: string, family: string, cadence: Cadence, more: Partial<ProductInfo> = {}): ProductInfo => ({
  code,
  family,
  cadence,
  backfile: false,
  cumulative: false,
  portal: 'bulk-data',
  ...more,
});

export const PRODUCT_CATALOGUE = {
  PTFWPRD: product('PTFWPRD', 'file-wrapper', 'daily'),
  PTFWPRE: product('PTFWPRE', 'file-wrapper', 'daily', { backfile: true }),
  PTGRXML: product('PTGRXML', 'grants', 'weekly'),
  APPXML: product('APPXML', 'publications', 'weekly'),
  PASDL: product('PASDL', 'assignments', 'daily'),
  PASYR: product('PASYR', 'assignments', 'daily', { backfile: true }),
  PTMNFEE2: product('PTMNFEE2', 'maintenance-fees', 'weekly', { cumulative: true }),
  PTAB: product('PTAB', 'ptab', 'daily', { portal: 'search' }),
  OA: product('OA', 'office-actions', 'daily', { portal: 'search' }),
} as const satisfies Record<string, ProductInfo>;

export type Product = keyof typeof PRODUCT_CATALOGUE;
export const PRODUCTS = Object.keys(PRODUCT_CATALOGUE) as Product[];

/** The codes of one command-line family, daily product first. */
export function productsOfFamily(family: string): Product[] {
  return PRODUCTS.filter((code) => PRODUCT_CATALOGUE[code].family === family);
}

/**
 * The products behind each area of answers: an answer's provenance names the freshest of them.
 * Data comes in by product and goes out by area; these are where the two axes meet.
 */
export const FILE_WRAPPER_PRODUCTS = ['PTFWPRD', 'PTFWPRE'] as const;
export type FileWrapperProduct = (typeof FILE_WRAPPER_PRODUCTS)[number];
export const FULL_TEXT_PRODUCTS = { grants: 'PTGRXML', publications: 'APPXML' } as const;
export type FullTextProduct = (typeof FULL_TEXT_PRODUCTS)[keyof typeof FULL_TEXT_PRODUCTS];
export const ASSIGNMENT_PRODUCTS = ['PASDL', 'PASYR'] as const;
export const MAINTENANCE_FEE_PRODUCT = 'PTMNFEE2' satisfies Product;
export const PTAB_PRODUCTS = ['PTAB'] as const;
export const OFFICE_ACTION_PRODUCTS = ['OA'] as const;
/** Where party names come from with an address: the file wrapper and the recordations. */
export const NAME_PRODUCTS = [...FILE_WRAPPER_PRODUCTS, ...ASSIGNMENT_PRODUCTS] as const;

/**
 * Spec §2: stale when the copy is older than the product's cadence allows, 48 hours, or one week
 * plus one day for a weekly product, measured from the date of the newest file loaded. The
 * office publishes daily products on business days only, so their 48 hours count two business
 * days: Friday's file is still the newest on Sunday. The spec names the maintenance-fee file as
 * weekly; the full-text files are weekly too, and flagging them stale five days of every seven
 * would say nothing.
 */
export function cadenceOf(info: Pick<ProductInfo, 'cadence'> | undefined): { days: number; businessDays: boolean } {
  return info?.cadence === 'weekly' ? { days: 7 + 1, businessDays: false } : { days: 2, businessDays: true };
}

/** The catalogue entry of a code, when the office's catalogue has it. */
export function catalogueEntry(code: string): ProductInfo | undefined {
  return (PRODUCT_CATALOGUE as Record<string, ProductInfo>)[code];
}
