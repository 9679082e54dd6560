import { invalidParameter } from './errors.js';

/**
 * Cursors are opaque to clients: base64url of a versioned keyset (DESIGN.md §6). A cursor that
 * does not decode to the expected version and shape is a 422 on `query.cursor`.
 */
export function encodeCursor(keyset: Record<string, string | number>): string {
  return Buffer.from(JSON.stringify({ v: 1, ...keyset })).toString('base64url');
}

export function decodeCursor<K extends Record<string, 'string' | 'number'>>(
  raw: string | undefined,
  shape: K,
): { [P in keyof K]: K[P] extends 'string' ? string : number } | null {
  if (raw === undefined) return null;
  const invalid = () =>
    invalidParameter({ loc: ['query', 'cursor'], msg: 'Cursor is not one this endpoint issued', type: 'cursor_invalid', input: raw });
  let decoded: Record<string, unknown>;
  try {
    decoded = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    throw invalid();
  }
  if (decoded === null || typeof decoded !== 'object' || decoded.v !== 1) throw invalid();
  for (const [name, type] of Object.entries(shape)) if (typeof decoded[name] !== type) throw invalid();
  return decoded as { [P in keyof K]: K[P] extends 'string' ? string : number };
}
