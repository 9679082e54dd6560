import type { Charge } from '../../billing/charges.js';
import type { ChargingService } from '../../billing/charging-service.js';
import type { Usage } from '../../billing/usage-journal.js';
import type { WebhookConfig } from '../../config.js';
import type { Database } from '../../db/database.js';
import { AppError } from '../../domain/errors.js';
import { webhookDeliveries } from '../../metrics.js';
import { type ClaimedDelivery, type DeliveryOutcome, claimDue, recordOutcomes } from './deliveries.sql.js';
import { WebhookSender } from './webhook-sender.js';
import type { WebhookTargetPolicy } from './webhook-target.js';

const DELIVERY_USAGE: Usage = { channel: 'delivery', what: 'webhook' };

/** Beyond the attempt's time-out, how long a claim lasts: room to write the outcome before another worker may take it. */
const CLAIM_MARGIN_MS = 5_000;

/** An attempt's outcome not yet written, with the units it holds (a delivered event's one unit). */
export interface AttemptDone {
  outcome: DeliveryOutcome;
  charge: Charge | null;
}

/**
 * Webhook deliveries (D16) without the loop that drives them (the worker's): claim due ones,
 * make one attempt each, write the outcomes. A delivered event costs one unit through the one
 * charging service; the unit is spent only after the delivery is written as delivered, so a
 * crash in between forgives it rather than charging a redelivery twice. An org whose credit is
 * gone keeps its deliveries pending, without counting an attempt, until it is funded.
 */
export class DeliveryService {
  constructor(
    private readonly db: Database,
    private readonly charging: ChargingService,
    private readonly policy: WebhookTargetPolicy,
    private readonly settings: WebhookConfig,
  ) {}

  /** A sender with its own connections; its owner closes it. */
  newSender(): WebhookSender {
    return new WebhookSender(this.policy, this.settings.attemptTimeoutMs, Math.max(1, Math.min(this.settings.concurrency, 32)));
  }

  claim(limit: number): Promise<ClaimedDelivery[]> {
    return claimDue(this.db, limit, this.settings.attemptTimeoutMs + CLAIM_MARGIN_MS);
  }

  async attempt(sender: WebhookSender, delivery: ClaimedDelivery): Promise<AttemptDone> {
    const base = { delivery_id: delivery.delivery_id, claimed_attempts: delivery.attempts };
    let charge: Charge;
    try {
      charge = await this.charging.admit(delivery.org_id, DELIVERY_USAGE);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'payment_required') throw error;
      const outcome: DeliveryOutcome = {
        ...base,
        status: 'pending',
        attempts: delivery.attempts - 1,
        http_status: null,
        error: 'waiting for credit: the organization has no units left',
        wait_ms: this.settings.unfundedRecheckMs,
      };
      webhookDeliveries.inc({ outcome: 'waiting_for_credit' });
      return { outcome, charge: null };
    }
    const result = await sender.send(delivery);
    if (result.delivered) {
      const outcome: DeliveryOutcome = {
        ...base,
        status: 'delivered',
        attempts: delivery.attempts,
        http_status: result.httpStatus,
        error: null,
        wait_ms: 0,
      };
      webhookDeliveries.inc({ outcome: 'delivered' });
      return { outcome, charge };
    }
    charge.release();
    const wait = this.settings.retryDelaysMs[delivery.attempts - 1];
    const outcome: DeliveryOutcome = {
      ...base,
      status: wait === undefined ? 'failed' : 'pending',
      attempts: delivery.attempts,
      http_status: result.httpStatus,
      error: result.error,
      wait_ms: wait ?? 0,
    };
    webhookDeliveries.inc({ outcome: wait === undefined ? 'given_up' : 'failed_attempt' });
    return { outcome, charge: null };
  }

  /** Writes outcomes, then spends the unit of each delivery written as delivered (one taken over meanwhile costs nothing here). */
  async record(done: readonly AttemptDone[]): Promise<void> {
    let written: Set<string>;
    try {
      written = await recordOutcomes(
        this.db,
        done.map((d) => d.outcome),
      );
    } catch (error) {
      for (const d of done) d.charge?.release();
      throw error;
    }
    for (const d of done) {
      if (!d.charge) continue;
      if (written.has(d.outcome.delivery_id)) await d.charge.settle();
      else d.charge.release();
    }
  }
}
