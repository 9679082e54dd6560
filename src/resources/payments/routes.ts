import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger } from 'fastify';
import { receiptNotice } from '../../billing/notifier.js';
import type { AppContext } from '../../context.js';
import { MINIMUM_TOPUP_USD } from '../../domain/errors.js';
import * as schemas from './schemas.js';
import type { Confirmation, PaymentService } from './service.js';

const PAGES = {
  paid: {
    title: 'Payment received',
    text: 'Thank you. As soon as Stripe confirms the payment (usually within seconds) the credit is on the account and the owner receives a receipt by e-mail. You may close this page.',
  },
  cancelled: {
    title: 'Payment cancelled',
    text: 'Nothing was charged. To buy credit later, ask the agent for a new payment link.',
  },
} as const;

/** A static page: nothing from the request is written into it. */
function page(outcome: keyof typeof PAGES): string {
  const { title, text } = PAGES[outcome];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Patent Status Service</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5">
<h1>${title}</h1>
<p>${text}</p>
</body></html>
`;
}

/** One log line per event, at a level an operator acts on: nothing credited for a payment is a warning. */
function logConfirmation(log: FastifyBaseLogger, eventId: string, eventType: string, result: Confirmation): void {
  const fields = { stripe_event: eventId, stripe_event_type: eventType, ...result };
  if (result.outcome === 'unknown_org' || result.outcome === 'mismatch') log.warn(fields, 'stripe payment not credited');
  else log.info(fields, `stripe event: ${result.outcome}`);
}

/**
 * `POST /webhooks/stripe` in a scope of its own: here, and only here, a JSON body stays the raw
 * bytes Stripe signed (re-serialized JSON would not match the signature). Every other route keeps
 * the app's JSON parser.
 */
function stripeWebhookRoute(context: AppContext, payments: PaymentService): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    app.post(
      '/webhooks/stripe',
      {
        config: {
          access: 'public',
          cost: 'free',
          errors: ['invalid_signature', 'invalid_json', 'payload_too_large', 'unsupported_media_type', 'billing_not_configured'],
        },
        schema: {
          operationId: 'receiveStripeEvent',
          summary: 'Payment confirmations from Stripe (called by Stripe, not by clients)',
          description:
            "Stripe posts its events here, signed in `Stripe-Signature` with the endpoint's secret (STRIPE_WEBHOOK_SECRET); a missing, " +
            'wrong or more than 300 seconds old signature is a 400 invalid_signature. `checkout.session.completed` with payment_status ' +
            'paid, and `checkout.session.async_payment_succeeded`, credit the organization of the session once: replays and further ' +
            'events of a credited session add nothing. Every other verified event is acknowledged (200) and logged. Without the ' +
            'signing secret: 503 billing_not_configured.',
          tags: ['account'],
          headers: schemas.StripeWebhookHeaders,
          response: { 200: schemas.StripeWebhookAck },
        },
      },
      async (request) => {
        // The header schema validated it: one string, or none.
        const event = payments.verify(request.body as Buffer | undefined, request.headers['stripe-signature']);
        const result = await payments.confirm(event);
        logConfirmation(request.log, String(event.id), String(event.type), result);
        if (result.outcome === 'credited') {
          // After the commit, off the answer's path: Stripe gets its 200 now, and a mail outage changes nothing.
          context.notifier
            .send(
              receiptNotice({
                email: result.ownerEmail,
                orgId: result.orgId,
                sessionId: result.sessionId,
                amountCents: result.amountCents,
                units: result.units,
                balanceUnits: result.balanceUnits,
                baseUrl: context.config.publicBaseUrl,
              }),
            )
            .catch((error: unknown) => request.log.error({ err: error, org_id: result.orgId }, 'payment receipt could not be sent'));
        }
        return { received: true as const, outcome: result.outcome };
      },
    );
  };
}

/** Spec §4 "Account and billing": buying credit (checkout links), the payer's return page, Stripe's confirmations. */
export function paymentRoutes({ context, payments }: { context: AppContext; payments: PaymentService }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/agent/checkout-link',
      {
        config: { access: 'account', cost: 'free', errors: ['amount_below_minimum', 'payment_processor_error', 'billing_not_configured'] },
        schema: {
          operationId: 'createCheckoutLink',
          summary: 'A hosted payment page to buy credit',
          description:
            `Whole US dollars, at least ${MINIMUM_TOPUP_USD} (below: 400 amount_below_minimum). The link expires after 24 hours; ` +
            'a human pays on it without logging in and the credit lands on the shared balance. ' +
            'A deployment without a payment processor answers 503 billing_not_configured; its operator credits accounts instead. ' +
            'When the payment processor cannot be reached: 502 payment_processor_error (retry shortly).',
          tags: ['account'],
          body: schemas.CheckoutBody,
          response: { 200: schemas.CheckoutResponse },
        },
      },
      async (request) => payments.createCheckoutLink(request.caller!.orgId, request.body.amount_usd),
    );

    app.get(
      '/checkout/return',
      {
        config: { access: 'public', cost: 'free' },
        schema: {
          operationId: 'checkoutReturnPage',
          summary: 'The page Stripe Checkout sends the payer back to (HTML)',
          description: 'For the human who paid or cancelled on the hosted page; agents poll GET /agent/me instead.',
          tags: ['account'],
          querystring: schemas.CheckoutReturnQuery,
          response: { 200: schemas.HtmlPage },
        },
      },
      async (request, reply) => reply.type('text/html; charset=utf-8').send(page(request.query.outcome)),
    );

    await app.register(stripeWebhookRoute(context, payments));
  };
}
