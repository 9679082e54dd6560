import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database } from '../db/database.js';
import { unitsCharged } from '../metrics.js';
import { type Hold, type Lease, desiredUnits, forgivable, freeUnits, loseLease, newLease, trackSpending } from './lease.js';
import { LeaseWriter } from './lease-writer.js';
import { LEASE_STALE_AFTER_MS } from './lease-sweeper.js';
import * as sql from './leases.sql.js';
import type { Usage } from './usage-journal.js';

export interface LedgerOptions {
  /** Smallest reservation; busy orgs reserve about two seconds of their recent use instead. */
  leaseUnits: number;
  /** Largest reservation: bounds what one process holds of an org's credit. */
  maxLeaseUnits: number;
  /** Unspent units go back to the org's row after this long without a charge. */
  idleReturnMs: number;
  /** Write-back, heartbeat and recall answers happen this often (spec: spent units at least every second). */
  tickMs: number;
  /**
   * What a crash of this process may forgive of one org, whatever the load: an answer waits to
   * leave while this many units are delivered-but-unwritten, being written or on their way to
   * clients; a write-back starts as soon as half of it is spent and unwritten, not only on the tick.
   */
  maxUnwrittenUnits: number;
  /** How long a process whose org row is empty waits for other processes to return spare units. */
  recallWaitMs: number;
  /** A holder silent for this long is dead: its leases are returned before a short process gives up. */
  staleAfterMs: number;
  /** A failed background write (the next tick retries it); units are safe on disk either way. */
  onError: (error: unknown) => void;
}

/** The default of LedgerOptions.maxUnwrittenUnits (README, "Charging"). */
export const CRASH_BOUND_UNITS = 250;
/** How long an answer over the crash bound waits before looking again when only answers on their way hold the units. */
const IN_FLIGHT_POLL_MS = 5;
/** While one process waits for another's spare units, both reserve only what each request needs. */
const CONTENDED_MS = 5_000;
const RECALL_POLL_MS = 20;
/**
 * After the whole balance fell short (row, dead leases swept, live ones recalled), requests for as
 * much or more are refused without another round for this long: an unfunded or drained org costs
 * no database writes per request. Credit added meanwhile shows within this time (spec: seconds).
 */
const SHORT_MEMO_MS = 1_000;

/**
 * One process's credit: leases reserved from org rows into lease rows of its own (migration 0005),
 * spent in memory without a database round trip, written back by `LeaseWriter` every tick or as
 * soon as enough is unwritten, through connections of its own (Database.lane) so that requests
 * queueing in the main pool never delay it. No process can spend units it has not reserved, so
 * balances never go negative; a request holds its units from admission until its answer is
 * delivered, so a delivered answer is always paid and an undelivered one never is.
 */
export class CreditLedger {
  readonly holderId = `${hostname()}:${process.pid}:${randomBytes(6).toString('hex')}`;
  private readonly leases = new Map<string, Lease>();
  private readonly options: LedgerOptions;
  private readonly writer: LeaseWriter;

  private readonly db: Database;

  constructor(db: Database, options: Partial<LedgerOptions> = {}) {
    this.db = db.lane?.() ?? db;
    this.options = {
      leaseUnits: 50,
      maxLeaseUnits: 20_000,
      idleReturnMs: 1_000,
      tickMs: 250,
      maxUnwrittenUnits: CRASH_BOUND_UNITS,
      recallWaitMs: 2_000,
      staleAfterMs: LEASE_STALE_AFTER_MS,
      onError: (error) => console.error('credit ledger: background write failed; the next tick retries', error),
      ...options,
    };
    this.writer = new LeaseWriter(this.db, this.holderId, this.leases, this.options);
  }

  private lease(orgId: string): Lease {
    let lease = this.leases.get(orgId);
    if (!lease) {
      lease = newLease(orgId);
      this.leases.set(orgId, lease);
    }
    return lease;
  }

  /** Holds `units` of the org's credit for one request; null when the whole balance cannot cover them. */
  async hold(orgId: string, units: number): Promise<Hold | null> {
    const lease = this.lease(orgId);
    const hold: Hold = { lease, generation: lease.generation, units: 0 };
    return (await this.ensure(hold, units, false)) >= units ? hold : null;
  }

