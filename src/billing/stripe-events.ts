import Stripe from 'stripe';
import { AppError } from '../domain/errors.js';

/** Stripe's own default: a signature older than this is refused, so a captured request cannot be replayed later. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * The event a `POST /webhooks/stripe` carries, once `Stripe-Signature` proved that Stripe signed
 * these exact bytes with this endpoint's secret (HMAC-SHA256 over "<t>.<raw body>", at most
 * 300 seconds old). Anything else is a 400 invalid_signature; nothing in the body is read before.
 */
export function verifyStripeEvent(body: Uint8Array, signature: string | undefined, secret: string): Stripe.Event {
  if (!signature) throw new AppError('invalid_signature');
  try {
    return Stripe.webhooks.constructEvent(body, signature, secret, SIGNATURE_TOLERANCE_SECONDS);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      throw new AppError('invalid_signature', undefined, undefined, undefined, { cause: error });
    }
    // Signed with our secret, so Stripe's, yet not a snapshot event in JSON.
    throw new AppError('invalid_json', 'The body is signed but is not a Stripe event in JSON.', undefined, undefined, { cause: error });
  }
}

/** What a Checkout Session in an event says about who pays what; each member as Stripe sent it, or null. */
export interface CheckoutFacts {
  sessionId: string;
  clientReferenceId: string | null;
  metadataOrgId: string | null;
  /** In the currency's smallest unit (cents). */
  amountTotal: number | null;
  currency: string | null;
  paymentStatus: string | null;
}

/**
 * The payment an event reports (Stripe's fulfilment guide): `checkout.session.completed` with
 * `payment_status: 'paid'` (cards) and `checkout.session.async_payment_succeeded` (bank debits
 * and other delayed methods, after a `completed` that was still `unpaid`) are payments; a
 * `completed` still `unpaid` waits for the second event; any other event is not ours to act on.
 */
export type CheckoutPayment = { kind: 'paid'; session: CheckoutFacts } | { kind: 'pending'; session: CheckoutFacts } | { kind: 'other' };

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function checkoutFacts(object: unknown): CheckoutFacts | null {
  if (typeof object !== 'object' || object === null) return null;
  const session = object as Record<string, unknown>;
  const id = text(session.id);
  if (session.object !== 'checkout.session' || !id) return null;
  const metadata = typeof session.metadata === 'object' && session.metadata !== null ? (session.metadata as Record<string, unknown>) : {};
  return {
    sessionId: id,
    clientReferenceId: text(session.client_reference_id),
    metadataOrgId: text(metadata.org_id),
    amountTotal: Number.isSafeInteger(session.amount_total) ? (session.amount_total as number) : null,
    currency: text(session.currency)?.toLowerCase() ?? null,
    paymentStatus: text(session.payment_status),
  };
}

export function checkoutPaymentOf(event: Stripe.Event): CheckoutPayment {
  // The body is Stripe's, but read defensively all the same: an unexpected shape is "other", not a crash.
  const type = (event as { type?: unknown }).type;
  if (type !== 'checkout.session.completed' && type !== 'checkout.session.async_payment_succeeded') return { kind: 'other' };
  const session = checkoutFacts((event as { data?: { object?: unknown } }).data?.object);
  if (!session) return { kind: 'other' };
  if (type === 'checkout.session.async_payment_succeeded' || session.paymentStatus === 'paid') return { kind: 'paid', session };
  return { kind: 'pending', session };
}
