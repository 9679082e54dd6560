import type Stripe from 'stripe';
import type { ChargingService } from '../../billing/charging-service.js';
import { StripeCheckout } from '../../billing/stripe-checkout.js';
import { checkoutPaymentOf, type CheckoutFacts, verifyStripeEvent } from '../../billing/stripe-events.js';
import type { StripeConfig } from '../../config.js';
import type { Database, Queryable } from '../../db/database.js';
import { AppError, MINIMUM_TOPUP_USD } from '../../domain/errors.js';
import * as accounts from '../accounts/accounts.sql.js';
import { UNITS_PER_USD } from '../accounts/service.js';
import * as sql from './payments.sql.js';

/** Spec §8: a checkout link expires after 24 hours. */
const CHECKOUT_LIFETIME_MS = 24 * 60 * 60 * 1000;
/**
 * Stripe refuses an `expires_at` more than 24 hours after its own clock: asking for a minute less
 * keeps a server clock slightly ahead of Stripe's from turning every checkout into an error.
 */
const CLOCK_MARGIN_MS = 60_000;

export interface CheckoutLink {
  url: string;
  expires_at: string;
}

/** What one webhook event did; every outcome is acknowledged (200) so Stripe stops retrying. */
export type Confirmation =
  | { outcome: 'credited'; sessionId: string; orgId: string; ownerEmail: string; amountCents: number; units: number; balanceUnits: number }
  | { outcome: 'already_credited'; sessionId: string; orgId: string }
  | { outcome: 'awaiting_payment'; sessionId: string }
  | { outcome: 'unknown_org'; sessionId: string; orgId: string }
  | { outcome: 'mismatch'; sessionId: string; reason: string }
  | { outcome: 'ignored'; reason: string };

type Credited = Omit<Extract<Confirmation, { outcome: 'credited' }>, 'balanceUnits'>;

/** Units and whole dollars a paid session is worth when we hold no row for it: what Stripe says was paid. */
function paidFor(session: CheckoutFacts): { amountUsd: number; units: number } | null {
  if (session.currency !== 'usd' || session.amountTotal === null) return null;
  const amountUsd = Math.floor(session.amountTotal / 100);
  return amountUsd > 0 ? { amountUsd, units: amountUsd * UNITS_PER_USD } : null;
}

/**
 * Buying credit with Stripe Checkout (DESIGN.md D19, spec §3 "Account funding"): checkout links
 * for an org, and the payment webhook that credits the org exactly once per paid session, through
 * the same credit_grants row and org balance as an operator's `admin credit`.
 */
export class PaymentService {
  private readonly checkout: StripeCheckout | null;

  constructor(
    private readonly db: Database,
    private readonly charging: ChargingService,
    private readonly stripe: StripeConfig,
    private readonly baseUrl: string,
  ) {
    this.checkout = stripe.secretKey ? new StripeCheckout(stripe.secretKey, stripe.apiBaseUrl) : null;
  }

  /** A hosted payment page for `amountUsd` whole dollars, recorded against the org. */
  async createCheckoutLink(orgId: string, amountUsd: number): Promise<CheckoutLink> {
    if (amountUsd < MINIMUM_TOPUP_USD) {
      throw new AppError('amount_below_minimum', undefined, { minimum_usd: MINIMUM_TOPUP_USD, amount_usd: amountUsd });
    }
    if (!this.checkout) throw new AppError('billing_not_configured');
    const units = amountUsd * UNITS_PER_USD;
    const created = await this.checkout.createSession({
      orgId,
      amountUsd,
      units,
      expiresAt: new Date(Date.now() + CHECKOUT_LIFETIME_MS - CLOCK_MARGIN_MS),
      successUrl: `${this.baseUrl}/checkout/return?outcome=paid`,
      cancelUrl: `${this.baseUrl}/checkout/return?outcome=cancelled`,
    });
    // Should this insert fail, the paid event still credits the org: it carries the org and the amount.
    await sql.insertCheckoutSession(this.db, { sessionId: created.sessionId, orgId, amountUsd, units, expiresAt: created.expiresAt });
    return { url: created.url, expires_at: created.expiresAt.toISOString() };
  }

  /** The verified event of a webhook request; 503 billing_not_configured without the signing secret. */
  verify(body: Uint8Array | undefined, signature: string | undefined): Stripe.Event {
    if (!this.stripe.webhookSecret) throw new AppError('billing_not_configured');
    return verifyStripeEvent(body ?? new Uint8Array(0), signature, this.stripe.webhookSecret);
  }

  /** Credits the org of a paid session, once; replays, duplicates and concurrent deliveries add nothing. */
  async confirm(event: Stripe.Event): Promise<Confirmation> {
    const payment = checkoutPaymentOf(event);
    if (payment.kind === 'other') return { outcome: 'ignored', reason: `event type ${String(event.type)} is not a payment` };
    const { session } = payment;
    if (payment.kind === 'pending') return { outcome: 'awaiting_payment', sessionId: session.sessionId };
    const { clientReferenceId, metadataOrgId } = session;
    if (clientReferenceId && metadataOrgId && clientReferenceId !== metadataOrgId) {
      return { outcome: 'mismatch', sessionId: session.sessionId, reason: 'client_reference_id and metadata.org_id differ' };
    }
    const result = await this.db.transaction((tx) => this.credit(tx, session, String(event.id)));
    if (result.outcome !== 'credited') return result;
    // After the commit: the whole balance, as /agent/me shows it (the row plus every process's lease).
    return { ...result, balanceUnits: await this.charging.balance(result.orgId) };
  }

  private async credit(
    tx: Queryable,
    session: CheckoutFacts,
    eventId: string,
  ): Promise<Exclude<Confirmation, { outcome: 'credited' }> | Credited> {
    const { sessionId } = session;
    const recorded = await sql.findCheckoutSession(tx, sessionId);
    const orgId = session.clientReferenceId ?? session.metadataOrgId ?? recorded?.org_id ?? null;
    if (!orgId) return { outcome: 'ignored', reason: 'the session names no organization (not a checkout link of this service)' };
    if (recorded && recorded.org_id !== orgId) {
      return { outcome: 'mismatch', sessionId, reason: `the session was created for ${recorded.org_id}, the event names ${orgId}` };
    }
    const org = await accounts.findOrgById(tx, orgId);
    if (!org) return { outcome: 'unknown_org', sessionId, orgId };
    if (!recorded) {
      const bought = paidFor(session);
      if (!bought) return { outcome: 'ignored', reason: 'an unrecorded session not paid in whole US dollars' };
      await sql.insertCheckoutSessionIfAbsent(tx, { sessionId, orgId, ...bought, expiresAt: null });
    }
    const claimed = await sql.claimCheckoutCredit(tx, sessionId, eventId);
    if (!claimed) return { outcome: 'already_credited', sessionId, orgId };
    const grant = await accounts.creditOrg(tx, { orgId, units: claimed.units, source: 'stripe', reference: `stripe:${sessionId}` });
    if (!grant.applied) return { outcome: 'already_credited', sessionId, orgId };
    return {
      outcome: 'credited',
      sessionId,
      orgId,
      ownerEmail: org.owner_email,
      amountCents: session.amountTotal ?? claimed.amount_usd * 100,
      units: claimed.units,
    };
  }
}
