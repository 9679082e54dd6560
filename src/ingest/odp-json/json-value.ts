/** Plain JSON values as every ODP JSON product's mapper reads them. */
export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** At most `max` characters of JSON for a reject excerpt, without serialising a huge value. */
export function excerpt(value: unknown, max = 200): string {
  const parts: string[] = [];
  let size = 0;
  const put = (s: string): boolean => {
    parts.push(s);
    size += s.length;
    return size < max;
  };
  const walk = (v: unknown): boolean => {
    if (Array.isArray(v)) {
      if (!put('[')) return false;
      for (let i = 0; i < v.length; i++) {
        if ((i > 0 && !put(',')) || !walk(v[i])) return false;
      }
      return put(']');
    }
    if (isObject(v)) {
      if (!put('{')) return false;
      let first = true;
      for (const [k, item] of Object.entries(v)) {
        if ((!first && !put(',')) || !put(`${JSON.stringify(k)}:`) || !walk(item)) return false;
        first = false;
      }
      return put('}');
    }
    if (typeof v === 'string') return put(JSON.stringify(v.length > max ? v.slice(0, max) : v));
    return put(JSON.stringify(v) ?? 'undefined');
  };
  walk(value);
  const s = parts.join('');
  return s.length > max ? s.slice(0, max) : s;
}
