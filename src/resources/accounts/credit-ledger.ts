import type { Queryable } from '../../db/database.js';

interface Lease {
  /** Units taken from the org's row and not yet spent by this process. */
  units: number;
  /** The row's balance after the last reservation or return. */
  rowBalance: number;
  /** Serializes this org's charges inside the process. */
  queue: Promise<unknown>;
  idleTimer: NodeJS.Timeout | null;
}

export interface LedgerOptions {
  /** Units reserved from the row at a time: one row update serves this many requests. */
  leaseUnits: number;
  /** Unspent units go back to the row after this long without a charge. */
  idleReturnMs: number;
}

/**
 * Charging without a row lock per request: each process reserves a block of units from the
 * org's row in one atomic update and spends it locally. No process can spend units it has not
 * reserved, so balances never go negative even with many API processes; unspent units return to
 * the row when the org goes idle or the process closes. Sum of charges = balance drop once
 * leases are returned.
 */
export class CreditLedger {
  private readonly leases = new Map<string, Lease>();
  private readonly options: LedgerOptions;

  constructor(
    private readonly db: Queryable,
    options: Partial<LedgerOptions> = {},
  ) {
    this.options = { leaseUnits: 50, idleReturnMs: 1_000, ...options };
  }

  private lease(orgId: string): Lease {
    let lease = this.leases.get(orgId);
    if (!lease) {
      lease = { units: 0, rowBalance: 0, queue: Promise.resolve(), idleTimer: null };
      this.leases.set(orgId, lease);
    }
    return lease;
  }

  private serialize<T>(lease: Lease, work: () => Promise<T>): Promise<T> {
    const next = lease.queue.then(work, work);
    lease.queue = next.catch(() => undefined);
    return next;
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
  charge(orgId: string, units: number): Promise<number | null> {
    const lease = this.lease(orgId);
    return this.serialize(lease, async () => {
      if (lease.units < units) {
        const need = units - lease.units;
        const { rows } = await this.db.query<{ balance: number; taken: number }>(
          /* SQL */ `WITH o AS (SELECT balance_units FROM orgs WHERE org_id = $1 FOR UPDATE)
                     UPDATE orgs SET balance_units = orgs.balance_units - LEAST(o.balance_units, $2)
                     FROM o WHERE orgs.org_id = $1 AND o.balance_units >= $3
                     RETURNING orgs.balance_units AS balance, LEAST(o.balance_units, $2) AS taken`,
          [orgId, Math.max(need, this.options.leaseUnits), need],
        );
        if (!rows[0]) return null;
        lease.units += Number(rows[0].taken);
        lease.rowBalance = Number(rows[0].balance);
      }
      lease.units -= units;
      this.scheduleReturn(orgId, lease);
      return lease.rowBalance + lease.units;
    });
  }

  private scheduleReturn(orgId: string, lease: Lease): void {
    if (lease.idleTimer) clearTimeout(lease.idleTimer);
    lease.idleTimer = setTimeout(() => void this.returnLease(orgId).catch(() => undefined), this.options.idleReturnMs);
    lease.idleTimer.unref();
  }

  private returnLease(orgId: string): Promise<void> {
    const lease = this.leases.get(orgId);
    if (!lease) return Promise.resolve();
    return this.serialize(lease, async () => {
      if (lease.idleTimer) clearTimeout(lease.idleTimer);
      lease.idleTimer = null;
      if (lease.units > 0) {
        const { rows } = await this.db.query<{ balance_units: number }>(
          /* SQL */ `UPDATE orgs SET balance_units = balance_units + $2 WHERE org_id = $1 RETURNING balance_units`,
          [orgId, lease.units],
        );
        lease.units = 0;
        lease.rowBalance = Number(rows[0]?.balance_units ?? 0);
      }
      // The entry stays (empty): a charge already queued on it must find the same lease.
    });
  }

  /** Returns every unspent unit to its row (process shutdown, tests, admin reads). */
  async flush(): Promise<void> {
    await Promise.all([...this.leases.keys()].map((orgId) => this.returnLease(orgId)));
  }
}
