import type { Queryable } from '../db/database.js';

export interface UsageRow {
  orgId: string;
  /** Start of the UTC minute, in ms since the epoch. */
  minute: number;
  channel: string;
  what: string;
  requests: number;
  units: number;
}

/** Adds requests and units to their minute rows; keys must be distinct within one call. */
export async function addUsage(tx: Queryable, rows: readonly UsageRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.query(
    /* SQL */ `INSERT INTO usage_journal (org_id, period, period_start, channel, what, requests, units)
               SELECT u.org_id, 'minute', to_timestamp(u.minute_ms / 1000.0), u.channel, u.what, u.requests, u.units
               FROM unnest($1::text[], $2::bigint[], $3::text[], $4::text[], $5::bigint[], $6::bigint[])
                 AS u(org_id, minute_ms, channel, what, requests, units)
               ON CONFLICT (org_id, period, period_start, channel, what) DO UPDATE
                 SET requests = usage_journal.requests + EXCLUDED.requests, units = usage_journal.units + EXCLUDED.units`,
    [
      rows.map((r) => r.orgId),
      rows.map((r) => r.minute),
      rows.map((r) => r.channel),
      rows.map((r) => r.what),
      rows.map((r) => r.requests),
      rows.map((r) => r.units),
    ],
  );
}

/**
 * Folds minute rows that started before `cutoff` into one row per UTC day (added to a day row
 * already there). One statement: a crash or a second worker running it at once folds each
 * minute row once.
 */
export async function foldMinutesIntoDays(db: Queryable, cutoff: Date): Promise<{ minuteRows: number; dayRows: number }> {
  const { rows } = await db.query<{ minute_rows: number; day_rows: number }>(
    /* SQL */ `WITH moved AS (
                 DELETE FROM usage_journal WHERE period = 'minute' AND period_start < $1
                 RETURNING org_id, period_start, channel, what, requests, units),
               days AS (
                 INSERT INTO usage_journal (org_id, period, period_start, channel, what, requests, units)
                 SELECT org_id, 'day', date_trunc('day', period_start AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', channel, what,
                        sum(requests), sum(units)
                 FROM moved GROUP BY 1, 3, 4, 5
                 ON CONFLICT (org_id, period, period_start, channel, what) DO UPDATE
                   SET requests = usage_journal.requests + EXCLUDED.requests, units = usage_journal.units + EXCLUDED.units
                 RETURNING 1)
               SELECT (SELECT count(*) FROM moved)::int AS minute_rows, (SELECT count(*) FROM days)::int AS day_rows`,
    [cutoff],
  );
  return { minuteRows: rows[0]?.minute_rows ?? 0, dayRows: rows[0]?.day_rows ?? 0 };
}

export interface UsageSummaryRow {
  channel: string;
  what: string;
  requests: number;
  units: number;
}

/** What an org spent on since `since`, minute and day rows together, most units first. */
export async function sumUsageSince(db: Queryable, orgId: string, since: Date): Promise<UsageSummaryRow[]> {
  const { rows } = await db.query<UsageSummaryRow>(
    /* SQL */ `SELECT channel, what, sum(requests)::bigint AS requests, sum(units)::bigint AS units
               FROM usage_journal WHERE org_id = $1 AND period_start >= $2
               GROUP BY channel, what ORDER BY sum(units) DESC, channel, what`,
    [orgId, since],
  );
  return rows.map((row) => ({ ...row, requests: Number(row.requests), units: Number(row.units) }));
}
