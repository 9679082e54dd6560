import { describe, expect, it } from 'vitest';
import { abridgingProblems } from './abridged.js';

const live = { items: [{ n: 1 }, { n: 2 }], text: 'Claim 1. An antibody', as_of: '2026-11-28', key_id: 'key_live', total: 2 };

describe('abridgingProblems', () => {
  it('accepts an answer cut to its first items, a text cut with "…", and run-stamped values of the same kind', () => {
    const minted = new Map<unknown, unknown>();
    const example = { items: [{ n: 1 }], text: 'Claim 1.…', as_of: '2026-11-21', key_id: 'key_example', total: 2 };
    expect(abridgingProblems(example, live, { minted })).toEqual([]);
    expect(minted.get('key_example')).toBe('key_live');
  });

  it('names every difference: a value, a missing or extra member, an emptied or reordered array, another text', () => {
    const example = { items: [{ n: 2 }], text: 'Claim 2.…', as_of: null, total: 3, extra: true };
    expect(abridgingProblems(example, live, { minted: new Map() })).toEqual([
      '$: the example lacks key_id',
      '$: the answer has no extra',
      '$.items[0].n: 2 in the example, 1 live',
      "$.text: the live text does not start as the example's",
      '$.as_of: null in the example, string live',
      '$.total: 3 in the example, 2 live',
    ]);
    expect(abridgingProblems({ ...live, items: [] }, live, { minted: new Map() })).toEqual(['$.items: empty in the example, 2 items live']);
  });
});
