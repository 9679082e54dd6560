/**
 * A string of its own: a parser's strings are mostly slices of the record's text, and a slice
 * kept (a memo key, a value held until the batch is written) keeps that whole text alive.
 * Concatenating makes a new flat string.
 */
export function ownCopy(text: string): string {
  return (' ' + text).slice(1);
}

/**
 * A pure function of a string, remembered. The assignment files repeat few distinct values where
 * each record asks for many: a daily file's dates fall on a few days (execution and document dates
 * span decades: some tens of thousands of days) and its conveyance texts are mostly a handful of
 * stock phrases. Bounded, so that a file of odd values cannot grow it without end; past the bound
 * new values are computed every time (an entry is ~100 bytes). Keys are own copies (`ownCopy`).
 */
export function remembered<T extends NonNullable<unknown> | null>(compute: (text: string) => T, max: number): (text: string) => T {
  const known = new Map<string, T>();
  return (text) => {
    let value = known.get(text);
    if (value === undefined) {
      value = compute(text);
      if (known.size < max) known.set(ownCopy(text), value);
    }
    return value;
  };
}
