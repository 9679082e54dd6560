import { hostname } from 'node:os';
import type { Database } from '../db/database.js';
import { type Lease, freeUnits, loseLease } from './lease.js';
import * as sql from './leases.sql.js';
import { addUsage, type UsageRow } from './usage-journal.sql.js';

interface WriterOptions {
  tickMs: number;
  idleReturnMs: number;
  onError: (error: unknown) => void;
}

interface Write {
  lease: Lease;
  generation: number;
  leaseId: number;
  units: number;
  usage: UsageRow[];
}

interface Return {
  lease: Lease;
  generation: number;
  leaseId: number;
  units: number;
  drop: boolean;
}

/** While a recall was answered, the org's credit is scarce: no reserving ahead for a while. */
const CONTENDED_MS = 5_000;

/**
 * The ledger's background half: every tick it beats the holder's heartbeat, writes spent units
 * and the usage journal of every lease in one transaction, returns the spare units of idle or
 * recalled leases, and learns of leases a sweeper took away. It stops when no lease is left.
 */
export class LeaseWriter {
  private timer: NodeJS.Timeout | null = null;
  /** Ticks run one after another: the last one queued, and the one waiting to start (callers join it). */
  private queue: Promise<void> = Promise.resolve();
  private waiting: Promise<void> | null = null;
  private registering: Promise<void> | null = null;
  private registered = false;
  private stopping = false;
  private lastReported = 0;

  constructor(
    private readonly db: Database,
    private readonly holderId: string,
    private readonly leases: Map<string, Lease>,
    private readonly options: WriterOptions,
  ) {}

  /** The holder row must exist before a lease row may point at it. */
  async register(): Promise<void> {
    if (this.registered) return;
    this.registering ??= sql
      .upsertHolder(this.db, this.holderId, `${hostname()} pid ${process.pid}`)
      .then(() => {
        this.registered = true;
      })
      .finally(() => {
        this.registering = null;
      });
    await this.registering;
  }

  start(): void {
    if (this.timer || this.stopping) return;
    this.timer = setTimeout(() => this.loop(), this.options.tickMs);
    this.timer.unref();
  }

  private loop(): void {
    this.timer = null;
    void this.runTick(false)
      .catch((error) => this.report(error))
      .finally(() => {
        if (this.hasWork()) this.start();
        // Not beating any more: the next reservation registers again, in case a sweeper forgot this holder.
        else this.registered = false;
      });
  }

  /** A database outage fails every tick: tell the operator once per 10 seconds, not four times a second. */
  private report(error: unknown): void {
    const now = Date.now();
    if (now - this.lastReported < 10_000) return;
    this.lastReported = now;
    this.options.onError(error);
  }

  private hasWork(): boolean {
    for (const lease of this.leases.values()) {
      if (lease.leaseId !== null || lease.unwritten > 0 || lease.busy) return true;
    }
    return false;
  }

  async writeNow(): Promise<void> {
    await this.runTick(false);
  }

  /**
   * A write-back as soon as the one in progress (if any) is done: what was spent before this call
   * is written when it resolves. Callers asking while one waits to start share it.
   */
  nudge(): Promise<void> {
    return this.runTick(false);
  }

  private runTick(all: boolean): Promise<void> {
    if (!all && this.waiting) return this.waiting;
    const run: Promise<void> = this.queue.then(() => {
      if (this.waiting === run) this.waiting = null;
      return this.tick(all);
    });
    if (!all) this.waiting = run;
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Writes everything and returns every spare unit; the holder row goes when nothing is left in it. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    try {
      await this.runTick(true);
      await sql.deleteIdleHolder(this.db, this.holderId);
      this.registered = false;
    } catch (error) {
      this.options.onError(error);
    } finally {
      this.stopping = false;
    }
  }

