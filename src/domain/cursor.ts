import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { isCalendarDate } from './calendar-date.js';
import { invalidParameter, type AppError } from './errors.js';

/**
 * Cursors are opaque to clients: base64url of a versioned keyset (DESIGN.md §6), bound to the
 * list and the query that issued them, and signed: the last 16 bytes are an HMAC-SHA256 of the rest
 * under the deployment's key, so a cursor whose keyset was rewritten is refused before it is read.
 * Every member is still checked before it reaches SQL (a date that is no date, a float where an
 * integer belongs, 1e308, a NUL), should the key ever leak. A bad or edited cursor, or one issued for
 * another application or query, is a 422 on `query.cursor`.
 */
export type CursorField =
  | { kind: 'date' }
  | { kind: 'integer'; min: number; max: number }
  | { kind: 'number'; min: number; max: number }
  | { kind: 'text'; pattern: RegExp };

/** A `date` column value, years 1–9999 (PostgreSQL refuses year 0). */
export const CURSOR_DATE = { kind: 'date' } as const satisfies CursorField;
/** A PostgreSQL `int` column value. */
export const CURSOR_INT4 = { kind: 'integer', min: -2_147_483_648, max: 2_147_483_647 } as const satisfies CursorField;
/** A document or patent number as we store it (11646472, D701016, US20230080435A1). */
export const CURSOR_DOC_NUMBER = { kind: 'text', pattern: /^[A-Z0-9]{1,32}$/ } as const satisfies CursorField;

type Shape = Record<string, CursorField>;
type Keyset<S extends Shape> = { [P in keyof S]: S[P]['kind'] extends 'date' | 'text' ? string : number };
/** The values that define the list a cursor pages through (application number, filters …). */
export type CursorScope = readonly (string | number | boolean | null)[];

/** The key that signs cursors: the deployment's (resources/cursor-key.ts), so every server accepts every other's. */
export type CursorKey = Uint8Array;

/** 3: signed. Version 2 cursors (unsigned) fail the signature and are refused: the client starts its listing again. */
const VERSION = 3;
/** 128 bits of the HMAC: forging one means guessing it through the API, one request per guess. */
const TAG_BYTES = 16;

function tag(key: CursorKey, payload: Uint8Array): Buffer {
  return createHmac('sha256', key).update(payload).digest().subarray(0, TAG_BYTES);
}

function fits(field: CursorField, value: unknown): boolean {
  switch (field.kind) {
    case 'date':
      return typeof value === 'string' && isCalendarDate(value);
    case 'integer':
      return Number.isSafeInteger(value) && (value as number) >= field.min && (value as number) <= field.max;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) && value >= field.min && value <= field.max;
    case 'text':
      return typeof value === 'string' && field.pattern.test(value);
  }
}

/** One kind of cursor: the list it pages (its name) and the keyset members it carries. */
export class CursorCodec<S extends Shape> {
  constructor(
    private readonly list: string,
    private readonly shape: S,
  ) {
    // The payload's own members: a keyset member of the same name would be overwritten by them.
    for (const reserved of ['v', 'k']) if (reserved in shape) throw new Error(`a cursor keyset member may not be named ${reserved}`);
  }

  /** 16 base64url characters (96 bits) of a hash of the list and its query: short, and no filter text leaks. */
  private scopeKey(scope: CursorScope): string {
    return createHash('sha256')
      .update(JSON.stringify([this.list, ...scope]))
      .digest('base64url')
      .slice(0, 16);
  }

  encode(key: CursorKey, scope: CursorScope, keyset: Keyset<S>): string {
    const payload = Buffer.from(JSON.stringify({ v: VERSION, k: this.scopeKey(scope), ...keyset }));
    return Buffer.concat([payload, tag(key, payload)]).toString('base64url');
  }

  /** The keyset of a cursor this list issued for this very query; null without a cursor. */
  decode(key: CursorKey, raw: string | undefined, scope: CursorScope): Keyset<S> | null {
    if (raw === undefined) return null;
    const bytes = Buffer.from(raw, 'base64url');
    const payload = bytes.subarray(0, -TAG_BYTES);
    if (payload.length === 0 || !timingSafeEqual(bytes.subarray(-TAG_BYTES), tag(key, payload))) throw invalid(raw);
    let decoded: unknown;
    try {
      decoded = JSON.parse(payload.toString('utf8'));
    } catch {
      throw invalid(raw);
    }
    if (decoded === null || typeof decoded !== 'object' || Array.isArray(decoded)) throw invalid(raw);
    const members = decoded as Record<string, unknown>;
    const names = Object.keys(this.shape);
    if (members.v !== VERSION || typeof members.k !== 'string' || Object.keys(members).length !== names.length + 2) throw invalid(raw);
    for (const name of names) if (!fits(this.shape[name]!, members[name])) throw invalid(raw);
    if (members.k !== this.scopeKey(scope)) {
      throw invalidParameter({
        loc: ['query', 'cursor'],
        msg: 'Cursor was issued for another application or query: repeat that query, or start again without a cursor',
        type: 'cursor_mismatch',
        input: raw,
        ctx: {},
      });
    }
    return Object.fromEntries(names.map((name) => [name, members[name]])) as Keyset<S>;
  }
}

function invalid(raw: string): AppError {
  return invalidParameter({
    loc: ['query', 'cursor'],
    msg: 'Cursor is not one this endpoint issued (edited, or issued before the service changed): start the listing again without it',
    type: 'cursor_invalid',
    input: raw,
    ctx: {},
  });
}
