import type { Queryable } from '../db/database.js';

interface Lease {
  /** Units taken from the org's row and not yet spent by this process. */
  units: number;
  /** The row's balance after the last reservation or return. */
  rowBalance: number;
  /** The one reservation or return in flight for this org, if any. */
  pending: Promise<void> | null;
  /** Units charged in the current one-second window, to size the next reservation. */
  windowStart: number;
  windowUnits: number;
  lastChargeAt: number;
  idleTimer: NodeJS.Timeout | null;
}

export interface LedgerOptions {
  /** Smallest reservation; busy orgs reserve about two seconds of their recent use instead. */
  leaseUnits: number;
  /** Largest reservation: bounds what a crashed process can take with it until its org is credited back. */
  maxLeaseUnits: number;
  /** Unspent units go back to the row after this long without a charge. */
  idleReturnMs: number;
}

/**
 * Charging without a row lock per request: each process reserves a block of units from the
 * org's row in one atomic update and spends it in memory. No process can spend units it has not
 * reserved, so balances never go negative even with many API processes; unspent units return to
 * the row when the org goes idle or the process closes. Sum of charges = balance drop once
 * leases are returned. While a lease holds enough, a charge touches no database at all; the
 * next reservation starts before the lease runs dry.
 */
export class CreditLedger {
  private readonly leases = new Map<string, Lease>();
  private readonly options: LedgerOptions;

  constructor(
    private readonly db: Queryable,
    options: Partial<LedgerOptions> = {},
  ) {
    this.options = { leaseUnits: 50, maxLeaseUnits: 20_000, idleReturnMs: 1_000, ...options };
  }

  private lease(orgId: string): Lease {
    let lease = this.leases.get(orgId);
    if (!lease) {
      lease = { units: 0, rowBalance: 0, pending: null, windowStart: Date.now(), windowUnits: 0, lastChargeAt: 0, idleTimer: null };
      this.leases.set(orgId, lease);
    }
    return lease;
  }

  /** Units this process holds for the org (added to the row's balance when showing a balance). */
  unspent(orgId: string): number {
    return this.leases.get(orgId)?.units ?? 0;
  }

  /** The org's whole balance (row + lease) as this process last saw it, or null without a live lease. */
  knownBalance(orgId: string): number | null {
    const lease = this.leases.get(orgId);
    return lease && lease.units > 0 ? lease.rowBalance + lease.units : null;
  }

  /** Debits `units`; the balance left (row + lease), or null when the org cannot cover it. */
  async charge(orgId: string, units: number): Promise<number | null> {
    const lease = this.lease(orgId);
    for (;;) {
      if (lease.units >= units) {
        lease.units -= units;
        this.track(orgId, lease, units);
        return lease.rowBalance + lease.units;
      }
      if (lease.pending) {
        await lease.pending;
        continue;
      }
      const need = units - lease.units;
      if (!(await this.reserve(lease, orgId, need))) return null;
    }
  }

  private reservationSize(lease: Lease, need: number): number {
    const recent = lease.windowUnits * 2;
    return Math.max(need, Math.min(this.options.maxLeaseUnits, Math.max(this.options.leaseUnits, recent)));
  }

  /** One atomic reservation of at least `need` units; false when the row holds fewer. */
  private reserve(lease: Lease, orgId: string, need: number): Promise<boolean> {
    let granted = false;
    const work = (async () => {
      const { rows } = await this.db.query<{ balance: number; taken: number }>(
        /* SQL */ `WITH o AS (SELECT balance_units FROM orgs WHERE org_id = $1 FOR UPDATE)
                   UPDATE orgs SET balance_units = orgs.balance_units - LEAST(o.balance_units, $2)
                   FROM o WHERE orgs.org_id = $1 AND o.balance_units >= $3
                   RETURNING orgs.balance_units AS balance, LEAST(o.balance_units, $2) AS taken`,
        [orgId, this.reservationSize(lease, need), need],
      );
      if (rows[0]) {
        lease.units += Number(rows[0].taken);
        lease.rowBalance = Number(rows[0].balance);
        granted = true;
      }
    })();
    lease.pending = work.finally(() => {
      lease.pending = null;
    });
    return lease.pending.then(() => granted);
  }

  private track(orgId: string, lease: Lease, units: number): void {
    const now = Date.now();
    if (now - lease.windowStart >= 1_000) {
      lease.windowStart = now;
      lease.windowUnits = 0;
    }
    lease.windowUnits += units;
    lease.lastChargeAt = now;
    // Reserve the next block while a quarter of this one is left, so charges never wait for it.
    if (!lease.pending && lease.units < this.reservationSize(lease, 1) / 4) {
      void this.reserve(lease, orgId, 1).catch(() => undefined);
    }
    if (!lease.idleTimer) this.armIdleTimer(orgId, lease);
  }

  private armIdleTimer(orgId: string, lease: Lease): void {
    lease.idleTimer = setTimeout(() => {
      lease.idleTimer = null;
      const idleFor = Date.now() - lease.lastChargeAt;
      if (idleFor >= this.options.idleReturnMs) void this.returnLease(orgId).catch(() => undefined);
      else this.armIdleTimer(orgId, lease);
    }, this.options.idleReturnMs);
    lease.idleTimer.unref();
  }

  private async returnLease(orgId: string): Promise<void> {
    const lease = this.leases.get(orgId);
    if (!lease) return;
    while (lease.pending) await lease.pending;
    if (lease.units <= 0) return;
    const units = lease.units;
    // Taken out first: a charge arriving meanwhile reserves afresh instead of spending returned units.
    lease.units = 0;
    const work = (async () => {
      const { rows } = await this.db.query<{ balance_units: number }>(
        /* SQL */ `UPDATE orgs SET balance_units = balance_units + $2 WHERE org_id = $1 RETURNING balance_units`,
        [orgId, units],
      );
      lease.rowBalance = Number(rows[0]?.balance_units ?? 0);
    })();
    lease.pending = work.finally(() => {
      lease.pending = null;
    });
    await lease.pending;
  }

  /** Returns every unspent unit to its row (process shutdown, tests, admin reads). */
  async flush(): Promise<void> {
    for (const lease of this.leases.values()) {
      if (lease.idleTimer) clearTimeout(lease.idleTimer);
      lease.idleTimer = null;
    }
    await Promise.all([...this.leases.keys()].map((orgId) => this.returnLease(orgId)));
  }
}
