/** Bulk products (DESIGN.md §5) and how old each copy may get before it is flagged stale. */
export const PRODUCTS = ['PTFWPRD', 'PTFWPRE', 'PTGRXML', 'APPXML', 'PASDL', 'PASYR', 'PTMNFEE2', 'PTAB', 'OA'] as const;
export type Product = (typeof PRODUCTS)[number];

const HOUR_MS = 3_600_000;
/** Products published once a week: the maintenance-fee file and the full-text grant and publication files. */
const WEEKLY_PRODUCTS: ReadonlySet<string> = new Set(['PTMNFEE2', 'PTGRXML', 'APPXML']);

/**
 * Spec §2: stale when older than the product's cadence allows, 48 hours, or one week plus one
 * day for a weekly product. The spec names the maintenance-fee file; the full-text files are
 * weekly too, and flagging them stale five days of every seven would say nothing.
 */
export function cadenceMs(product: string): number {
  return WEEKLY_PRODUCTS.has(product) ? (7 + 1) * 24 * HOUR_MS : 48 * HOUR_MS;
}

export interface ProductState {
  product: string;
  file_date: string;
  ingested_at: Date;
}

export interface Provenance {
  source: { product: string; file_date: string | null };
  as_of: string | null;
  stale: boolean;
}

const easternDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Dates are US Eastern (DESIGN.md §6): an ingest at 02:00 UTC belongs to the previous Eastern day. */
export function toEasternDate(instant: Date): string {
  // Called for every object served, with a handful of distinct ingest times: remember them.
  const key = instant.getTime();
  let formatted = formattedDates.get(key);
  if (formatted === undefined) {
    if (formattedDates.size > 1_000) formattedDates.clear();
    formatted = easternDate.format(instant);
    formattedDates.set(key, formatted);
  }
  return formatted;
}

const formattedDates = new Map<number, string>();

/**
 * `stale` measures the copy by when it was last ingested (`as_of`), not by the file's own date:
 * daily products skip weekends and holidays, so file dates alone would flag healthy copies.
 * A product never loaded is stale by definition.
 */
export function provenanceOf(product: string, state: ProductState | null, now: Date): Provenance {
  if (!state) return { source: { product, file_date: null }, as_of: null, stale: true };
  return {
    source: { product, file_date: state.file_date },
    as_of: toEasternDate(state.ingested_at),
    stale: now.getTime() - state.ingested_at.getTime() > cadenceMs(product),
  };
}