  private async tick(all: boolean): Promise<void> {
    const now = Date.now();
    const writes: Write[] = [];
    const known = new Map<Lease, number>();
    const readings = new Map<Lease, number>();
    let idle = false;
    for (const lease of this.leases.values()) {
      if (lease.leaseId === null) continue;
      known.set(lease, lease.leaseId);
      readings.set(lease, lease.restReadings);
      if (lease.unwritten > 0 || lease.usage.size > 0) {
        writes.push({ lease, generation: lease.generation, leaseId: lease.leaseId, units: lease.unwritten, usage: lease.usage.drain() });
        lease.writing += lease.unwritten;
        lease.unwritten = 0;
      }
      if (all || now - lease.lastUsedAt >= this.options.idleReturnMs) idle = true;
    }
    if (writes.length === 0 && !idle && known.size > 0) {
      // Nothing to write: one statement beats the heartbeat and asks whether anyone wants units back.
      const recalled = await sql.touchHolderAndCountRecalls(this.db, this.holderId);
      if (recalled !== null && recalled === 0) return;
    }
    if (known.size === 0 && writes.length === 0) return;

    const returns: Return[] = [];
    let present = new Set<number>();
    let alive = true;
    try {
      await this.db.transaction(async (tx) => {
        alive = await sql.touchHolder(tx, this.holderId);
        if (!alive) await sql.upsertHolder(tx, this.holderId, `${hostname()} pid ${process.pid}`);
        const rows = alive ? await sql.lockHolderLeases(tx, this.holderId) : [];
        present = new Set(rows.map((row) => row.lease_id));
        const written = writes.filter((write) => present.has(write.leaseId));
        await sql.addSpent(
          tx,
          written.filter((write) => write.units > 0).map((write) => ({ leaseId: write.leaseId, units: write.units })),
        );
        await addUsage(
          tx,
          written.flatMap((write) => write.usage),
        );
        for (const row of rows) {
          const lease = this.leases.get(row.org_id);
          if (!lease || lease.leaseId !== row.lease_id) continue;
          // A reservation that committed meanwhile read the org's row later than this statement's snapshot did.
          if (readings.get(lease) === lease.restReadings) lease.rest = row.rest;
          const isIdle = all || Date.now() - lease.lastUsedAt >= this.options.idleReturnMs;
          if (!row.recalled && (!isIdle || lease.busy || lease.held > 0)) continue;
          // Taken out of the lease before the write, so no request spends what is being returned.
          const units = Math.max(0, freeUnits(lease));
          lease.unspent -= units;
          if (row.recalled) lease.contendedUntil = Date.now() + CONTENDED_MS;
          // The row goes only when nothing in it is unspent or unwritten (spends since the snapshot wait for the next tick).
          const drop = !lease.busy && lease.unspent === 0 && lease.held === 0 && lease.unwritten === 0 && lease.usage.size === 0;
          returns.push({ lease, generation: lease.generation, leaseId: row.lease_id, units, drop });
        }
        for (const back of returns) await sql.returnFromLease(tx, back.leaseId, back.units, back.drop);
      });
    } catch (error) {
      for (const write of writes) {
        if (write.lease.generation !== write.generation) continue;
        write.lease.writing -= write.units;
        write.lease.unwritten += write.units;
        write.lease.usage.restore(write.usage);
      }
      for (const back of returns) if (back.lease.generation === back.generation) back.lease.unspent += back.units;
      throw error;
    }
    for (const write of writes) if (write.lease.generation === write.generation) write.lease.writing -= write.units;
    // A lease known before this tick and missing now was swept: its holder was thought dead.
    for (const [lease, leaseId] of known) {
      if (!present.has(leaseId) && lease.leaseId === leaseId) loseLease(lease);
    }
    for (const back of returns) {
      if (!back.drop || back.lease.generation !== back.generation || back.lease.leaseId !== back.leaseId) continue;
      // The Lease object stays in the map: a request may be about to reserve through it.
      back.lease.leaseId = null;
    }
    if (!alive) this.registered = true;
  }
}
