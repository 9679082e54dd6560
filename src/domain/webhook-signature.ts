import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * D16: `X-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. The time
 * is inside what is signed, so a receiver that refuses old `t` values refuses replays.
 */
export function signatureHeader(secret: string, rawBody: string, unixSeconds: number): string {
  return `t=${unixSeconds},v1=${hmacHex(secret, unixSeconds, rawBody)}`;
}

function hmacHex(secret: string, unixSeconds: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${unixSeconds}.${rawBody}`).digest('hex');
}

/**
 * What a receiver does (agents.md gives the same recipe): true when the header signs this exact
 * body with this secret and its time is within `toleranceSeconds` of `nowSeconds`.
 */
export function verifySignature(secret: string, rawBody: string, header: string, nowSeconds: number, toleranceSeconds = 300): boolean {
  const parts = new Map(header.split(',').map((part) => part.trim().split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds || !/^[0-9a-f]{64}$/.test(v1)) return false;
  return timingSafeEqual(Buffer.from(v1, 'hex'), Buffer.from(hmacHex(secret, t, rawBody), 'hex'));
}
