/**
 * Calendar feeds (migration 0032, DESIGN.md D31): a saved deadline query of an org, read by
 * whoever holds its token. Tokens are kept as hashes and found by prefix, as API keys are.
 */
import type { Queryable } from '../../db/database.js';

/** The docket selection a feed answers, as the org gave it; the dates come from `horizon_days` at each read. */
export interface SavedQuery {
  application_numbers?: string;
  patent_numbers?: string;
  entity_id?: string;
  monitor_id?: string;
  kinds?: string;
  horizon_days: number;
}

export interface CalendarRow {
  calendar_id: string;
  org_id: string;
  name: string;
  prefix: string;
  query: SavedQuery;
  alarm_days: number | null;
  created_at: Date;
  last_used_at: Date | null;
}

export interface CalendarCredentialRow extends CalendarRow {
  token_hash: Uint8Array;
}

const COLUMNS = /* SQL */ `calendar_id, org_id, name, prefix, query, alarm_days, created_at, last_used_at`;

/** Any constant: creators of an org's feeds take it per org, so two creations cannot both pass the limit. */
const CALENDAR_CREATION_LOCK = 3_170_522;

/** Locks the org's feed list until commit and counts its active feeds. */
export async function lockAndCountActiveCalendars(tx: Queryable, orgId: string): Promise<number> {
  await tx.query(/* SQL */ `SELECT pg_advisory_xact_lock($1, hashtext($2))`, [CALENDAR_CREATION_LOCK, orgId]);
  const { rows } = await tx.query<{ n: number }>(
    /* SQL */ `SELECT count(*)::int AS n FROM calendar_feeds WHERE org_id = $1 AND revoked_at IS NULL`,
    [orgId],
  );
  return rows[0]!.n;
}

export async function insertCalendar(
  tx: Queryable,
  feed: { calendarId: string; orgId: string; name: string; prefix: string; hash: Buffer; query: SavedQuery; alarmDays: number | null },
): Promise<CalendarRow> {
  const { rows } = await tx.query<CalendarRow>(
    /* SQL */ `INSERT INTO calendar_feeds (calendar_id, org_id, name, prefix, token_hash, query, alarm_days)
               VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7)
               RETURNING ${COLUMNS}`,
    [feed.calendarId, feed.orgId, feed.name, feed.prefix, feed.hash, JSON.stringify(feed.query), feed.alarmDays],
  );
  return rows[0]!;
}

export async function listActiveCalendars(db: Queryable, orgId: string): Promise<CalendarRow[]> {
  const { rows } = await db.query<CalendarRow>(
    /* SQL */ `SELECT ${COLUMNS} FROM calendar_feeds WHERE org_id = $1 AND revoked_at IS NULL ORDER BY created_at, calendar_id`,
    [orgId],
  );
  return rows;
}

/** Revokes one active feed of the org; false when the org has no such active feed. */
export async function revokeCalendar(db: Queryable, orgId: string, calendarId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    /* SQL */ `UPDATE calendar_feeds SET revoked_at = now() WHERE calendar_id = $1 AND org_id = $2 AND revoked_at IS NULL`,
    [calendarId, orgId],
  );
  return rowCount > 0;
}

export async function findActiveCalendarsByPrefix(db: Queryable, prefix: string): Promise<CalendarCredentialRow[]> {
  const { rows } = await db.query<CalendarCredentialRow>(
    /* SQL */ `SELECT ${COLUMNS}, token_hash FROM calendar_feeds WHERE prefix = $1 AND revoked_at IS NULL`,
    [prefix],
  );
  return rows;
}

export async function touchCalendar(db: Queryable, calendarId: string): Promise<void> {
  await db.query(/* SQL */ `UPDATE calendar_feeds SET last_used_at = now() WHERE calendar_id = $1`, [calendarId]);
}
