/**
 * Whether a documented example is a live answer abridged as operation-example.ts says: arrays cut
 * to their first items (never emptied while the answer has some), texts ending in "…" cut from the
 * answer's text, everything else equal, but for the values a run stamps or mints (ids, times,
 * balances, cursors, the load date), which need only be of the same kind.
 */

/** Members whose value depends on the run, not on the corpus: the moment, the ids it minted, the balance left. */
const VARIES_PER_RUN = new Set([
  'as_of',
  'stale',
  'next_cursor',
  'request_id',
  'time',
  'latency_ms',
  'engine',
  'detected_at',
  'created_at',
  'last_used_at',
  'coverage_since',
  'org_id',
  'key_id',
  'prefix',
  'api_key',
  'monitor_id',
  'calendar_id',
  'token',
  'url',
  'balance_units',
  'credits_remaining',
  'computed_at',
]);

const kindOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

export interface Abridging {
  /** The example shows only some members of each object (a document too large to show whole). */
  someMembers?: boolean;
  /** Example value → live value of every run-minted string met so far: later requests use the live ids. */
  minted: Map<unknown, unknown>;
}

/** The differences between `example` and the answer `live` it abridges, one line each (none: it is true). */
export function abridgingProblems(example: unknown, live: unknown, options: Abridging, at = '$'): string[] {
  const member = at.split('.').at(-1) ?? '';
  if (VARIES_PER_RUN.has(member)) {
    if (typeof example === 'string') options.minted.set(example, live);
    return kindOf(example) === kindOf(live) ? [] : [`${at}: ${kindOf(example)} in the example, ${kindOf(live)} live`];
  }
  if (typeof example === 'string' && example.endsWith('…') && typeof live === 'string') {
    return live.startsWith(example.slice(0, -1)) ? [] : [`${at}: the live text does not start as the example's`];
  }
  if (Array.isArray(example) && Array.isArray(live)) {
    if (example.length > live.length) return [`${at}: ${example.length} items in the example, ${live.length} live`];
    if (example.length === 0 && live.length > 0) return [`${at}: empty in the example, ${live.length} items live`];
    return example.flatMap((item, index) => abridgingProblems(item, live[index], options, `${at}[${index}]`));
  }
  if (kindOf(example) === 'object' && kindOf(live) === 'object') {
    const shown = example as Record<string, unknown>;
    const answered = live as Record<string, unknown>;
    const missing = Object.keys(answered).filter((name) => !(name in shown));
    const extra = Object.keys(shown).filter((name) => !(name in answered));
    return [
      ...(options.someMembers || missing.length === 0 ? [] : [`${at}: the example lacks ${missing.join(', ')}`]),
      ...(extra.length === 0 ? [] : [`${at}: the answer has no ${extra.join(', ')}`]),
      ...Object.keys(shown)
        .filter((name) => name in answered)
        .flatMap((name) => abridgingProblems(shown[name], answered[name], options, `${at}.${name}`)),
    ];
  }
  return Object.is(example, live) ? [] : [`${at}: ${JSON.stringify(example)} in the example, ${JSON.stringify(live)} live`];
}
