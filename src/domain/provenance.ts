import { cadenceMs } from './products.js';

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
    stale: isStale(state, now),
  };
}

/** A loaded product's copy is stale once more than its cadence has passed since its last ingest. */
export function isStale(state: ProductState, now: Date): boolean {
  return now.getTime() - state.ingested_at.getTime() > cadenceMs(state.product);
}
