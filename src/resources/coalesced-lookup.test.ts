import { describe, expect, it } from 'vitest';
import { CoalescedLookup } from './coalesced-lookup.js';

function recording(found: Record<string, number>, fail = false) {
  const calls: string[][] = [];
  const lookup = new CoalescedLookup<number>(async (keys) => {
    calls.push(keys);
    if (fail) throw new Error('database gone');
    return new Map(keys.filter((key) => key in found).map((key) => [key, found[key]!]));
  }, 3);
  return { calls, lookup };
}

describe('CoalescedLookup', () => {
  it('answers the keys asked in one turn with one load, each key once, missing ones null', async () => {
    const { calls, lookup } = recording({ a: 1, b: 2 });
    const answers = await Promise.all([lookup.get('a'), lookup.get('b'), lookup.get('a'), lookup.get('zz')]);
    expect(answers).toEqual([1, 2, 1, null]);
    expect(calls).toEqual([['a', 'b', 'zz']]);
  });

  it('loads again in a later turn', async () => {
    const { calls, lookup } = recording({ a: 1 });
    expect(await lookup.get('a')).toBe(1);
    expect(await lookup.get('a')).toBe(1);
    expect(calls).toEqual([['a'], ['a']]);
  });

  it('splits a turn at its most keys', async () => {
    const { calls, lookup } = recording({ a: 1, b: 2, c: 3, d: 4 });
    expect(await Promise.all(['a', 'b', 'c', 'd'].map((key) => lookup.get(key)))).toEqual([1, 2, 3, 4]);
    expect(calls).toEqual([['a', 'b', 'c'], ['d']]);
  });

  it("rejects every waiter of a failed load, and the next turn's load runs afresh", async () => {
    const { calls, lookup } = recording({ a: 1 }, true);
    const results = await Promise.allSettled([lookup.get('a'), lookup.get('b')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason.message).toBe('database gone');
    await expect(lookup.get('a')).rejects.toThrow('database gone');
    expect(calls).toEqual([['a', 'b'], ['a']]);
  });
});
