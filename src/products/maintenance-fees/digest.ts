/**
 * What a patent's lines in the fee file add up to: their count and two sums of 32-bit hashes
 * (FNV-1a with two offsets) of each line's event date and code. Sums do not depend on order, so
 * a patent whose lines are spread over the file, or arrive partly from a Desc-only code, adds up
 * to the same digest; the database adds the parts (products/maintenance-fees/load.sql.ts).
 */
export interface LineDigest {
  lines: number;
  a: number;
  b: number;
}

function fnv1a(text: string, offset: number): number {
  let hash = offset;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export const emptyDigest = (): LineDigest => ({ lines: 0, a: 0, b: 0 });

/** Adds one line to the digest: `key` is its entry date and code, written together. */
export function addLine(digest: LineDigest, key: string): void {
  digest.lines += 1;
  digest.a += fnv1a(key, 0x811c9dc5);
  digest.b += fnv1a(key, 0x050c5d1f);
}
