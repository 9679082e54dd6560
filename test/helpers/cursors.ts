import { createHmac } from 'node:crypto';
import { readCursorSecret } from '../../src/db/cursor-secret.sql.js';
import type { Queryable } from '../../src/db/database.js';

/** A cursor ends in 16 bytes of HMAC-SHA256 over what comes before (domain/cursor.ts). */
const TAG_BYTES = 16;

/** The members of a cursor the service issued. */
export function cursorMembers(cursor: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(cursor, 'base64url').subarray(0, -TAG_BYTES).toString('utf8')) as Record<string, unknown>;
}

/** A cursor's members changed and its signature kept: what a client rewriting its keyset sends. */
export function rewrittenCursor(cursor: string, changes: Record<string, unknown>): string {
  const payload = Buffer.from(JSON.stringify({ ...cursorMembers(cursor), ...changes }));
  return Buffer.concat([payload, Buffer.from(cursor, 'base64url').subarray(-TAG_BYTES)]).toString('base64url');
}

/** Any text signed with a key: what a forger holding that key could send. */
export function signCursor(secret: string, content: unknown): string {
  const payload = Buffer.from(typeof content === 'string' ? content : JSON.stringify(content));
  const tag = createHmac('sha256', secret).update(payload).digest().subarray(0, TAG_BYTES);
  return Buffer.concat([payload, tag]).toString('base64url');
}

/** Signed with the deployment's key (read from the test's database), so the member checks behind the signature are still tried. */
export async function signedCursor(db: Queryable, content: unknown): Promise<string> {
  return signCursor(await readCursorSecret(db), content);
}
