import { describe, expect, it } from 'vitest';
import { rejectionsOf, statutesOf } from './rejections.js';

const row = (
  legalSection: string | null,
  actionCategory: string | null,
  claims: number[],
  paragraph: string | null = null,
  flaggedStatutes = ['103', '112'],
) => ({
  legalSection,
  paragraph,
  actionCategory,
  claims,
  flaggedStatutes,
});

describe('statutes and rejections of an action', () => {
  it('is null without parsed rows, and [] for rows that reject nothing', () => {
    expect(statutesOf([])).toBeNull();
    expect(statutesOf([row(null, 'allowed', [1, 2], null, [])])).toEqual([]);
  });

  it('gives bare and paragraphed statutes from the flags and the grounds (12190351 as the office parsed it)', () => {
    const rows = [row('112', null, [1]), row(null, null, [1, 2, 3, 4, 5]), row('103', 'rejected', [1, 2, 3, 4, 5], 'a')];
    expect(statutesOf(rows)).toEqual(['103', '103(a)', '112']);
    expect(rejectionsOf(rows, [])).toEqual([
      { statute: '103(a)', claims: [1, 2, 3, 4, 5], references: [] },
      { statute: '112', claims: [1], references: [] },
    ]);
  });

  it('leaves out withdrawn grounds and paragraphs that are no letter, names double patenting, and merges claims of a ground', () => {
    const rows = [
      row('101', 'rejected', [42, 43], 'Non-Statutory-other', ['101']),
      row('101', 'rejected', [44, 42], null, ['101']),
      row('112', 'withdrawn', [1, 2], null, ['101']),
      row('nonstatutory double patenting', 'rejected', [3, 1], null, ['101']),
    ];
    expect(statutesOf(rows)).toEqual(['101']);
    expect(rejectionsOf(rows, [])).toEqual([
      { statute: '101', claims: [42, 43, 44], references: [] },
      { statute: 'double_patenting', claims: [1, 3], references: [] },
    ]);
  });

  it('attaches the references cited for each ground, once each', () => {
    const rows = [row('102', 'rejected', [1], null, ['102', '103']), row('103', 'rejected', [2], 'a', ['102', '103'])];
    const cited = [
      { legalSection: '102', actionCategory: 'rejected', reference: '20070217688' },
      { legalSection: '103', actionCategory: 'rejected', reference: '5609494' },
      { legalSection: '103', actionCategory: 'rejected', reference: '5609494' },
      { legalSection: null, actionCategory: null, reference: '7751013' },
    ];
    expect(rejectionsOf(rows, cited)).toEqual([
      { statute: '102', claims: [1], references: ['20070217688'] },
      { statute: '103(a)', claims: [2], references: ['5609494'] },
    ]);
  });
});
