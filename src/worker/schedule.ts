import cronParser from 'cron-parser';
import type { Static, TSchema } from 'typebox';
import type { Database } from '../db/database.js';
import type { JobType } from './job-type.js';
import type { JobQueue } from './queue.js';
import { claimScheduleSlot, databaseNow } from './schedule.sql.js';

/** Every N seconds (slots aligned to the Unix epoch, so every worker agrees), or a 5-field cron expression read in UTC. */
export type ScheduleRule = { everySeconds: number } | { cron: string };

/** One line of the schedule: which job to enqueue, when, and with which payload for a given slot. */
export interface ScheduleEntry<S extends TSchema = TSchema> {
  /** The `job_schedule` row; usually the job's name. */
  name: string;
  job: JobType<S>;
  rule: ScheduleRule;
  /** The payload of the slot starting at `slot`. */
  payload(slot: Date): Static<S>;
}

/** Declares an entry, checking its rule at start rather than at its first tick. */
export function scheduleEntry<S extends TSchema>(entry: ScheduleEntry<S>): ScheduleEntry<S> {
  latestSlot(entry.rule, new Date());
  return entry;
}

/** Start of the slot holding `now`: the newest time at or before `now` the rule fires. */
export function latestSlot(rule: ScheduleRule, now: Date): Date {
  if ('everySeconds' in rule) {
    if (!Number.isInteger(rule.everySeconds) || rule.everySeconds < 1) throw new Error(`everySeconds must be a positive integer`);
    const period = rule.everySeconds * 1000;
    return new Date(Math.floor(now.getTime() / period) * period);
  }
  if (rule.cron.trim().split(/\s+/).length !== 5) throw new Error(`cron needs 5 fields (minute hour day month weekday): "${rule.cron}"`);
  // prev() is strictly before its start: one millisecond on, a slot starting exactly now is found.
  return cronParser
    .parseExpression(rule.cron, { currentDate: new Date(now.getTime() + 1), tz: 'UTC' })
    .prev()
    .toDate();
}

/**
 * Enqueues scheduled jobs. Each tick, for every entry whose newest slot is not enqueued yet, it
 * claims the slot and enqueues the job in one transaction: a slot is claimed once across all
 * workers, and after every worker was down the schedule catches up with the newest slot only
 * (a maintenance job needs no backlog of missed runs).
 */
export class Scheduler {
  /** Newest slot this process saw claimed, per entry: a slot is tried once per process, not once per tick. */
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly db: Database,
    private readonly queue: JobQueue,
    private readonly entries: readonly ScheduleEntry[],
  ) {}

  /** Returns the names of the entries this call enqueued. */
  async tick(): Promise<string[]> {
    if (this.entries.length === 0) return [];
    const now = await databaseNow(this.db);
    const enqueued: string[] = [];
    for (const entry of this.entries) {
      const slot = latestSlot(entry.rule, now);
      if ((this.seen.get(entry.name) ?? -Infinity) >= slot.getTime()) continue;
      const claimed = await this.db.transaction(async (tx) => {
        if (!(await claimScheduleSlot(tx, entry.name, slot))) return false;
        await this.queue.enqueue(entry.job, entry.payload(slot), { executor: tx });
        return true;
      });
      this.seen.set(entry.name, slot.getTime());
      if (claimed) enqueued.push(entry.name);
    }
    return enqueued;
  }
}
