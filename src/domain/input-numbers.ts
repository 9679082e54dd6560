import type { ValidationIssue } from './errors.js';
import { findLeaf, type Location } from './json-leaves.js';

/**
 * Numbers a request may carry. Ajv's type coercion reads a query text, or a string in a JSON body
 * or in an MCP tool's arguments, with `+text`: `1e309` becomes Infinity, which then passes
 * `integer`, `minimum` and `maximum` alike (Ajv checks a range only on finite numbers) and reached
 * the charging SQL as a bigint. Every number that leaves validation is checked here once more.
 */

/** A numeric parameter's text: ASCII digits (`\d` is ASCII-only), an optional sign, fraction and exponent. */
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** Past 2^53 a number no longer holds every integer: no parameter of ours is that large. */
export const MAX_INPUT_NUMBER = Number.MAX_SAFE_INTEGER;

/** A number JavaScript, Ajv and PostgreSQL all read alike: finite and within ±(2^53 − 1). */
export function isSafeInputNumber(value: number): boolean {
  return Number.isFinite(value) && Math.abs(value) <= MAX_INPUT_NUMBER;
}

/** What is wrong with the text of a numeric query parameter, before coercion reads it; null when nothing is. */
export function numberTextIssue(text: string, loc: Location): ValidationIssue | null {
  const trimmed = text.trim();
  if (!DECIMAL.test(trimmed))
    return { loc, msg: 'Must be a number written in the digits 0-9', type: 'number_parsing', input: text, ctx: {} };
  return isSafeInputNumber(Number(trimmed)) ? null : unsafeNumberIssue(loc, text);
}

function unsafeNumberIssue(loc: Location, input: unknown): ValidationIssue {
  return {
    loc,
    msg: `Input should be a finite number from ${-MAX_INPUT_NUMBER} to ${MAX_INPUT_NUMBER}`,
    type: 'finite_number',
    // Infinity and NaN have no JSON form: their text is echoed.
    input: typeof input === 'number' && !Number.isFinite(input) ? String(input) : input,
    ctx: { ge: -MAX_INPUT_NUMBER, le: MAX_INPUT_NUMBER },
  };
}

/**
 * The first number in a validated value (query, body, tool arguments) that is not safe, with its
 * location; null when there is none.
 */
export function findUnsafeNumber(value: unknown, loc: Location): ValidationIssue | null {
  const found = findLeaf(value, loc, (leaf) => typeof leaf === 'number' && !isSafeInputNumber(leaf));
  return found && unsafeNumberIssue(found.loc, found.leaf);
}
