/**
 * A local stand-in for Stripe's API: `POST /v1/checkout/sessions` answers a Checkout Session in
 * the object shape Stripe documents (https://docs.stripe.com/api/checkout/sessions/object), and
 * every request is kept with its form-encoded parameters so a test can read what the real `stripe`
 * client sent. It can also fail on request, as Stripe does: an error body with a status.
 * Also here: the events Stripe would post to the webhook, signed the way Stripe signs them.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface SeenStripeRequest {
  method: string;
  path: string;
  authorization: string | null;
  idempotencyKey: string | null;
  /** The form parameters as sent, nested names flat: `line_items[0][price_data][unit_amount]`. */
  form: Record<string, string>;
}

export type StripeFault = { status: 401 | 402 | 500; type: string; message: string } | 'reset';

export interface CheckoutSessionObject {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer: string | null;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  mode: 'payment';
  payment_intent: string | null;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  success_url: string | null;
  url: string | null;
  [more: string]: unknown;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

/** Stripe's bracketed form names (`metadata[org_id]`) read back into a flat record. */
function formOf(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

export class StripeStandIn {
  readonly requests: SeenStripeRequest[] = [];
  readonly sessions = new Map<string, CheckoutSessionObject>();
  /** Every request answers this fault until it is cleared. */
  fault: StripeFault | null = null;
  private server: Server | null = null;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const header = (name: string) => (typeof request.headers[name] === 'string' ? request.headers[name] : null);
        const seen: SeenStripeRequest = {
          method: request.method ?? '',
          path: request.url ?? '/',
          authorization: header('authorization'),
          idempotencyKey: header('idempotency-key'),
          form: formOf(Buffer.concat(chunks).toString('utf8')),
        };
        this.requests.push(seen);
        const answer = (status: number, body: object) => {
          response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
          response.end(JSON.stringify(body));
        };
        if (this.fault === 'reset') return void request.socket.destroy();
        if (this.fault) return answer(this.fault.status, { error: { type: this.fault.type, message: this.fault.message } });
        if (seen.method === 'POST' && seen.path === '/v1/checkout/sessions') return answer(200, this.createSession(seen.form));
        answer(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${seen.method}: ${seen.path}).` } });
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  private createSession(form: Record<string, string>): CheckoutSessionObject {
    const unitAmount = Number(form['line_items[0][price_data][unit_amount]']);
    const quantity = Number(form['line_items[0][quantity]'] ?? 1);
    const metadata = Object.fromEntries(
      Object.entries(form)
        .filter(([name]) => /^metadata\[[^\]]+\]$/.test(name))
        .map(([name, value]) => [name.slice('metadata['.length, -1), value]),
    );
    const sessionId = id('cs_test');
    const session: CheckoutSessionObject = {
      id: sessionId,
      object: 'checkout.session',
      amount_subtotal: unitAmount * quantity,
      amount_total: unitAmount * quantity,
      cancel_url: form.cancel_url ?? null,
      client_reference_id: form.client_reference_id ?? null,
      created: Math.floor(Date.now() / 1000),
      currency: form['line_items[0][price_data][currency]'] ?? 'usd',
      customer: null,
      customer_email: null,
      expires_at: Number(form.expires_at ?? Math.floor(Date.now() / 1000) + 86_400),
      livemode: false,
      metadata,
      mode: 'payment',
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: form.success_url ?? null,
      url: `https://checkout.stripe.com/c/pay/${sessionId}#fidkdWxOYHwnPyd1blpxYHZxWjA0`,
    };
    this.sessions.set(sessionId, session);
    return session;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** An event as Stripe posts it to a webhook endpoint: a snapshot of the session in `data.object`. */
export function checkoutEvent(
  type: 'checkout.session.completed' | 'checkout.session.async_payment_succeeded' | 'checkout.session.expired' | 'charge.succeeded',
  session: Partial<CheckoutSessionObject> & { id: string },
  eventId = id('evt_test'),
): string {
  return JSON.stringify(
    {
      id: eventId,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      data: { object: { object: 'checkout.session', livemode: false, mode: 'payment', currency: 'usd', ...session } },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    },
    null,
    2,
  );
}

/** The `Stripe-Signature` header Stripe would send for `payload`, from the stripe package's own test helper. */
export function signed(payload: string, secret: string, timestamp?: number): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp === undefined ? {} : { timestamp }) });
}
