/**
 * Webhook deliveries on the worker (migration 0019, D16). A claim moves a due delivery's
 * next_attempt_at past the attempt's time-out and counts the attempt: no other worker takes it
 * meanwhile, and if this worker dies the delivery is due again when that time comes.
 */
import type { Queryable } from '../../db/database.js';
import type { MonitorEventRow } from './monitors.sql.js';

export interface ClaimedDelivery extends Omit<MonitorEventRow, 'attempts' | 'last_status' | 'delivered_at'> {
  delivery_id: string;
  monitor_id: string;
  org_id: string;
  /** This attempt's number (1 for the first). */
  attempts: number;
  webhook_url: string;
  secret: string;
}

/** Up to `limit` due deliveries of active monitors, oldest due first, claimed for `holdMs`. */
export async function claimDue(db: Queryable, limit: number, holdMs: number): Promise<ClaimedDelivery[]> {
  const { rows } = await db.query<ClaimedDelivery>(
    /* SQL */ `WITH due AS (
                 SELECT d.delivery_id FROM webhook_deliveries d
                 WHERE d.status = 'pending' AND d.next_attempt_at <= now()
                 ORDER BY d.next_attempt_at
                 LIMIT $1
                 FOR UPDATE SKIP LOCKED)
               UPDATE webhook_deliveries d
               SET attempts = d.attempts + 1, next_attempt_at = now() + $2 * interval '1 millisecond'
               FROM due, monitors m, events e
               WHERE d.delivery_id = due.delivery_id AND m.monitor_id = d.monitor_id AND e.seq = d.event_seq
               RETURNING d.delivery_id, d.monitor_id, d.org_id, d.attempts, m.webhook_url, m.secret,
                         e.event_id, e.event_type, e.occurred_on::text AS occurred_on, e.detected_at, e.application_number,
                         e.patent_number, e.entity_id, e.detail`,
    [limit, holdMs],
  );
  return rows;
}

export interface DeliveryOutcome {
  delivery_id: string;
  /** The attempt this outcome is of: a claim that ran out and was taken by another worker is not overwritten. */
  claimed_attempts: number;
  status: 'pending' | 'delivered' | 'failed';
  /** The attempts the row keeps: one less when the attempt was not made (the org had no credit). */
  attempts: number;
  http_status: number | null;
  error: string | null;
  /** From now until the next attempt (pending only). */
  wait_ms: number;
}

/** Writes attempts' outcomes in one statement; returns the deliveries it wrote (the others were taken over or cancelled). */
export async function recordOutcomes(db: Queryable, outcomes: readonly DeliveryOutcome[]): Promise<Set<string>> {
  if (outcomes.length === 0) return new Set();
  const { rows } = await db.query<{ delivery_id: string }>(
    /* SQL */ `UPDATE webhook_deliveries d
               SET status = o.status, attempts = o.attempts,
                   last_status = CASE WHEN o.attempts = o.claimed_attempts THEN o.http_status ELSE d.last_status END,
                   last_error = CASE WHEN o.attempts = o.claimed_attempts THEN o.error ELSE d.last_error END,
                   delivered_at = CASE WHEN o.status = 'delivered' THEN now() END,
                   next_attempt_at = now() + o.wait_ms * interval '1 millisecond'
               FROM json_to_recordset($1::json) AS o(delivery_id text, claimed_attempts int, status text, attempts int,
                                                     http_status int, error text, wait_ms bigint)
               WHERE d.delivery_id = o.delivery_id AND d.attempts = o.claimed_attempts AND d.status = 'pending'
               RETURNING d.delivery_id`,
    [JSON.stringify(outcomes)],
  );
  return new Set(rows.map((row) => row.delivery_id));
}
