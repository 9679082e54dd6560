import type { Queryable } from '../../db/database.js';

/** A Checkout Session we created (migration 0023), or one a paid event told us about. */
export interface CheckoutSessionRow {
  session_id: string;
  org_id: string;
  amount_usd: number;
  units: number;
  created_at: Date;
  expires_at: Date | null;
  credited_at: Date | null;
  credited_event_id: string | null;
}

export interface NewCheckoutSession {
  sessionId: string;
  orgId: string;
  amountUsd: number;
  units: number;
  expiresAt: Date | null;
}

export async function insertCheckoutSession(db: Queryable, session: NewCheckoutSession): Promise<void> {
  await db.query(
    /* SQL */ `INSERT INTO checkout_sessions (session_id, org_id, amount_usd, units, expires_at) VALUES ($1, $2, $3, $4, $5)`,
    [session.sessionId, session.orgId, session.amountUsd, session.units, session.expiresAt],
  );
}

/** Records a paid session we hold no row for; a row already there (ours, or a concurrent delivery's) stays as it is. */
export async function insertCheckoutSessionIfAbsent(db: Queryable, session: NewCheckoutSession): Promise<void> {
  await db.query(
    /* SQL */ `INSERT INTO checkout_sessions (session_id, org_id, amount_usd, units, expires_at) VALUES ($1, $2, $3, $4, $5)
               ON CONFLICT (session_id) DO NOTHING`,
    [session.sessionId, session.orgId, session.amountUsd, session.units, session.expiresAt],
  );
}

export async function findCheckoutSession(db: Queryable, sessionId: string): Promise<CheckoutSessionRow | null> {
  const { rows } = await db.query<CheckoutSessionRow>(/* SQL */ `SELECT * FROM checkout_sessions WHERE session_id = $1`, [sessionId]);
  return rows[0] ?? null;
}

/**
 * Claims the session's one credit: null when it was credited before. Concurrent deliveries of
 * the same session queue on the row lock; the second sees `credited_at` set and claims nothing.
 */
export async function claimCheckoutCredit(db: Queryable, sessionId: string, eventId: string): Promise<CheckoutSessionRow | null> {
  const { rows } = await db.query<CheckoutSessionRow>(
    /* SQL */ `UPDATE checkout_sessions SET credited_at = now(), credited_event_id = $2
               WHERE session_id = $1 AND credited_at IS NULL RETURNING *`,
    [sessionId, eventId],
  );
  return rows[0] ?? null;
}
