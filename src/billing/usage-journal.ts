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
  private entries = new Map<string, UsageRow>();

  add(orgId: string, usage: Usage, units: number, at: number = Date.now()): void {
    const minute = at - (at % MINUTE_MS);
    const key = `${minute}\u0000${usage.channel}\u0000${usage.what}`;
    const entry = this.entries.get(key);
    if (entry) {
      entry.requests += 1;
      entry.units += units;
    } else {
      this.entries.set(key, { orgId, minute, channel: usage.channel, what: usage.what, requests: 1, units });
    }
  }

  get size(): number {
    return this.entries.size;
  }

  /** Everything gathered so far; the buffer starts empty again. */
  drain(): UsageRow[] {
    const rows = [...this.entries.values()];
    this.entries = new Map();
    return rows;
  }

  /** Puts back rows whose write failed, merged with what arrived meanwhile. */
  restore(rows: readonly UsageRow[]): void {
    for (const row of rows) {
      const key = `${row.minute}\u0000${row.channel}\u0000${row.what}`;
      const entry = this.entries.get(key);
      if (entry) {
        entry.requests += row.requests;
        entry.units += row.units;
      } else {
        this.entries.set(key, { ...row });
      }
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
