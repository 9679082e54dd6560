import { paymentRequired } from '../domain/errors.js';
import type { CreditLedger } from './credit-ledger.js';
import type { Hold } from './lease.js';
import type { Usage } from './usage-journal.js';

/**
 * What a request costs (spec §8, DESIGN.md D15): one unit, or for lists and citations one unit
 * per 100 rows returned, at least one.
 */
const ROWS_PER_UNIT = 100;

function unitsForRows(rows: number): number {
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
 * more rows holds more before it reads them, and reports the rows it served. A success is
 * prepared (its cost fixed and kept from other requests) and spent once it is delivered; an error
 * or an answer whose connection ended first releases the hold (DESIGN D30). Held units are the
 * org's but spendable by no other request, so whatever is delivered is paid.
 */
export class Charge {
  private units = 1;
  /** `abandoned`: the connection ended before the answer could be delivered; nothing is charged, whatever follows. */
  private state: 'open' | 'prepared' | 'spent' | 'released' | 'abandoned' = 'open';

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
    // Nobody will read the answer: hold nothing more for it (it would stay held, its release already done).
    if (this.state === 'abandoned') return wanted;
    const units = await this.ensure(unitsForRows(wanted), true);
    return Math.min(wanted, units * ROWS_PER_UNIT);
  }

  /**
   * D23, for answers that cannot be cut short: 402 before the work unless the balance pays for
   * `rows`. `exactly` counts the rows when the cheap upper bound `rows` is more than the balance
   * covers (a batch whose numbers are not all on file costs less than its length).
   */
  async requireRows(rows: number, exactly?: () => Promise<number>): Promise<void> {
    if (this.state === 'abandoned') return;
    if ((await this.ensure(unitsForRows(rows), false)) >= unitsForRows(rows)) return;
    const counted = exactly ? await exactly() : rows;
    const needed = unitsForRows(counted);
    if ((await this.ensure(needed, false)) >= needed) return;
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

  /**
   * A success on its way to the client: its cost is fixed and kept for it, to be spent by
   * `delivered` or given back by `release`. Null only when rows were served beyond what was held
   * and the balance is gone (then the hold is released). An answer whose connection already ended
   * costs nothing (it goes nowhere).
   */
  async prepare(): Promise<Settled | null> {
    if (this.state === 'abandoned') return { charged: 0, remaining: this.ledger.remaining(this.hold.lease) };
    if (this.state !== 'open') throw new Error('charge already prepared, settled or released');
    try {
      if (this.hold.units < this.units && (await this.ensure(this.units, false)) < this.units) {
        this.close();
        return null;
      }
      const remaining = await this.ledger.prepare(this.hold, this.units);
      // Its connection may have ended while it waited (a method call: the compiler cannot see that change).
      if (remaining === null || this.isAbandoned()) {
        if (remaining !== null) this.ledger.unprepare(this.hold, this.units);
        return { charged: 0, remaining: this.ledger.remaining(this.hold.lease) };
      }
      this.state = 'prepared';
      return { charged: this.units, remaining };
    } catch (error) {
      this.close();
      throw error;
    }
  }

  /** The prepared answer reached its connection: its units are spent and journalled. Nothing for any other state. */
  delivered(): void {
    if (this.state !== 'prepared') return;
    this.state = 'spent';
    this.ledger.spend(this.hold, this.units, this.usage, true);
  }

  /** Prepared and delivered at once, for an edge that knows the answer arrived (a webhook delivery's 2xx). */
  async settle(): Promise<Settled | null> {
    const prepared = await this.prepare();
    this.delivered();
    return prepared;
  }

  /** An error answer costs nothing. Safe to call twice. */
  release(): void {
    if (this.state === 'prepared') this.ledger.unprepare(this.hold, this.units);
    if (this.state === 'open' || this.state === 'prepared') this.close();
  }

  /** The connection ended before the answer was written (or before it was even ready): never charged. */
  abandon(): void {
    if (this.state === 'spent') return;
    this.release();
    this.state = 'abandoned';
  }

  /** Lets go of a charge that never prepared an answer; a prepared one stays, for its delivery to decide. */
  releaseUnlessPrepared(): void {
    if (this.state === 'open') this.close();
  }

  /** The ledger's `ensure`; a connection that ended meanwhile released the hold, so what it added goes back at once. */
  private async ensure(units: number, partial: boolean): Promise<number> {
    const held = await this.ledger.ensure(this.hold, units, partial);
    if (this.state !== 'abandoned') return held;
    this.ledger.release(this.hold);
    return units;
  }

  private isAbandoned(): boolean {
    return this.state === 'abandoned';
  }

  private close(): void {
    this.state = 'released';
    this.ledger.release(this.hold);
  }
}

/** The open charge of a data request (an edge's admission put it there); a route without one is a bug. */
export function chargeOf(request: { charge: Charge | null }): Charge {
  if (!request.charge) throw new Error('no open charge: only data routes are charged');
  return request.charge;
}
