import Stripe from 'stripe';
import { AppError } from '../domain/errors.js';
import { VERSION } from '../version.js';

/** What one checkout link sells: whole US dollars for units, to one org. */
export interface CheckoutOrder {
  orgId: string;
  amountUsd: number;
  units: number;
  /** Stripe accepts 30 minutes to 24 hours after its own clock. */
  expiresAt: Date;
  /** Where Stripe sends the payer afterwards (pages under the deployment's PUBLIC_BASE_URL). */
  successUrl: string;
  cancelUrl: string;
}

export interface CreatedCheckout {
  sessionId: string;
  url: string;
  expiresAt: Date;
}

/** `https://api.stripe.com` or a stand-in's `http://127.0.0.1:PORT`, as the client's host, port and protocol. */
function stripeEndpoint(apiBaseUrl: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const url = new URL(apiBaseUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

/**
 * Stripe Checkout (DESIGN.md D19) through the official client: one hosted payment page per
 * `POST /agent/checkout-link`. Any failure of Stripe's (unreachable, a refused key, an answer
 * without a page) is a 502 payment_processor_error with Stripe's error kept as the cause, for the log.
 */
export class StripeCheckout {
  private readonly stripe: Stripe;

  constructor(secretKey: string, apiBaseUrl: string) {
    this.stripe = new Stripe(secretKey, {
      ...stripeEndpoint(apiBaseUrl),
      // An agent waits for the link: two quick retries (with Stripe's idempotency keys), then an answer.
      maxNetworkRetries: 2,
      timeout: 15_000,
      telemetry: false,
      appInfo: { name: 'patent-status', version: VERSION },
    });
  }

  async createSession(order: CheckoutOrder): Promise<CreatedCheckout> {
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: order.amountUsd * 100,
              product_data: {
                name: `Patent Status Service credit: ${order.units.toLocaleString('en-US')} units`,
                description: `Prepaid API credit for organization ${order.orgId}; no expiry.`,
              },
            },
          },
        ],
        client_reference_id: order.orgId,
        metadata: { org_id: order.orgId, units: String(order.units), amount_usd: String(order.amountUsd) },
        // The same references on the payment itself, for whoever reads the Stripe dashboard.
        payment_intent_data: { metadata: { org_id: order.orgId, units: String(order.units) } },
        expires_at: Math.floor(order.expiresAt.getTime() / 1000),
        success_url: order.successUrl,
        cancel_url: order.cancelUrl,
      });
    } catch (error) {
      throw new AppError('payment_processor_error', undefined, undefined, undefined, { cause: error });
    }
    if (!session.id || !session.url) {
      throw new AppError('payment_processor_error', undefined, undefined, undefined, {
        cause: new Error(`Stripe answered a checkout session without ${session.id ? 'a url' : 'an id'}`),
      });
    }
    const expiresAt = Number.isFinite(session.expires_at) ? new Date(session.expires_at * 1000) : order.expiresAt;
    return { sessionId: session.id, url: session.url, expiresAt };
  }
}
