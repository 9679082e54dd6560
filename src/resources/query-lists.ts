import { invalidParameter } from '../domain/errors.js';

/** The most items a comma-separated query parameter may hold. */
const MAX_LIST_ITEMS = 1000;

/**
 * A comma-separated query parameter read item by item, repeats once, in first-seen order; null
 * when absent. An item that does not read, an empty list or one over MAX_LIST_ITEMS is a 422 naming it.
 */
export function listOf(field: string, raw: string | undefined, read: (item: string) => string | null, what: string): string[] | null {
  if (raw === undefined) return null;
  const items = raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  const fail = (msg: string, input: string) => invalidParameter({ loc: ['query', field], msg, type: `${field}_format`, input });
  if (items.length === 0) throw fail(`Give at least one ${what}, comma-separated`, raw);
  if (items.length > MAX_LIST_ITEMS) throw fail(`At most ${MAX_LIST_ITEMS} items`, raw);
  return [
    ...new Set(
      items.map((item) => {
        const value = read(item);
        if (value === null) throw fail(`Not ${what}`, item);
        return value;
      }),
    ),
  ];
}

/** An entity (ent_…) or family (fam_…) id as written, or null. */
export const readEntityRef = (id: string): string | null => (/^(ent|fam)_[a-z0-9]{16}$/.test(id) ? id : null);
