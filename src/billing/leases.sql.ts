import type { Queryable } from '../db/database.js';

/**
 * Credit leases (migration 0005). Lock order everywhere: holder row, then lease rows, then the
 * org row — the holder's own writes, the sweeper and other processes' recalls never deadlock.
 */

export async function upsertHolder(db: Queryable, holderId: string, description: string): Promise<void> {
  await db.query(
    /* SQL */ `INSERT INTO credit_holders (holder_id, description) VALUES ($1, $2)
               ON CONFLICT (holder_id) DO UPDATE SET heartbeat_at = now()`,
    [holderId, description],
  );
}

/** False when the holder row is gone (a sweeper judged this process dead and returned its leases). */
export async function touchHolder(db: Queryable, holderId: string): Promise<boolean> {
  const { rowCount } = await db.query(/* SQL */ `UPDATE credit_holders SET heartbeat_at = now() WHERE holder_id = $1`, [holderId], {
    name: 'credit_holders_update_heartbeat',
  });
  return rowCount > 0;
}

/** Heartbeat and "was any of my leases recalled?" in one statement; null when the holder row is gone. */
export async function touchHolderAndCountRecalls(db: Queryable, holderId: string): Promise<number | null> {
  const { rows } = await db.query<{ recalled: number }>(
    /* SQL */ `UPDATE credit_holders SET heartbeat_at = now() WHERE holder_id = $1
               RETURNING (SELECT count(*)::int FROM credit_leases
                          WHERE holder_id = $1 AND recall_requested_at IS NOT NULL) AS recalled`,
    [holderId],
    { name: 'credit_holders_update_heartbeat_recalls' },
  );
  return rows[0]?.recalled ?? null;
}

/** The holder row goes when it holds no lease (a clean shutdown); otherwise the sweeper takes it later. */
export async function deleteIdleHolder(db: Queryable, holderId: string): Promise<void> {
  await db.query(
    /* SQL */ `DELETE FROM credit_holders h WHERE holder_id = $1
               AND NOT EXISTS (SELECT 1 FROM credit_leases l WHERE l.holder_id = h.holder_id)`,
    [holderId],
  );
}

export interface HeldLeaseRow {
  lease_id: number;
  org_id: string;
  recalled: boolean;
  /** The org's row plus the unspent units of every other holder's lease. */
  rest: number;
}

/** Every lease of the holder, locked for this transaction: none can vanish while its spent units are written. */
export async function lockHolderLeases(tx: Queryable, holderId: string): Promise<HeldLeaseRow[]> {
  const { rows } = await tx.query<HeldLeaseRow>(
    /* SQL */ `SELECT l.lease_id, l.org_id, l.recall_requested_at IS NOT NULL AS recalled,
                 o.balance_units + (SELECT COALESCE(sum(x.units_reserved - x.units_spent), 0) FROM credit_leases x
                                    WHERE x.org_id = l.org_id AND x.holder_id <> l.holder_id) AS rest
               FROM credit_leases l JOIN orgs o ON o.org_id = l.org_id
               WHERE l.holder_id = $1
               ORDER BY l.lease_id
               FOR UPDATE OF l`,
    [holderId],
  );
  return rows.map((row) => ({ ...row, lease_id: Number(row.lease_id), rest: Number(row.rest) }));
}

/** Locks one lease; false when it is gone. */
export async function lockLease(tx: Queryable, leaseId: number): Promise<boolean> {
  const { rowCount } = await tx.query(/* SQL */ `SELECT 1 FROM credit_leases WHERE lease_id = $1 FOR UPDATE`, [leaseId]);
  return rowCount > 0;
}

export interface Taken {
  taken: number;
  /** The org's row plus other holders' unspent units, after the take. */
  rest: number;
}

/**
 * Takes units from the org's row: at least `need` (nothing when the row holds fewer) and up to
 * `want`. With `halve`, the part beyond `need` is at most half the row, so one process never
 * empties a small balance that other processes are spending too.
 *
 * The row is locked by a statement of its own first. Locked inside the UPDATE (a `FOR UPDATE`
 * CTE), the amount was computed from the row a concurrent return had just committed while the
 * UPDATE subtracted it from the version in its older snapshot: 1 − 20 broke the balance check.
 */
