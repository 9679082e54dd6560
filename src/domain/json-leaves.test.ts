import { describe, expect, it } from 'vitest';
import { findLeaf } from './json-leaves.js';

const isX = (leaf: string | number) => leaf === 'x';
const isBig = (leaf: string | number) => typeof leaf === 'number' && leaf > 10;

describe('findLeaf', () => {
  it('finds the first refused leaf depth first, with its location', () => {
    const value = { a: [1, { b: 'x' }], c: 'x' };
    expect(findLeaf(value, ['body'], isX)).toEqual({ leaf: 'x', loc: ['body', 'a', 1, 'b'] });
    expect(findLeaf({ n: [3, 30, 40] }, ['query'], isBig)).toEqual({ leaf: 30, loc: ['query', 'n', 1] });
    expect(findLeaf('x', ['path', 'id'], isX)).toEqual({ leaf: 'x', loc: ['path', 'id'] });
    expect(findLeaf(99, [], isBig)).toEqual({ leaf: 99, loc: [] });
  });

  it('tries member names only when asked, each before its value', () => {
    expect(findLeaf({ x: 'y' }, ['body'], isX)).toBeNull();
    expect(findLeaf({ x: 'x' }, ['body'], isX, true)).toEqual({ leaf: 'x', loc: ['body', 'x'] });
    expect(findLeaf({ a: { x: 1 } }, ['body'], isX, true)).toEqual({ leaf: 'x', loc: ['body', 'a', 'x'] });
  });

  it('passes booleans, null, undefined, raw bytes and inherited members', () => {
    expect(findLeaf({ a: true, b: null, c: undefined, d: [false, null] }, ['body'], () => true)).toBeNull();
    expect(findLeaf(Buffer.from('"x"'), ['body'], isX)).toBeNull();
    expect(findLeaf(Object.create({ inherited: 'x' }) as object, ['body'], isX)).toBeNull();
  });
});