  /**
   * Makes the hold at least `total` units. All or nothing, unless `partial`: then as many as the
   * balance allows. Returns the units held.
   */
  async ensure(hold: Hold, total: number, partial: boolean): Promise<number> {
    const { lease } = hold;
    let phase: 'acquire' | 'rest' | 'done' = 'acquire';
    for (;;) {
      if (hold.generation !== lease.generation) Object.assign(hold, { generation: lease.generation, units: 0 });
      const missing = total - hold.units;
      if (missing <= 0) return hold.units;
      const free = freeUnits(lease);
      if (free >= missing || (phase === 'done' && free > 0)) {
        const got = Math.min(missing, free);
        lease.held += got;
        hold.units += got;
        continue;
      }
      if (phase === 'done') return hold.units;
      if (lease.busy) {
        await lease.busy;
        continue;
      }
      const need = missing - free;
      if (phase === 'rest') {
        // The whole balance is short: whatever the row still has (after the recalls) is the most.
        await this.exclusive(lease, () => this.take(lease, 1, need, false));
        phase = 'done';
      } else if (!(await this.exclusive(lease, () => this.acquire(lease, need)))) {
        if (!partial) return hold.units;
        phase = 'rest';
      }
    }
  }

  /**
   * `units` of the hold are an answer on its way to the client: kept from every other request until
   * it is delivered (`spend`) or its connection ends first (`unprepare`). It waits first while the
   * units a crash could forgive (LedgerOptions.maxUnwrittenUnits) leave no room for it: for a
   * write-back when spent units wait to be written, else for answers on their way to be delivered.
   * Answers that wait hold nothing a crash could forgive, so they never wait for one another in a
   * circle; an answer larger than the bound leaves alone. The last check and the count are one
   * synchronous step, so answers leaving together cannot all pass it.
   *
   * Returns the org's balance as it will be once the answer is delivered, as this process knows
   * it; null when the hold was let go while it waited (its connection ended): nothing prepared.
   */
  async prepare(hold: Hold, units: number): Promise<number | null> {
    const { lease } = hold;
    while (forgivable(lease) > 0 && forgivable(lease) + units > this.options.maxUnwrittenUnits) {
      if (lease.unwritten + lease.writing > 0) await this.writer.nudge();
      else await new Promise((resolve) => setTimeout(resolve, IN_FLIGHT_POLL_MS));
    }
    if (hold.generation !== lease.generation) return this.remaining(lease);
    if (units > hold.units) return null;
    lease.prepared += units;
    return this.remaining(lease);
  }

  /** The org's balance as this process knows it, once the answers on their way are delivered. */
  remaining(lease: Lease): number {
    return lease.rest + lease.unspent - lease.prepared;
  }

  /** The prepared answer never reached its client: its units are the org's again (`release` lets go of the hold). */
  unprepare(hold: Hold, units: number): void {
    if (hold.generation === hold.lease.generation) hold.lease.prepared -= units;
  }

  /**
   * Spends `units` (at most what the hold has; `prepared` when they were prepared) and lets go of
   * the rest of the hold. Returns the org's balance after the charge, as this process knows it.
   */
  spend(hold: Hold, units: number, usage: Usage, prepared = false): number {
    const { lease } = hold;
    if (hold.generation === lease.generation) {
      if (units > hold.units) throw new Error(`spending ${units} units from a hold of ${hold.units}`);
      const now = Date.now();
      if (prepared) lease.prepared -= units;
      lease.held -= hold.units;
      lease.unspent -= units;
      lease.unwritten += units;
      lease.usage.add(lease.orgId, usage, units, now);
      // Counted here, where every edge's units are spent (REST, MCP, deliveries), and only when really spent.
      unitsCharged.inc({ channel: usage.channel }, units);
      trackSpending(lease, units, now);
      this.prefetch(lease, now);
      // Half the bound unwritten: write now rather than at the next tick, which a busy process may run late.
      if (lease.unwritten + lease.writing >= this.options.maxUnwrittenUnits / 2) void this.writer.nudge().catch(() => undefined);
      else this.writer.start();
    }
    hold.units = 0;
    return this.remaining(lease);
  }

  release(hold: Hold): void {
    if (hold.generation === hold.lease.generation) hold.lease.held -= hold.units;
    hold.units = 0;
  }

  /** The org's whole balance: its row, other processes' leases, and this process's lease as spent so far. */
  async balance(orgId: string): Promise<number> {
    const credit = await sql.findOrgCredit(this.db, orgId, this.holderId);
    const lease = this.leases.get(orgId);
    return (credit?.row ?? 0) + (credit?.leased ?? 0) + (lease?.leaseId != null ? lease.unspent : 0);
  }