export async function takeFromOrg(
  tx: Queryable,
  input: { orgId: string; holderId: string; need: number; want: number; halve: boolean },
): Promise<Taken | null> {
  await tx.query(/* SQL */ `SELECT 1 FROM orgs WHERE org_id = $1 FOR UPDATE`, [input.orgId]);
  const { rows } = await tx.query<Taken>(
    /* SQL */ `WITH o AS (SELECT balance_units FROM orgs WHERE org_id = $1),
               t AS (SELECT LEAST(o.balance_units,
                                  GREATEST($3::bigint, CASE WHEN $5 THEN LEAST($4::bigint, o.balance_units / 2) ELSE $4::bigint END)) AS taken
                     FROM o WHERE o.balance_units >= GREATEST($3::bigint, 1))
               UPDATE orgs SET balance_units = orgs.balance_units - t.taken
               FROM t WHERE orgs.org_id = $1 AND t.taken > 0
               RETURNING t.taken,
                 orgs.balance_units + (SELECT COALESCE(sum(x.units_reserved - x.units_spent), 0) FROM credit_leases x
                                       WHERE x.org_id = $1 AND x.holder_id <> $2) AS rest`,
    [input.orgId, input.holderId, input.need, input.want, input.halve],
  );
  const row = rows[0];
  return row ? { taken: Number(row.taken), rest: Number(row.rest) } : null;
}

export async function addToLease(tx: Queryable, leaseId: number, units: number): Promise<void> {
  await tx.query(/* SQL */ `UPDATE credit_leases SET units_reserved = units_reserved + $2 WHERE lease_id = $1`, [leaseId, units]);
}

/** A new lease holding `units`; the unspent units of a row this holder somehow already had are added to them. */
export async function insertLease(
  tx: Queryable,
  input: { holderId: string; orgId: string; units: number },
): Promise<{ leaseId: number; unspent: number }> {
  const { rows } = await tx.query<{ lease_id: number; unspent: number }>(
    /* SQL */ `INSERT INTO credit_leases (holder_id, org_id, units_reserved) VALUES ($1, $2, $3)
               ON CONFLICT (holder_id, org_id) DO UPDATE SET units_reserved = credit_leases.units_reserved + EXCLUDED.units_reserved
               RETURNING lease_id, units_reserved - units_spent AS unspent`,
    [input.holderId, input.orgId, input.units],
  );
  return { leaseId: Number(rows[0]!.lease_id), unspent: Number(rows[0]!.unspent) };
}

/** Adds spent units to leases, one statement for all of them; returns the leases written. */
export async function addSpent(tx: Queryable, spent: readonly { leaseId: number; units: number }[]): Promise<Set<number>> {
  if (spent.length === 0) return new Set();
  const { rows } = await tx.query<{ lease_id: number }>(
    /* SQL */ `UPDATE credit_leases l SET units_spent = l.units_spent + s.units
               FROM unnest($1::bigint[], $2::bigint[]) AS s(lease_id, units)
               WHERE l.lease_id = s.lease_id
               RETURNING l.lease_id`,
    [spent.map((s) => s.leaseId), spent.map((s) => s.units)],
  );
  return new Set(rows.map((row) => Number(row.lease_id)));
}

/**
 * Gives `units` of a lease back to its org and answers any recall; the lease row goes once
 * nothing in it is unspent.
 */
export async function returnFromLease(tx: Queryable, leaseId: number, units: number, drop: boolean): Promise<void> {
  await tx.query(
    /* SQL */ `WITH l AS (UPDATE credit_leases SET units_reserved = units_reserved - $2, recall_requested_at = NULL
                          WHERE lease_id = $1 RETURNING org_id)
               UPDATE orgs SET balance_units = orgs.balance_units + $2 FROM l WHERE orgs.org_id = l.org_id`,
    [leaseId, units],
  );
  if (drop) await tx.query(/* SQL */ `DELETE FROM credit_leases WHERE lease_id = $1 AND units_reserved = units_spent`, [leaseId]);
}

