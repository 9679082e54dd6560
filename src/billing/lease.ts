import { UsageBuffer } from './usage-journal.js';

/**
 * What one process knows of its lease on one org's credit. `unspent` is the truth for spending
 * (the database's `units_reserved - units_spent` minus `unwritten`); `held` of it belongs to
 * requests in flight, the rest is free for the next request.
 */
export interface Lease {
  readonly orgId: string;
  /** The lease row; null while this process holds none for the org. */
  leaseId: number | null;
  /** Bumped when the lease row turned out to be gone (swept): holds of an older generation are forgiven. */
  generation: number;
  unspent: number;
  held: number;
  /** Spent in memory, not yet written to the lease row. */
  unwritten: number;
  /** Spent and in a write-back transaction that has not committed yet. */
  writing: number;
  /** Held by answers on their way to the client: spent once delivered, released if the connection ends first. */
  prepared: number;
  usage: UsageBuffer;
  /** The one reservation or return of this lease in flight. */
  busy: Promise<void> | null;
  /** The org's row plus other processes' unspent units, as last read: with `unspent`, the balance shown. */
  rest: number;
  /** Counts the reservations that set `rest`: a write-back's older reading must not overwrite a newer one. */
  restReadings: number;
  /** Units spent in the current and the previous one-second window, to size the next reservation. */
  windowStart: number;
  windowUnits: number;
  previousWindowUnits: number;
  lastUsedAt: number;
  /** Until then the org's credit is scarce between processes: reserve exactly what is needed, no more. */
  contendedUntil: number;
  /** The whole balance could not cover `units` at `until - SHORT_MEMO_MS`: until then, as much is refused at once. */
  short: { units: number; until: number } | null;
}

/** Units a request holds from a lease until the response is settled or abandoned. */
export interface Hold {
  readonly lease: Lease;
  generation: number;
  units: number;
}

export function newLease(orgId: string): Lease {
  return {
    orgId,
    leaseId: null,
    generation: 0,
    unspent: 0,
    held: 0,
    unwritten: 0,
    writing: 0,
    prepared: 0,
    usage: new UsageBuffer(),
    busy: null,
    rest: 0,
    restReadings: 0,
    windowStart: Date.now(),
    windowUnits: 0,
    previousWindowUnits: 0,
    lastUsedAt: Date.now(),
    contendedUntil: 0,
    short: null,
  };
}

export function freeUnits(lease: Lease): number {
  return lease.unspent - lease.held;
}

/**
 * The lease row is gone: a sweeper returned its unspent units to the org while this process was
 * thought dead. Whatever this process spent since its last write-back is forgiven; requests
 * holding its units are served free. Nothing is ever taken twice.
 */
export function loseLease(lease: Lease): void {
  lease.leaseId = null;
  lease.generation += 1;
  lease.unspent = 0;
  lease.held = 0;
  lease.unwritten = 0;
  lease.writing = 0;
  lease.prepared = 0;
  lease.usage = new UsageBuffer();
}

/**
 * Units of the lease that a crash of this process could forgive: spent but not written, being
 * written, and answers on their way to clients (a client may have an answer whose delivery the
 * process dies before seeing). Units merely held by requests at work are not: nobody has their answer.
 */
export function forgivable(lease: Lease): number {
  return lease.unwritten + lease.writing + lease.prepared;
}

export function trackSpending(lease: Lease, units: number, now: number): void {
  if (now - lease.windowStart >= 1_000) {
    lease.previousWindowUnits = now - lease.windowStart < 2_000 ? lease.windowUnits : 0;
    lease.windowStart = now;
    lease.windowUnits = 0;
  }
  lease.windowUnits += units;
  lease.lastUsedAt = now;
}

/** About two seconds of this org's recent use, within bounds; nothing beyond need while contended. */
export function desiredUnits(lease: Lease, bounds: { leaseUnits: number; maxLeaseUnits: number }, now: number): number {
  if (now < lease.contendedUntil) return 0;
  const recent = 2 * Math.max(lease.windowUnits, lease.previousWindowUnits);
  return Math.min(bounds.maxLeaseUnits, Math.max(bounds.leaseUnits, recent));
}
