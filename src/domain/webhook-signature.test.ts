import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signatureHeader, verifySignature } from './webhook-signature.js';

describe('webhook signatures (D16)', () => {
  const secret = 'whsec_0123456789abcdef';
  const body = '{"delivery_id":"dlv_1","event":{"event_id":"evt_1"}}';

  it('signs "<t>.<raw body>" with HMAC-SHA256 in hex', () => {
    const expected = createHmac('sha256', secret).update(`1764130000.${body}`).digest('hex');
    expect(signatureHeader(secret, body, 1764130000)).toBe(`t=1764130000,v1=${expected}`);
  });

  it('verifies its own signature within the tolerance and nothing else', () => {
    const header = signatureHeader(secret, body, 1764130000);
    expect(verifySignature(secret, body, header, 1764130100)).toBe(true);
    expect(verifySignature(secret, body, header, 1764130000 + 301)).toBe(false);
    expect(verifySignature('whsec_other_secret_x', body, header, 1764130000)).toBe(false);
    expect(verifySignature(secret, `${body} `, header, 1764130000)).toBe(false);
    expect(verifySignature(secret, body, header.replace('t=1764130000', 't=1764130001'), 1764130000)).toBe(false);
    expect(verifySignature(secret, body, 'v1=abc', 1764130000)).toBe(false);
  });
});