  /** Writes spent units and usage now (tests; the writer does it every tick anyway). */
  async flush(): Promise<void> {
    await this.writer.writeNow();
  }

  /** Writes everything back and returns every unspent unit to its org (shutdown); usable again afterwards. */
  async close(): Promise<void> {
    // A process that never charged never registered: nothing to write, and its database may not even be migrated.
    if (this.leases.size === 0) return;
    await Promise.all([...this.leases.values()].flatMap((lease) => lease.busy ?? []));
    await this.writer.stop();
  }

  /** Runs `work` as the lease's one reservation or return in flight; others wait for `lease.busy`. */
  private exclusive<T>(lease: Lease, work: () => Promise<T>): Promise<T> {
    const running = work();
    const settled: Promise<void> = running
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        if (lease.busy === settled) lease.busy = null;
      });
    lease.busy = settled;
    return running;
  }

  /** Reserve the next block while a quarter of this one is left, so charges never wait for it. */
  private prefetch(lease: Lease, now: number): void {
    const desired = desiredUnits(lease, this.options, now);
    if (lease.busy || desired === 0 || freeUnits(lease) >= desired / 4) return;
    // A failed reservation ahead is tried again by the next admission; an outage is the writer's to
    // report (once per 10 s: this ran on every request during a restart).
    void this.exclusive(lease, () => this.take(lease, 0, desired, true)).catch(() => undefined);
  }

  /**
   * Adds at least `need` units to the lease; false when the whole balance cannot cover them. An
   * empty row is not the end: leases of dead processes are swept, live ones are asked to return
   * their spare units, and the org is marked contended so nobody reserves ahead for a while.
   */
  private async acquire(lease: Lease, need: number): Promise<boolean> {
    const now = Date.now();
    if (lease.short && now < lease.short.until && need >= lease.short.units) return false;
    const want = Math.max(need, desiredUnits(lease, this.options, now));
    if (await this.take(lease, need, want, true)) return true;
    const enough = await this.recall(lease, need);
    lease.short = enough ? null : { units: need, until: Date.now() + SHORT_MEMO_MS };
    return enough;
  }

  /** The row is short: sweep dead holders' leases of the org, ask live ones for spare units, wait for their answers. */
  private async recall(lease: Lease, need: number): Promise<boolean> {
    lease.contendedUntil = Date.now() + CONTENDED_MS;
    await sql.sweepStale(this.db, { staleAfterMs: this.options.staleAfterMs, orgId: lease.orgId });
    const asked = await sql.requestRecall(this.db, lease.orgId, this.holderId);
    const deadline = Date.now() + this.options.recallWaitMs;
    for (;;) {
      // Counted before the take: a recall answered in between still gets its units taken next round.
      const pending = asked > 0 ? await sql.countPendingRecalls(this.db, lease.orgId, this.holderId) : 0;
      if (await this.take(lease, need, need, false)) return true;
      if (pending === 0 || Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, RECALL_POLL_MS));
    }
  }

  /** One reservation transaction; false when the row holds fewer than `need` (or nothing, for need 0). */
  private async take(lease: Lease, need: number, want: number, halve: boolean): Promise<boolean> {
    await this.writer.register();
    const leaseId = lease.leaseId;
    const result = await this.db.transaction(async (tx) => {
      const lost = leaseId !== null && !(await sql.lockLease(tx, leaseId));
      const taken = await sql.takeFromOrg(tx, { orgId: lease.orgId, holderId: this.holderId, need, want, halve });
      if (!taken) return { lost, taken: null, inserted: null };
      if (leaseId !== null && !lost) {
        await sql.addToLease(tx, leaseId, taken.taken);
        return { lost, taken, inserted: null };
      }
      return { lost, taken, inserted: await sql.insertLease(tx, { holderId: this.holderId, orgId: lease.orgId, units: taken.taken }) };
    });
    if (result.lost && lease.leaseId === leaseId) loseLease(lease);
    if (!result.taken) return false;
    if (result.inserted) {
      lease.leaseId = result.inserted.leaseId;
      lease.unspent += result.inserted.unspent;
    } else {
      lease.unspent += result.taken.taken;
    }
    lease.rest = result.taken.rest;
    lease.restReadings += 1;
    lease.short = null;
    this.writer.start();
    return true;
  }
}
