import type { Database } from '../db/database.js';
import { paymentRequired } from '../domain/errors.js';
import { Charge } from './charges.js';
import { CreditLedger, type LedgerOptions } from './credit-ledger.js';
import type { Usage } from './usage-journal.js';

/**
 * The one charging service (DESIGN.md D22) for every edge: REST routes, MCP tools and webhook
 * deliveries. No HTTP here: an edge asks `admit` whether the caller may be served,
 * the handler reports rows on the returned `Charge`, and the edge settles it and shows the result
 * however its protocol does (REST: the X-Credits-* headers).
 */
export class ChargingService {
  private readonly ledger: CreditLedger;

  constructor(db: Database, options: Partial<LedgerOptions> = {}) {
    this.ledger = new CreditLedger(db, options);
  }

  /** This process's lease holder id (credit_holders.holder_id). */
  get holderId(): string {
    return this.ledger.holderId;
  }

  /**
   * May this org be served? Holds one unit for the request; 402 payment_required when the whole
   * balance is below one. `usage` names what is served in the usage journal: make it once per
   * route or tool, not per request.
   */
  async admit(orgId: string, usage: Usage): Promise<Charge> {
    const hold = await this.ledger.hold(orgId, 1);
    if (!hold) throw paymentRequired();
    return new Charge(this.ledger, hold, usage);
  }

  /** The whole balance: the org's row plus the unspent units of every process's lease. */
  balance(orgId: string): Promise<number> {
    return this.ledger.balance(orgId);
  }

  /** Writes spent units and the usage journal now instead of at the next tick. */
  flush(): Promise<void> {
    return this.ledger.flush();
  }

  /** Shutdown: writes everything back and returns every unspent unit to its org. The service stays usable. */
  close(): Promise<void> {
    return this.ledger.close();
  }
}
