import { describe, expect, it } from 'vitest';
import { connectedGroups } from './connected-groups.js';

describe('connectedGroups', () => {
  it('joins chains and keeps apart what no edge joins', () => {
    expect(
      connectedGroups([
        ['b', 'c'],
        ['a', 'b'],
        ['x', 'y'],
      ]),
    ).toEqual([
      ['a', 'b', 'c'],
      ['x', 'y'],
    ]);
    expect(
      connectedGroups([
        [3, 1],
        [2, 4],
        [4, 3],
        [9, 9],
      ]),
    ).toEqual([[1, 2, 3, 4], [9]]);
    expect(connectedGroups([])).toEqual([]);
  });
});
