import { describe, expect, it } from 'vitest';
import { arrayLiteral, copyTarget, toCopyText } from './copy-text.js';

describe('toCopyText', () => {
  it('writes nulls, numbers and escaped text', () => {
    expect(toCopyText([['17248024', 0, null, 'a\tb\\c\nd\re', true]])).toBe('17248024\t0\t\\N\ta\\tb\\\\c\\nd\\re\ttrue\n');
  });
  it('keeps the double spaces and quotes of office text', () => {
    expect(toCopyText([['Abandoned  --  Failure to Respond', 'It\'s "x"']])).toBe('Abandoned  --  Failure to Respond\tIt\'s "x"\n');
  });
});

describe('copyTarget', () => {
  it('accepts plain names only', () => {
    expect(copyTarget('transactions', ['application_number', 'seq'])).toBe('transactions (application_number, seq)');
    expect(() => copyTarget('transactions; DROP TABLE x', ['a'])).toThrow(/plain/);
  });
});

describe('arrayLiteral', () => {
  it('quotes every element, escaping quotes and backslashes only', () => {
    expect(arrayLiteral([])).toBe('{}');
    expect(arrayLiteral(['1 Main St, Suite {2}', 'say "hi"\\'])).toBe('{"1 Main St, Suite {2}","say \\"hi\\"\\\\"}');
  });
});
