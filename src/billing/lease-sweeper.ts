import type { Queryable } from '../db/database.js';
import { sweepStale } from './leases.sql.js';

/**
 * A lease holder beats every tick (250 ms); one silent for 5 seconds is taken for dead. Long
 * enough for a garbage-collection pause or a brief database failover, short enough that a
 * crashed process's units are back before anyone notices them missing.
 */
export const LEASE_STALE_AFTER_MS = 5_000;

/**
 * Returns the unspent units of every lease whose holder stopped beating to its org (the worker's
 * lease-sweeper job calls this; a process that finds an org's row empty does it for that org).
 * A dead holder's spent units are those it wrote back: charges of its last unwritten tick are
 * forgiven, never taken twice.
 */
export async function sweepStaleLeases(
  db: Queryable,
  options: { staleAfterMs?: number; orgId?: string } = {},
): Promise<{ leases: number; units: number }> {
  return sweepStale(db, { staleAfterMs: options.staleAfterMs ?? LEASE_STALE_AFTER_MS, orgId: options.orgId ?? null });
}
