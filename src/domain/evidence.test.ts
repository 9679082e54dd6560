import { describe, expect, it } from 'vitest';
import { firstOf, PRECEDENCE, unionOf } from './evidence.js';

describe('the precedence table', () => {
  it('gives every fact a reason and only the products that print it', () => {
    for (const [fact, rule] of Object.entries(PRECEDENCE)) {
      expect(rule.why.length, fact).toBeGreaterThan(40);
      expect(new Set(rule.sources).size, fact).toBe(rule.sources.length);
    }
  });
});

describe('firstOf', () => {
  it('takes the first source in the table’s order that has a value, naming it', () => {
    // pta: file wrapper, then grant.
    expect(firstOf('pta', { grant: 430, file_wrapper: 0 })).toEqual({ value: 0, source: 'file_wrapper' });
    expect(firstOf('pta', { grant: 430, file_wrapper: null })).toEqual({ value: 430, source: 'grant' });
    expect(firstOf('pta', { grant: 430 })).toEqual({ value: 430, source: 'grant' });
    expect(firstOf('pta', {})).toBeNull();
  });
  it('refuses a fact combined by union', () => {
    expect(() => firstOf('fee_events', {})).toThrow(/union/);
    expect(() => firstOf('pta', { fee_file: 1 })).toThrow(/not taken from fee_file/);
  });
});

describe('unionOf', () => {
  it('keeps every key once, the earlier source’s copy where two print it, whatever order they are given in', () => {
    const fees = {
      fee_file: [{ code: 'M1551', date: '2024-07-10', copy: 'fee' }],
      file_wrapper: [
        { code: 'M1551', date: '2024-07-10', copy: 'fw' },
        { code: 'EXP.', date: '2029-02-26', copy: 'fw' },
      ],
    };
    const key = (e: { code: string; date: string }) => `${e.code} ${e.date}`;
    const expected = [
      { code: 'M1551', date: '2024-07-10', copy: 'fee', from: 'fee_file' },
      { code: 'EXP.', date: '2029-02-26', copy: 'fw', from: 'file_wrapper' },
    ];
    expect(unionOf('fee_events', fees, key)).toEqual(expected);
    expect(unionOf('fee_events', { file_wrapper: fees.file_wrapper, fee_file: fees.fee_file }, key)).toEqual(expected);
  });
  it('refuses a fact that takes the first source', () => {
    expect(() => unionOf('pta', {}, () => '')).toThrow(/first/);
  });
});
