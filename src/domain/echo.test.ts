import { describe, expect, it } from 'vitest';
import { boundedEcho, ECHO_BUDGET_CHARS, ECHO_STRING_CHARS } from './echo.js';

describe('boundedEcho', () => {
  it('keeps small values as they are', () => {
    const value = { a: [1, 'two', null, true], b: { c: 'd' } };
    expect(boundedEcho(value)).toEqual(value);
    expect(boundedEcho(undefined)).toBeNull();
  });

  it('cuts a long string, never inside a surrogate pair', () => {
    expect(boundedEcho('x'.repeat(5000))).toBe(`${'x'.repeat(ECHO_STRING_CHARS)}…`);
    const emoji = `${'x'.repeat(ECHO_STRING_CHARS - 1)}😀tail`;
    expect(boundedEcho(emoji)).toBe(`${'x'.repeat(ECHO_STRING_CHARS - 1)}…`);
  });

  it('cuts a long list and says how much was left out', () => {
    const echoed = boundedEcho(Array.from({ length: 1000 }, () => 'y'.repeat(100))) as string[];
    expect(echoed.length).toBeLessThan(20);
    expect(echoed.at(-1)).toMatch(/^… \d+ more$/);
    expect(JSON.stringify(echoed).length).toBeLessThan(ECHO_BUDGET_CHARS + 300);
  });

  it('cuts deep nesting and many keys', () => {
    expect(boundedEcho([[[[['deep']]]]])).toEqual([[[['…']]]]);
    const wide = boundedEcho(Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`key${i}`, i]))) as Record<string, unknown>;
    expect(Object.keys(wide).length).toBeLessThan(200);
    expect(wide['…']).toMatch(/^\d+ more$/);
  });
});
