import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KEY_BODY_LENGTH = 32;
const KEY_PATTERN = /^pss_[0-9A-Za-z]{32}$/;
const KEY_PREFIX_LENGTH = 12;

/** Uniformly random base62 characters (keys, monitor ids, webhook secrets). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 × 62: rejecting larger bytes keeps every character equally likely.
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

/** `pss_` + 32 base62 characters (DESIGN.md D14): about 190 bits of randomness. */
export function generateApiKey(): string {
  return `pss_${randomBase62(KEY_BODY_LENGTH)}`;
}

export function hashApiKey(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

export function keyPrefix(key: string): string {
  return key.slice(0, KEY_PREFIX_LENGTH);
}

export function looksLikeApiKey(candidate: string): boolean {
  return KEY_PATTERN.test(candidate);
}

/** Constant-time comparison of a presented key's hash with a stored one. */
function hashesMatch(presented: Buffer, stored: Buffer): boolean {
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}

/**
 * The row, among those sharing a token's prefix, whose stored hash is the presented token's, or
 * null. Every candidate is compared in full, so the time taken does not reveal which one matched.
 */
export function rowOfHash<R>(rows: readonly R[], presented: Buffer, storedHash: (row: R) => Uint8Array): R | null {
  let match: R | null = null;
  for (const row of rows) if (hashesMatch(presented, Buffer.from(storedHash(row)))) match = row;
  return match;
}

export function newId(kind: 'org' | 'key'): string {
  return `${kind}_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
}
