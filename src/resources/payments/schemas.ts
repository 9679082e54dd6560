import { Type } from 'typebox';
import { component } from '../schemas.js';

export const CheckoutBody = Type.Object(
  {
    // No schema minimum: below 20 is the documented 400 amount_below_minimum, not a 422.
    amount_usd: Type.Integer({ maximum: 100_000, description: 'Whole US dollars, at least 20 (20 dollars = 1,000 units)' }),
  },
  { additionalProperties: false },
);

export const CheckoutResponse = component(
  'Checkout',
  Type.Object({
    url: Type.String({ format: 'uri', description: 'Hosted payment page for a human; no login' }),
    expires_at: Type.String({ format: 'date-time' }),
  }),
);

export const CheckoutReturnQuery = Type.Object({
  outcome: Type.Union([Type.Literal('paid'), Type.Literal('cancelled')], {
    default: 'paid',
    description: 'How the payer left the hosted page: paid, or cancelled (nothing charged)',
  }),
});

export const HtmlPage = { description: 'An HTML page for the human who paid', content: { 'text/html': { schema: Type.String() } } };

/** The headers Stripe sends that the webhook reads; the body is Stripe's event JSON, verified on its raw bytes. */
export const StripeWebhookHeaders = Type.Object({
  'stripe-signature': Type.Optional(
    Type.String({
      description: 'Stripe\'s signature: t=<unix time>,v1=<HMAC-SHA256 of "<t>.<raw body>" with the endpoint\'s signing secret>',
    }),
  ),
});

export const StripeWebhookAck = component(
  'StripeWebhookAck',
  Type.Object({
    received: Type.Literal(true),
    outcome: Type.Union(
      [
        Type.Literal('credited'),
        Type.Literal('already_credited'),
        Type.Literal('awaiting_payment'),
        Type.Literal('unknown_org'),
        Type.Literal('mismatch'),
        Type.Literal('ignored'),
      ],
      {
        description:
          'credited: the org received the units; already_credited: a replay or another event of a credited session; ' +
          'awaiting_payment: completed but not yet paid (a delayed method; the async_payment_succeeded event credits it); ' +
          'unknown_org, mismatch, ignored: nothing credited, see the operator log',
      },
    ),
  }),
);
