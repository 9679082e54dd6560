/**
 * Field-level readers for ODP patent file wrapper JSON (v1 and the 2024 beta): dates, codes,
 * flags, entity status (CPC spacing is domain/cpc.ts). Pure functions; every reader returns null for a value it
 * cannot read with certainty. Formats and pitfalls: samples/JSON-FORMATS.md §0, §1, §1b.
 */

// The JSON value helpers and field readers every ODP JSON product shares.
export { excerpt, isObject, type JsonObject } from '../../ingest/odp-json/json-value.js';
export { flag, integer, isAbsent, odpDate, text } from '../../ingest/odp-json/fields.js';
import { flag, isAbsent } from '../../ingest/odp-json/fields.js';

export type EntityStatus = 'small' | 'micro' | 'undiscounted';

/**
 * `businessEntityStatusCategory` is trusted ("Regular Undiscounted", "Small", "Micro", any
 * case); `smallEntityStatusIndicator` is used only when the category is absent, because the
 * office sends `false` next to the category "Small". An unknown category gives null.
 */
export function entityStatus(category: unknown, smallIndicator: unknown): EntityStatus | null {
  if (!isAbsent(category)) {
    const c = typeof category === 'string' ? category.trim().toLowerCase() : '';
    if (c.includes('micro')) return 'micro';
    if (c.includes('small')) return 'small';
    if (c.includes('undiscounted') || c === 'large' || c === 'regular') return 'undiscounted';
    return null;
  }
  const small = flag(smallIndicator);
  return small === null ? null : small ? 'small' : 'undiscounted';
}