/** Asks every other holder of the org's leases for their spare units; the number of leases asked. */
export async function requestRecall(db: Queryable, orgId: string, holderId: string): Promise<number> {
  const { rowCount } = await db.query(
    /* SQL */ `UPDATE credit_leases SET recall_requested_at = COALESCE(recall_requested_at, now())
               WHERE org_id = $1 AND holder_id <> $2 AND units_reserved > units_spent`,
    [orgId, holderId],
  );
  return rowCount;
}

/** Other holders' leases of the org that have not answered a recall yet. */
export async function countPendingRecalls(db: Queryable, orgId: string, holderId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    /* SQL */ `SELECT count(*)::int AS n FROM credit_leases
               WHERE org_id = $1 AND holder_id <> $2 AND recall_requested_at IS NOT NULL`,
    [orgId, holderId],
  );
  return rows[0]?.n ?? 0;
}

/** The org's row and the unspent units of leases other than `holderId`'s (every lease when null). */
export async function findOrgCredit(
  db: Queryable,
  orgId: string,
  holderId: string | null,
): Promise<{ row: number; leased: number } | null> {
  const { rows } = await db.query<{ row: number; leased: number }>(
    /* SQL */ `SELECT o.balance_units AS row,
                 (SELECT COALESCE(sum(l.units_reserved - l.units_spent), 0) FROM credit_leases l
                  WHERE l.org_id = o.org_id AND l.holder_id IS DISTINCT FROM $2) AS leased
               FROM orgs o WHERE o.org_id = $1`,
    [orgId, holderId],
  );
  const row = rows[0];
  return row ? { row: Number(row.row), leased: Number(row.leased) } : null;
}

/** Unspent units per org over every lease (an operator's view of whole balances). */
export async function sumLeasedByOrg(db: Queryable): Promise<Map<string, number>> {
  const { rows } = await db.query<{ org_id: string; leased: number }>(
    /* SQL */ `SELECT org_id, sum(units_reserved - units_spent) AS leased FROM credit_leases GROUP BY org_id`,
  );
  return new Map(rows.map((row) => [row.org_id, Number(row.leased)]));
}

/**
 * Returns the unspent units of every lease whose holder's heartbeat is older than `staleAfterMs`
 * (of one org, or of all) to the orgs, and deletes those leases; then forgets stale holders that
 * hold nothing. The holder rows are locked and re-checked, so a holder that beats meanwhile keeps
 * its leases; each lease row is deleted once, so sweepers running at once return each unit once.
 */
export async function sweepStale(
  db: Queryable,
  input: { staleAfterMs: number; orgId: string | null },
): Promise<{ leases: number; units: number }> {
  const { rows } = await db.query<{ leases: number; units: number }>(
    /* SQL */ `WITH stale AS (SELECT holder_id FROM credit_holders
                              WHERE heartbeat_at < now() - $1::int * interval '1 millisecond' FOR UPDATE),
               gone AS (DELETE FROM credit_leases l WHERE l.holder_id IN (SELECT holder_id FROM stale)
                          AND ($2::text IS NULL OR l.org_id = $2)
                        RETURNING l.org_id, l.units_reserved - l.units_spent AS unspent),
               per_org AS (SELECT org_id, sum(unspent) AS units, count(*) AS leases FROM gone GROUP BY org_id),
               back AS (UPDATE orgs SET balance_units = orgs.balance_units + per_org.units
                        FROM per_org WHERE orgs.org_id = per_org.org_id RETURNING per_org.units, per_org.leases)
               SELECT COALESCE(sum(leases), 0)::int AS leases, COALESCE(sum(units), 0)::bigint AS units FROM back`,
    [input.staleAfterMs, input.orgId],
  );
  await db.query(
    /* SQL */ `DELETE FROM credit_holders h WHERE heartbeat_at < now() - $1::int * interval '1 millisecond'
               AND NOT EXISTS (SELECT 1 FROM credit_leases l WHERE l.holder_id = h.holder_id)`,
    [input.staleAfterMs],
  );
  return { leases: Number(rows[0]?.leases ?? 0), units: Number(rows[0]?.units ?? 0) };
}
