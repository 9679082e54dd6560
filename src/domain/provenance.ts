import { addDays, isBusinessDay } from './dates.js';
import { cadenceOf, catalogueEntry, type ProductInfo } from './products.js';

/** A product's catalogue entry by its code: the office's catalogue, or the modules a deployment loads. */
export type Catalogue = (code: string) => Pick<ProductInfo, 'cadence'> | undefined;

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
 * `stale` measures the data, not the ingest (DESIGN D29): a copy refreshed tonight from a file
 * a month old is a month old. A product never loaded is stale by definition; `as_of` stays the
 * date of the ingest.
 */
export function provenanceOf(product: string, state: ProductState | null, now: Date, catalogue: Catalogue = catalogueEntry): Provenance {
  if (!state) return { source: { product, file_date: null }, as_of: null, stale: true };
  return {
    source: { product, file_date: state.file_date },
    as_of: toEasternDate(state.ingested_at),
    stale: isStale(state, now, catalogue),
  };
}

/** Stale once more than the product's cadence has passed since the date of its newest file (products.ts). */
export function isStale(state: Pick<ProductState, 'product' | 'file_date'>, now: Date, catalogue: Catalogue = catalogueEntry): boolean {
  return toEasternDate(now) >= staleFrom(state.product, state.file_date, catalogue);
}

/**
 * The first day a copy whose newest file is dated `fileDate` is stale: the day after its cadence
 * runs out. Asked on every answer (its `stale`), so kept per product and date.
 */
function staleFrom(product: string, fileDate: string, catalogue: Catalogue): string {
  const key = `${product} ${fileDate}`;
  let date = staleDates.get(key);
  if (date === undefined) {
    const { days, businessDays } = cadenceOf(catalogue(product));
    date = addDays(fileDate, days + 1);
    if (businessDays) {
      let passed = 0;
      for (date = fileDate; passed <= days;) {
        date = addDays(date, 1);
        if (isBusinessDay(date)) passed += 1;
      }
    }
    if (staleDates.size > 1_000) staleDates.clear();
    staleDates.set(key, date);
  }
  return date;
}

const staleDates = new Map<string, string>();
