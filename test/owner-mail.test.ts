import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNotifier } from '../src/billing/notifier.js';
import { createTestApp, signUp, type TestContext } from './helpers/app.js';
import { SmtpCatcher, type CaughtMail } from './helpers/smtp-catcher.js';
import { checkoutEvent, signed } from './helpers/stripe-stand-in.js';

/**
 * Owner notices over real SMTP (spec §3: the owner is told of a signup; DESIGN.md D19: never the
 * key): the service's nodemailer transport, configured by SMTP_* only, talks to an SMTP server
 * this test starts; what arrives is read back with mailparser and also checked raw.
 */
const WEBHOOK_SECRET = `whsec_${randomBytes(24).toString('base64url')}`;

let smtp: SmtpCatcher;
let ctx: TestContext;
const mailErrors: object[] = [];
beforeAll(async () => {
  smtp = await new SmtpCatcher().start();
  ctx = await createTestApp({
    env: { ...smtp.env(), STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
    notifier: (config) => createNotifier(config.smtp, { info: () => undefined, error: (object) => void mailErrors.push(object) }),
  });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.stop();
});

/** Neither the decoded text nor the message as transmitted (soft line breaks undone) holds the key or any part of it worth having. */
function expectNoKey(mail: CaughtMail, apiKey: string): void {
  const transmitted = mail.raw.replace(/=\r?\n/g, '');
  for (const text of [mail.parsed.text ?? '', mail.raw, transmitted]) {
    expect(text).not.toContain(apiKey);
    expect(text).not.toContain(apiKey.slice(12));
  }
  expect(transmitted).not.toMatch(/pss_[0-9A-Za-z]{8}/);
}

const to = (address: string) => (mail: CaughtMail) => mail.envelopeTo.includes(address);

describe('owner mail over SMTP', () => {
  it('tells the owner of a signup, from SMTP_FROM, without the key', async () => {
    const { apiKey, orgId } = await signUp(ctx.app, 'Owner@Example.com', 'mail-bot');
    const mail = await smtp.waitFor(to('owner@example.com'));
    expect(mail.envelopeTo).toEqual(['owner@example.com']);
    expect(mail.parsed.to).toMatchObject({ value: [{ address: 'owner@example.com' }] });
    expect(mail.parsed.from).toMatchObject({ value: [{ address: 'billing@patents.example.test', name: 'Patent Status' }] });
    expect(mail.parsed.subject).toBe('An agent enrolled in the Patent Status Service');
    expect(mail.parsed.text).toContain('mail-bot');
    expect(mail.parsed.text).toContain(orgId);
    expectNoKey(mail, apiKey);
  });

  it('sends the Stripe receipt after the credit: amount, units, balance, session; without the key', async () => {
    const { apiKey, orgId } = await signUp(ctx.app, 'receipt@example.com');
    const sessionId = `cs_test_${randomBytes(8).toString('hex')}`;
    const event = checkoutEvent('checkout.session.completed', {
      id: sessionId,
      amount_total: 2000,
      client_reference_id: orgId,
      metadata: { org_id: orgId },
      payment_status: 'paid',
      status: 'complete',
    });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signed(event, WEBHOOK_SECRET) },
      payload: event,
    });
    expect(response.json()).toEqual({ received: true, outcome: 'credited' });

    const receipt = await smtp.waitFor((mail) => to('receipt@example.com')(mail) && /^Payment received/.test(mail.parsed.subject ?? ''));
    expect(receipt.envelopeTo).toEqual(['receipt@example.com']);
    for (const part of ['Amount paid:    USD 20.00', 'Units credited: 1,000', 'New balance:    1,000 units', sessionId, orgId]) {
      expect(receipt.parsed.text).toContain(part);
    }
    expectNoKey(receipt, apiKey);
    expect(receipt.raw).not.toContain('whsec_');
    expect(smtp.messages.filter(to('receipt@example.com'))).toHaveLength(2); // the signup notice and the receipt

    // A mail outage changes nothing for Stripe: the credit stands and the webhook answers 200.
    await smtp.stop();
    const again = checkoutEvent('checkout.session.completed', {
      id: `${sessionId}_2`,
      amount_total: 2000,
      client_reference_id: orgId,
      payment_status: 'paid',
    });
    const offline = await ctx.app.inject({
      method: 'POST',
      url: '/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signed(again, WEBHOOK_SECRET) },
      payload: again,
    });
    expect(offline.json()).toEqual({ received: true, outcome: 'credited' });
    const me = await ctx.app.inject({ method: 'GET', url: '/agent/me', headers: { 'x-api-key': apiKey } });
    expect(me.json().balance_units).toBe(2000);
    await expect.poll(() => mailErrors.length, { timeout: 5_000 }).toBeGreaterThan(0);
  });
});
