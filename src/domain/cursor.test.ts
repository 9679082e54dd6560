import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isCalendarDate } from './calendar-date.js';
import { CURSOR_DATE, CURSOR_DOC_NUMBER, CURSOR_INT4, CursorCodec } from './cursor.js';
import { AppError } from './errors.js';

const codec = new CursorCodec('things', { d: CURSOR_DATE, s: CURSOR_INT4, n: CURSOR_DOC_NUMBER });
const key = Buffer.from('a deployment key of thirty-two characters');
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A cursor's members (its last 16 bytes are the signature). */
const members = (cursor: string) =>
  JSON.parse(Buffer.from(cursor, 'base64url').subarray(0, -16).toString('utf8')) as Record<string, unknown>;
/** What a forger holding the key could make: any members, signed. */
const signed = (value: unknown, signingKey = key) => {
  const payload = Buffer.from(JSON.stringify(value));
  const tag = createHmac('sha256', signingKey).update(payload).digest().subarray(0, 16);
  return Buffer.concat([payload, tag]).toString('base64url');
};
/** The same members with the signature left as it was: a rewritten keyset. */
const rewritten = (cursor: string, changes: Record<string, unknown>) => {
  const bytes = Buffer.from(cursor, 'base64url');
  const payload = Buffer.from(JSON.stringify({ ...members(cursor), ...changes }));
  return Buffer.concat([payload, bytes.subarray(-16)]).toString('base64url');
};

function refusal(run: () => unknown): { type: string; loc: unknown } {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    const issue = ((error as AppError).detail as { type: string; loc: unknown }[])[0]!;
    return { type: issue.type, loc: issue.loc };
  }
  throw new Error('expected a refusal');
}

describe('CursorCodec', () => {
  it('decodes what it encoded for the same scope, and stays short', () => {
    const cursor = codec.encode(key, ['17248024', null], { d: '2023-01-20', s: 7, n: 'D701016' });
    expect(codec.decode(key, cursor, ['17248024', null])).toEqual({ d: '2023-01-20', s: 7, n: 'D701016' });
    expect(codec.decode(key, undefined, ['17248024', null])).toBeNull();
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(cursor.length).toBeLessThan(120);
  });

  it('refuses a cursor issued for another scope or another list', () => {
    const cursor = codec.encode(key, ['17248024', null], { d: '2023-01-20', s: 7, n: 'D701016' });
    expect(refusal(() => codec.decode(key, cursor, ['18400004', null]))).toEqual({ type: 'cursor_mismatch', loc: ['query', 'cursor'] });
    expect(refusal(() => codec.decode(key, cursor, ['17248024', '2023-01-01'])).type).toBe('cursor_mismatch');
    const other = new CursorCodec('others', { d: CURSOR_DATE, s: CURSOR_INT4, n: CURSOR_DOC_NUMBER });
    expect(refusal(() => other.decode(key, cursor, ['17248024', null])).type).toBe('cursor_mismatch');
  });

  it('refuses a rewritten keyset, a cursor signed with another key, and an unsigned (version 2) cursor', () => {
    const cursor = codec.encode(key, ['a'], { d: '2023-01-20', s: 7, n: 'D701016' });
    for (const changes of [{ s: 8 }, { d: '2023-01-21' }, { n: 'D701017' }]) {
      expect(refusal(() => codec.decode(key, rewritten(cursor, changes), ['a'])).type).toBe('cursor_invalid');
    }
    expect(refusal(() => codec.decode(Buffer.from('another deployment'), cursor, ['a'])).type).toBe('cursor_invalid');
    const { v: _v, ...rest } = members(cursor);
    expect(refusal(() => codec.decode(key, b64({ v: 2, ...rest }), ['a'])).type).toBe('cursor_invalid');
    // One bit flipped anywhere, the signature included.
    const bytes = Buffer.from(cursor, 'base64url');
    for (const at of [0, 10, bytes.length - 1]) {
      const flipped = Buffer.from(bytes);
      flipped[at]! ^= 1;
      expect(refusal(() => codec.decode(key, flipped.toString('base64url'), ['a'])).type).toBe('cursor_invalid');
    }
  });

  it.each([
    ['a date that is no date', { d: 'not-a-date' }],
    ['February 30', { d: '2023-02-30' }],
    ['a float for an integer', { s: 1.5 }],
    ['1e308', { s: 1e308 }],
    ['beyond int4', { s: 2 ** 31 }],
    ['a string for an integer', { s: '7' }],
    ['a NUL in a number', { n: 'D70\u00001016' }],
    ['an extra member', { x: 1 }],
    ['another version', { v: 2 }],
  ])('refuses %s even when signed with the key', (_name, changes) => {
    const cursor = codec.encode(key, ['a'], { d: '2023-01-20', s: 7, n: 'D701016' });
    expect(refusal(() => codec.decode(key, signed({ ...members(cursor), ...changes }), ['a'])).type).toBe('cursor_invalid');
  });

  it('refuses text that is no cursor', () => {
    for (const raw of ['', 'bm9wZQ', b64([1]), b64(null), '%%%', signed([1]), signed(null), signed('x')]) {
      expect(refusal(() => codec.decode(key, raw, [])).type).toBe('cursor_invalid');
    }
  });
});

describe('isCalendarDate', () => {
  it('takes dates that exist in years 1 to 9999', () => {
    expect(['0001-01-01', '2024-02-29', '2000-02-29', '9999-12-31'].every(isCalendarDate)).toBe(true);
    expect(['0000-01-01', '1900-02-29', '2023-02-29', '2023-04-31', '2023-13-01', '2023-1-01', ' 2023-01-01'].some(isCalendarDate)).toBe(
      false,
    );
  });
});
