import cronParser from 'cron-parser';
import type { Static, TSchema } from 'typebox';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { JobType } from './job-type.js';
import type { JobQueue } from './queue.js';
import { claimScheduleSlot, databaseNow } from './schedule.sql.js';

/**
 * Every N seconds (slots aligned to the Unix epoch, so every worker agrees), or a 5-field cron
 * expression read in UTC, or in `timeZone` (an IANA name: "America/New_York" keeps a job at the
 * office's local time across daylight saving).
 */
export type ScheduleRule = { everySeconds: number } | { cron: string; timeZone?: string };

/**
 * A rule, or one the operator's configuration decides (SYNC_TIME), resolved when the worker
 * starts; null there leaves the entry out of this worker's schedule (no USPTO_API_KEY, no nightly sync).
 */
export type RuleSource = ScheduleRule | ((config: Config) => ScheduleRule | null);

/** One line of the schedule: which job to enqueue, when, and with which payload for a given slot. */
export interface ScheduleEntry<S extends TSchema = TSchema> {
  /** The `job_schedule` row; usually the job's name. */
  name: string;
  job: JobType<S>;
  rule: RuleSource;
  /** What a configured rule means, in words (the worker's usage names it). */
  ruleText?: string;
  /** The payload of the slot starting at `slot`. */
  payload(slot: Date): Static<S>;
}

/** Declares an entry, checking its rule at start rather than at its first tick (a configured rule, when resolved). */
export function scheduleEntry<S extends TSchema>(entry: ScheduleEntry<S>): ScheduleEntry<S> {
  if (typeof entry.rule !== 'function') latestSlot(entry.rule, new Date());
  return entry;
}

/** The entries with every configured rule decided (and checked) for this worker's configuration. */
export function resolveSchedule(entries: readonly ScheduleEntry[], config: Config): ScheduleEntry[] {
  return entries.flatMap((entry) => {
    if (typeof entry.rule !== 'function') return [entry];
    const rule = entry.rule(config);
    if (rule === null) return [];
    latestSlot(rule, new Date());
    return [{ ...entry, rule }];
  });
}

const ruleOf = (entry: ScheduleEntry): ScheduleRule => {
  if (typeof entry.rule === 'function')
    throw new Error(`schedule entry ${entry.name}: its configured rule was not resolved (resolveSchedule)`);
  return entry.rule;
};

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
    .parseExpression(rule.cron, { currentDate: new Date(now.getTime() + 1), tz: rule.timeZone ?? 'UTC' })
    .prev()
    .toDate();
}

/**
 * Enqueues scheduled jobs. Each tick, for every entry whose newest slot is not enqueued yet, it
 * claims the slot and enqueues the job in one transaction: a slot is claimed once across all
 * workers, and after every worker was down the schedule catches up with the newest slot only
 * (a maintenance job needs no backlog of missed runs).
 *
 * pg-boss's `schedule()` is not used: it enqueues a rule at most once a minute (sweep-leases runs
 * every 15 s), and a slot that passed while no worker ran is never enqueued, so a restart at
 * SYNC_TIME would skip that night's sync (bench/README.md, "Job queue").
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
      const slot = latestSlot(ruleOf(entry), now);
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
