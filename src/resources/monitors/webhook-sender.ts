import { Agent, request } from 'undici';
import { signatureHeader } from '../../domain/webhook-signature.js';
import { eventView } from '../events/event-view.js';
import type { ClaimedDelivery } from './deliveries.sql.js';
import type { WebhookTargetPolicy } from './webhook-target.js';

export type AttemptResult = { delivered: true; httpStatus: number } | { delivered: false; httpStatus: number | null; error: string };

/** Only the start of an answer is read; the rest is discarded with the connection's read. */
const DRAINED_BODY_LIMIT = 64 * 1024;

/**
 * Sends one attempt of a delivery (D16): the body `{delivery_id, monitor_id, event}`, signed, to
 * the monitor's URL, within the attempt's time-out; 2xx is delivered, anything else (a redirect
 * too: none is followed) is not. One undici Agent with a capped number of connections per
 * receiver; every connection dials through the D21 check.
 */
export class WebhookSender {
  private readonly agent: Agent;

  constructor(
    private readonly policy: WebhookTargetPolicy,
    private readonly timeoutMs: number,
    connectionsPerReceiver: number,
  ) {
    this.agent = new Agent({
      connections: connectionsPerReceiver,
      connect: { lookup: policy.connectLookup, timeout: timeoutMs },
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
  }

  /** The exact bytes sent: what the signature covers. */
  static body(delivery: ClaimedDelivery): string {
    return JSON.stringify({ delivery_id: delivery.delivery_id, monitor_id: delivery.monitor_id, event: eventView(delivery) });
  }

  async send(delivery: ClaimedDelivery, nowMs = Date.now()): Promise<AttemptResult> {
    const body = WebhookSender.body(delivery);
    const timer = new AbortController();
    const timeout = setTimeout(() => timer.abort(new Error(`no answer within ${this.timeoutMs} ms`)), this.timeoutMs);
    try {
      const url = new URL(delivery.webhook_url);
      this.policy.checkLiteral(url);
      const response = await request(url, {
        method: 'POST',
        body,
        dispatcher: this.agent,
        signal: timer.signal,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'patent-status-webhooks',
          'x-signature': signatureHeader(delivery.secret, body, Math.floor(nowMs / 1000)),
          'x-event-id': delivery.event_id,
          'x-delivery-attempt': String(delivery.attempts),
        },
      });
      await response.body.dump({ limit: DRAINED_BODY_LIMIT }).catch(() => undefined);
      const ok = response.statusCode >= 200 && response.statusCode < 300;
      return ok
        ? { delivered: true, httpStatus: response.statusCode }
        : { delivered: false, httpStatus: response.statusCode, error: `answered ${response.statusCode}` };
    } catch (error) {
      const reason = timer.signal.aborted ? (timer.signal.reason as Error) : (error as Error);
      return { delivered: false, httpStatus: null, error: describe(reason) };
    } finally {
      clearTimeout(timeout);
    }
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}

/** The receiver's owner reads it (last_error): the cause, never a stack. */
function describe(error: Error): string {
  const cause = (error as { cause?: Error }).cause;
  const message = cause?.message && !error.message.includes(cause.message) ? `${error.message}: ${cause.message}` : error.message;
  return message.slice(0, 300);
}
