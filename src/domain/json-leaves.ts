/** Where a value sits in a request: `['body', 'application_numbers', 3]`. */
export type Location = (string | number)[];

/** A string or number of a parsed value that a test refused, with its location. */
export interface FoundLeaf {
  leaf: string | number;
  loc: Location;
}

/**
 * The first string or number of a parsed value (a query, a JSON body, tool arguments) that `refused`
 * picks, depth first; with `keys`, member names are tried too, each before its value. A location is
 * built only for an object descended into or a leaf refused: a thousand-string batch costs no arrays.
 * Depth is bounded by the JSON parser's depth check; raw bytes hold no leaves.
 */
export function findLeaf(value: unknown, loc: Location, refused: (leaf: string | number) => boolean, keys = false): FoundLeaf | null {
  if (typeof value === 'string' || typeof value === 'number') return refused(value) ? { leaf: value, loc } : null;
  if (value === null || typeof value !== 'object' || value instanceof Uint8Array) return null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = member(value[index], loc, index, refused, keys);
      if (found) return found;
    }
    return null;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (keys && refused(key)) return { leaf: key, loc: [...loc, key] };
    const found = member((value as Record<string, unknown>)[key], loc, key, refused, keys);
    if (found) return found;
  }
  return null;
}

function member(
  value: unknown,
  loc: Location,
  at: string | number,
  refused: (leaf: string | number) => boolean,
  keys: boolean,
): FoundLeaf | null {
  if (typeof value === 'string' || typeof value === 'number') return refused(value) ? { leaf: value, loc: [...loc, at] } : null;
  return value !== null && typeof value === 'object' ? findLeaf(value, [...loc, at], refused, keys) : null;
}
