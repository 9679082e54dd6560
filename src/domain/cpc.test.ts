import { describe, expect, it } from 'vitest';
import { cpcLevels, cpcSymbol, documentCpcLevels, parseCpcFilter } from './cpc.js';

describe('cpcLevels', () => {
  it('lists the five levels of a canonical symbol', () => {
    expect(cpcLevels('H04L 9/3247')).toEqual(['H', 'H04', 'H04L', 'H04L9/', 'H04L9/3247']);
    expect(cpcLevels('H01M 2004/027')).toEqual(['H', 'H01', 'H01M', 'H01M2004/', 'H01M2004/027']);
  });

  it('keeps the subgroup as written (leading zeros are significant) and drops main-group zeros', () => {
    expect(cpcLevels('A61B 0017/00')).toEqual(['A', 'A61', 'A61B', 'A61B17/', 'A61B17/00']);
  });

  it('keeps a symbol of another shape whole', () => {
    expect(cpcLevels('Y10S 901/xx')).toEqual(['Y10S901/XX']);
    expect(cpcLevels(' ')).toEqual([]);
  });

  it('merges the levels of several symbols without repeats', () => {
    expect(documentCpcLevels(['H04L 9/3247', 'H04L 9/32', 'G06F 21/64'])).toEqual([
      'H',
      'H04',
      'H04L',
      'H04L9/',
      'H04L9/3247',
      'H04L9/32',
      'G',
      'G06',
      'G06F',
      'G06F21/',
      'G06F21/64',
    ]);
  });
});

describe('parseCpcFilter', () => {
  it.each([
    ['H', 'section', 'H'],
    ['h04', 'class', 'H04'],
    ['H04L', 'subclass', 'H04L'],
    ['C12N15', 'group', 'C12N15/'],
    ['C12N15/', 'group', 'C12N15/'],
    ['C12N 15/', 'group', 'C12N15/'],
    ['C12N 015', 'group', 'C12N15/'],
    ['H04L 9/3247', 'subgroup', 'H04L9/3247'],
    ['H04L9/32', 'subgroup', 'H04L9/32'],
    ['  a61b  17 / 00 ', 'subgroup', 'A61B17/00'],
  ])('%s is the %s %s', (input, level, key) => {
    expect(parseCpcFilter(input)).toEqual({ level, key });
  });

  it.each(['', 'H0', 'H04LL', 'Z01B', 'H04L9/32/1', '9/32', 'H04L 12345/1'])('%j names no level', (input) => {
    expect(parseCpcFilter(input)).toBeNull();
  });
});

describe('cpcSymbol', () => {
  it('normalises ODP column padding (odp-v1/17248024.application.json)', () => {
    expect(cpcSymbol('H01M  50/46')).toBe('H01M 50/46');
    expect(cpcSymbol('H01M   4/13')).toBe('H01M 4/13');
    expect(cpcSymbol('Y02E  60/10')).toBe('Y02E 60/10');
  });
  it('inserts the missing space of 4-digit groups and beta symbols (odp-beta-2024)', () => {
    expect(cpcSymbol('H01M2004/027')).toBe('H01M 2004/027');
    expect(cpcSymbol('A61B13/00')).toBe('A61B 13/00');
    expect(cpcSymbol('A61B2017/320052')).toBe('A61B 2017/320052');
  });
  it('keeps a canonical symbol and drops leading zeros of the main group', () => {
    expect(cpcSymbol('G06N 3/08')).toBe('G06N 3/08');
    expect(cpcSymbol('G06N0003/08')).toBe('G06N 3/08');
    expect(cpcSymbol(' g06v  10/7784 ')).toBe('G06V 10/7784');
  });
  it('keeps an unknown shape with whitespace collapsed; blank is null', () => {
    expect(cpcSymbol('H01M  50')).toBe('H01M 50');
    expect(cpcSymbol('   ')).toBeNull();
  });
});
