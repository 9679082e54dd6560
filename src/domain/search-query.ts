import type { ValidationIssue } from './errors.js';

/**
 * What a search's `q` may hold beyond its length. `websearch_to_tsquery` reads a `-` that starts
 * a word as NOT, and NOTs with no word between them wait on the parser's operator stack, which
 * holds 32 (PostgreSQL's STACKDEPTH, 15 and 18 alike): 33 dashes, or `- ` 33 times, failed with
 * "tsquery stack too small", an internal error (XX000) no SQLSTATE tells apart from our own bugs.
 * Parentheses, `!`, `&`, `|` and quotes are skipped by that parser and nest nothing.
 *
 * Such a q is refused, not rewritten: a rewrite would have to copy the parser's tokenizer exactly
 * (what counts as a word between two dashes, quotes toggling) and would change what the query means
 * (`--a` is `a`, `---a` is not). Counting every word-starting dash is simpler and stricter than the
 * parser needs; no one means seventeen exclusions in one search.
 */
export const MAX_EXCLUSIONS = 16;

/** A dash not inside a word (`-lid`, `- -`, `"-`), where websearch may read a NOT; `a-b` is one word. */
const EXCLUSION = /(?<![\p{L}\p{M}\p{N}])-/gu;

export function searchQueryIssue(q: string): ValidationIssue | null {
  const exclusions = q.match(EXCLUSION)?.length ?? 0;
  if (exclusions <= MAX_EXCLUSIONS) return null;
  return {
    loc: ['query', 'q'],
    msg: `q may exclude at most ${MAX_EXCLUSIONS} words or phrases (a '-' that starts a word excludes it); it has ${exclusions}`,
    type: 'too_many_exclusions',
    input: q,
    ctx: { max_exclusions: MAX_EXCLUSIONS },
  };
}
