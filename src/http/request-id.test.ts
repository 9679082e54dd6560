import { describe, expect, it } from 'vitest';
import { requestIdFor } from './request-id.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const idFor = (value?: string | string[]) => requestIdFor({ headers: value === undefined ? {} : { 'x-request-id': value } });

describe('requestIdFor', () => {
  it("keeps a client's id of letters, digits, dot, underscore and hyphen, up to 100 characters", () => {
    expect(idFor('1-5759e988.bd862e3f_E1BE-46a6')).toBe('1-5759e988.bd862e3f_E1BE-46a6');
    expect(idFor('a'.repeat(100))).toBe('a'.repeat(100));
  });

  it('makes a new UUID for none, an empty, a long, a repeated header or one with other characters', () => {
    for (const value of [undefined, '', 'a'.repeat(101), ['a', 'b'], 'with space', 'Root=1', 'quote"', 'new\nline', 'ünï']) {
      expect(idFor(value)).toMatch(UUID);
    }
    expect(idFor()).not.toBe(idFor());
  });
});
