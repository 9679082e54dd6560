import { paymentRequired } from '../domain/errors.js';
import type { CreditLedger } from './credit-ledger.js';
import type { Hold } from './lease.js';
import type { Usage } from './usage-journal.js';

/**
 * What a request costs (spec §8, DESIGN.md D15): one unit, or for lists and citations one unit
 * per 100 rows returned, at least one.
 */
export const ROWS_PER_UNIT = 100;

export function unitsForRows(rows: number): number {
  return Math.max(1, Math.ceil(rows / ROWS_PER_UNIT));
}

const units = (n: number) => `${n} unit${n === 1 ? '' : 's'}`;

export interface Settled {
  charged: number;
  /** The org's balance after the charge (X-Credits-Remaining). */
  remaining: number;
}

/**
 * The charge of one request, from admission to the response, the same for every edge (a REST
 * route, an MCP tool, a webhook delivery): admission holds one unit; a handler that may return
 * more rows holds more before it reads them, and reports the rows it served; the edge settles
 * a success or releases the hold on an error. Held units are the org's but spendable by no other
 * request, so whatever is served is paid.
 */
export class Charge {
  private units = 1;
  private open = true;

  constructor(
    private readonly ledger: CreditLedger,
    private readonly hold: Hold,
    /** What is being served, for the usage journal. */
    private readonly usage: Usage,
  ) {}

  get orgId(): string {
    return this.hold.lease.orgId;
  }

  /** D15, for lists that can be cut: how many of `wanted` rows the balance pays for (at most balance × 100). */
  async affordableRows(wanted: number): Promise<number> {
    const units = await this.ledger.ensure(this.hold, unitsForRows(wanted), true);
    return Math.min(wanted, units * ROWS_PER_UNIT);
  }

  /**
   * D23, for answers that cannot be cut short: 402 before the work unless the balance pays for
   * `rows`. `exactly` counts the rows when the cheap upper bound `rows` is more than the balance
   * covers (a batch whose numbers are not all on file costs less than its length).
   */
  async requireRows(rows: number, exactly?: () => Promise<number>): Promise<void> {
    if ((await this.ledger.ensure(this.hold, unitsForRows(rows), false)) >= unitsForRows(rows)) return;
    const counted = exactly ? await exactly() : rows;
    const needed = unitsForRows(counted);
    if ((await this.ledger.ensure(this.hold, needed, false)) >= needed) return;
    const balance = await this.ledger.balance(this.orgId);
    throw paymentRequired(
      `This answer cannot be cut short: it costs ${units(needed)} (${counted} rows, 1 unit per 100) and the balance is ${units(balance)}. ` +
        'Buy credit to continue.',
    );
  }

  /** The handler served `rows` rows of a list or citation answer; a single object keeps the cost of 1. */
  served(rows: number): void {
    this.units = unitsForRows(rows);
  }

  /** A success: the units are spent and journalled. Null only when rows were served beyond what was held and the balance is gone. */
  async settle(): Promise<Settled | null> {
    if (!this.open) throw new Error('charge already settled or released');
    try {
      if (this.hold.units < this.units && (await this.ledger.ensure(this.hold, this.units, false)) < this.units) {
        this.ledger.release(this.hold);
        return null;
      }
      return { charged: this.units, remaining: this.ledger.spend(this.hold, this.units, this.usage) };
    } catch (error) {
      this.ledger.release(this.hold);
      throw error;
    } finally {
      this.open = false;
    }
  }

  /** An error answer costs nothing: the held units are free again. Safe to call twice. */
  release(): void {
    if (!this.open) return;
    this.open = false;
    this.ledger.release(this.hold);
  }
}

/** The open charge of a data request (an edge's admission put it there); a route without one is a bug. */
export function chargeOf(request: { charge: Charge | null }): Charge {
  if (!request.charge) throw new Error('no open charge: only data routes are charged');
  return request.charge;
}
