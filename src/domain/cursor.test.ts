import { describe, expect, it } from 'vitest';
import { isCalendarDate } from './calendar-date.js';
import { CURSOR_DATE, CURSOR_DOC_NUMBER, CURSOR_INT4, CursorCodec } from './cursor.js';
import { AppError } from './errors.js';

const codec = new CursorCodec('things', { d: CURSOR_DATE, s: CURSOR_INT4, n: CURSOR_DOC_NUMBER });
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const unb64 = (cursor: string) => JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;

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
  it('decodes what it encoded for the same scope', () => {
    const cursor = codec.encode(['17248024', null], { d: '2023-01-20', s: 7, n: 'D701016' });
    expect(codec.decode(cursor, ['17248024', null])).toEqual({ d: '2023-01-20', s: 7, n: 'D701016' });
    expect(codec.decode(undefined, ['17248024', null])).toBeNull();
  });

  it('refuses a cursor issued for another scope or another list', () => {
    const cursor = codec.encode(['17248024', null], { d: '2023-01-20', s: 7, n: 'D701016' });
    expect(refusal(() => codec.decode(cursor, ['18400004', null]))).toEqual({ type: 'cursor_mismatch', loc: ['query', 'cursor'] });
    expect(refusal(() => codec.decode(cursor, ['17248024', '2023-01-01'])).type).toBe('cursor_mismatch');
    const other = new CursorCodec('others', { d: CURSOR_DATE, s: CURSOR_INT4, n: CURSOR_DOC_NUMBER });
    expect(refusal(() => other.decode(cursor, ['17248024', null])).type).toBe('cursor_mismatch');
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
    ['another version', { v: 1 }],
  ])('refuses %s', (_name, members) => {
    const cursor = codec.encode(['a'], { d: '2023-01-20', s: 7, n: 'D701016' });
    expect(refusal(() => codec.decode(b64({ ...unb64(cursor), ...members }), ['a'])).type).toBe('cursor_invalid');
  });

  it('refuses text that is no cursor', () => {
    for (const raw of ['', 'bm9wZQ', b64([1]), b64(null), '%%%']) expect(refusal(() => codec.decode(raw, [])).type).toBe('cursor_invalid');
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
