import { describe, expect, it } from 'vitest';
import { findUnsafeNumber, isSafeInputNumber, MAX_INPUT_NUMBER, numberTextIssue } from './input-numbers.js';

describe('numberTextIssue (a numeric query parameter before coercion)', () => {
  it('takes decimal numbers in ASCII digits, any notation JavaScript reads exactly', () => {
    for (const text of ['7', '+7', '-0', '1000', '1.5', '.5', '1e2', '1E3', '1e-400', ' 7 ', String(MAX_INPUT_NUMBER)]) {
      expect(numberTextIssue(text, ['query', 'limit']), text).toBeNull();
    }
  });

  it('refuses what is not written in the digits 0-9: hex, words, other scripts', () => {
    const fullwidth = '\uff11\uff10';
    const mathBold = '\u{1d7cf}\u{1d7ce}';
    const arabicIndic = '\u0661\u0660';
    for (const text of [
      '0x10',
      'Infinity',
      '-Infinity',
      'NaN',
      '',
      'true',
      '1_000',
      '1,000',
      fullwidth,
      mathBold,
      arabicIndic,
      '1e',
      'e5',
    ]) {
      expect(numberTextIssue(text, ['query', 'limit'])?.type, text).toBe('number_parsing');
    }
  });

  it('refuses numbers too large to hold exactly: 1e309 (Infinity once read), 2^53 and beyond', () => {
    for (const text of ['1e309', '-1e309', '1e400', '9007199254740992', '99999999999999999999']) {
      expect(numberTextIssue(text, ['query', 'limit']), text).toMatchObject({
        loc: ['query', 'limit'],
        type: 'finite_number',
        input: text,
        ctx: { ge: -MAX_INPUT_NUMBER, le: MAX_INPUT_NUMBER },
      });
    }
  });
});

describe('findUnsafeNumber (a validated value after coercion)', () => {
  it('finds Infinity, NaN and numbers beyond 2^53 wherever they are, with their location', () => {
    expect(findUnsafeNumber({ limit: Infinity }, ['body'])).toMatchObject({
      loc: ['body', 'limit'],
      type: 'finite_number',
      input: 'Infinity',
    });
    expect(findUnsafeNumber({ a: [1, { b: -Infinity }] }, ['body'])?.loc).toEqual(['body', 'a', 1, 'b']);
    expect(findUnsafeNumber({ n: Number.NaN }, ['query'])?.input).toBe('NaN');
    expect(findUnsafeNumber({ n: 2 ** 60 }, ['query'])?.input).toBe(2 ** 60);
    expect(findUnsafeNumber(Infinity, ['body'])?.loc).toEqual(['body']);
  });

  it('passes safe numbers, strings, booleans, null and raw bytes', () => {
    expect(findUnsafeNumber({ a: 1, b: 'Infinity', c: [true, null, -0, 1.5e10], d: {} }, ['body'])).toBeNull();
    expect(findUnsafeNumber(Buffer.from('{"a":1e309}'), ['body'])).toBeNull();
    expect(findUnsafeNumber(undefined, ['query'])).toBeNull();
  });

  it('isSafeInputNumber', () => {
    expect([0, -0, 1, -MAX_INPUT_NUMBER, MAX_INPUT_NUMBER, 0.5].every(isSafeInputNumber)).toBe(true);
    expect([Infinity, -Infinity, Number.NaN, MAX_INPUT_NUMBER + 1, 1e308].some(isSafeInputNumber)).toBe(false);
  });
});
