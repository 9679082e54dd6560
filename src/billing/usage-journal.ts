import type { Queryable } from '../db/database.js';
import { foldMinutesIntoDays, type UsageRow } from './usage-journal.sql.js';

/** What was served, for the journal: the edge (`rest`, later `mcp`, `delivery`) and the route or tool. */
export interface Usage {
  channel: string;
  what: string;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * Requests and units of one org gathered in memory between two write-backs, one entry per
 * minute and route: the journal costs one statement per second, not one per request.
 */
export class UsageBuffer {
  /** Keyed by the edge's Usage object (one per route, made once), then by minute: no string built per request. */
  private entries = new Map<Usage, Map<number, UsageRow>>();
  private count = 0;

  add(orgId: string, usage: Usage, units: number, at: number = Date.now()): void {
    const minute = at - (at % MINUTE_MS);
    let minutes = this.entries.get(usage);
    if (!minutes) {
      minutes = new Map();
      this.entries.set(usage, minutes);
    }
    const entry = minutes.get(minute);
    if (entry) {
      entry.requests += 1;
      entry.units += units;
    } else {
      minutes.set(minute, { orgId, minute, channel: usage.channel, what: usage.what, requests: 1, units });
      this.count += 1;
    }
  }

  get size(): number {
    return this.count;
  }

  /** Everything gathered so far, one row per minute, channel and route; the buffer starts empty again. */
  drain(): UsageRow[] {
    const rows = new Map<string, UsageRow>();
    for (const minutes of this.entries.values()) {
      for (const entry of minutes.values()) {
        // Two Usage objects may name the same route (e.g. a fallback): one row per key for the upsert.
        const key = `${entry.minute}\u0000${entry.channel}\u0000${entry.what}`;
        const seen = rows.get(key);
        if (seen) {
          seen.requests += entry.requests;
          seen.units += entry.units;
        } else rows.set(key, entry);
      }
    }
    this.entries = new Map();
    this.count = 0;
    return [...rows.values()];
  }

  /** Puts back rows whose write failed, merged with what arrived meanwhile. */
  restore(rows: readonly UsageRow[]): void {
    // Rows of their own: `drain` adds them to rows of the same minute and route gathered meanwhile.
    for (const row of rows) {
      this.entries.set({ channel: row.channel, what: row.what }, new Map([[row.minute, { ...row }]]));
      this.count += 1;
    }
  }
}

/** Minute rows are kept this many whole UTC days before they are folded into day rows. */
export const MINUTE_ROWS_KEPT_DAYS = 7;

/**
 * The usage-journal roll-up (a worker job calls it): minute rows of UTC days that ended more
 * than `keepDays` days ago become one row per org, day, channel and route. Idempotent.
 */
export async function rollUpUsageJournal(
  db: Queryable,
  options: { keepDays?: number; now?: Date } = {},
): Promise<{ minuteRows: number; dayRows: number }> {
  const now = (options.now ?? new Date()).getTime();
  const keepDays = options.keepDays ?? MINUTE_ROWS_KEPT_DAYS;
  const today = now - (now % DAY_MS);
  return foldMinutesIntoDays(db, new Date(today - keepDays * DAY_MS));
}
