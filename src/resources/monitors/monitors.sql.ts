/**
 * Monitors and their targets (migration 0019; spec §2 "Monitor", D10). A monitor is created with
 * its target rows in one transaction; deleting one stops it (status), drops its targets so no
 * new delivery is made for it, and cancels what it had pending.
 */
import type { Queryable } from '../../db/database.js';
import type { FeedEvent } from '../../db/events.sql.js';
import type { EventType } from '../../domain/events.js';

export interface MonitorTargets {
  application_numbers: string[];
  patent_numbers: string[];
  entity_ids: string[];
}

export interface MonitorRow {
  monitor_id: string;
  targets: MonitorTargets;
  events: EventType[];
  webhook_url: string;
  /** Only active monitors are read; a deleted one is gone from every answer. */
  status: 'active';
  created_at: Date;
  delivered: number;
  failed: number;
  pending: number;
}

/** Any constant: a creator of an org's monitor holds it per org, so two creations cannot both pass the limit. */
const MONITOR_CREATION_LOCK = 7_240_519;

/** Locks the org's monitor list until commit and counts its active monitors. */
export async function lockAndCountActive(tx: Queryable, orgId: string): Promise<number> {
  await tx.query(/* SQL */ `SELECT pg_advisory_xact_lock($1, hashtext($2))`, [MONITOR_CREATION_LOCK, orgId]);
  const { rows } = await tx.query<{ n: number }>(
    /* SQL */ `SELECT count(*)::int AS n FROM monitors WHERE org_id = $1 AND status = 'active'`,
    [orgId],
  );
  return rows[0]!.n;
}

export async function insertMonitor(
  tx: Queryable,
  monitor: { monitorId: string; orgId: string; targets: MonitorTargets; events: EventType[]; webhookUrl: string; secret: string },
): Promise<Date> {
  const { rows } = await tx.query<{ created_at: Date }>(
    /* SQL */ `INSERT INTO monitors (monitor_id, org_id, targets, events, webhook_url, secret, created_at)
               VALUES ($1, $2, $3, $4, $5, $6, clock_timestamp())
               RETURNING created_at`,
    [monitor.monitorId, monitor.orgId, JSON.stringify(monitor.targets), monitor.events, monitor.webhookUrl, monitor.secret],
  );
  const { targets } = monitor;
  await tx.query(
    /* SQL */ `INSERT INTO monitor_targets (kind, value, monitor_id)
               SELECT 'application', v, $4 FROM unnest($1::text[]) AS v
               UNION ALL SELECT 'patent', v, $4 FROM unnest($2::text[]) AS v
               UNION ALL SELECT 'entity', v, $4 FROM unnest($3::text[]) AS v`,
    [targets.application_numbers, targets.patent_numbers, targets.entity_ids, monitor.monitorId],
  );
  return rows[0]!.created_at;
}

const RECORD = /* SQL */ `SELECT m.monitor_id, m.targets, m.events, m.webhook_url, m.status, m.created_at,
         coalesce(c.delivered, 0) AS delivered, coalesce(c.failed, 0) AS failed, coalesce(c.pending, 0) AS pending
  FROM monitors m
  LEFT JOIN LATERAL (
    SELECT count(*) FILTER (WHERE d.status = 'delivered')::int AS delivered,
           count(*) FILTER (WHERE d.status = 'failed')::int AS failed,
           count(*) FILTER (WHERE d.status = 'pending')::int AS pending
    FROM webhook_deliveries d WHERE d.monitor_id = m.monitor_id) c ON true`;

/** The org's active monitors, oldest first, with their delivery counts. */
export async function listActive(db: Queryable, orgId: string): Promise<MonitorRow[]> {
  const { rows } = await db.query<MonitorRow>(
    /* SQL */ `${RECORD} WHERE m.org_id = $1 AND m.status = 'active' ORDER BY m.created_at, m.monitor_id`,
    [orgId],
  );
  return rows;
}

/** One active monitor of the org; another org's, or a deleted one, is none. */
export async function findActive(db: Queryable, orgId: string, monitorId: string): Promise<MonitorRow | null> {
  const { rows } = await db.query<MonitorRow>(/* SQL */ `${RECORD} WHERE m.monitor_id = $1 AND m.org_id = $2 AND m.status = 'active'`, [
    monitorId,
    orgId,
  ]);
  return rows[0] ?? null;
}

/** When the org's active monitor was created (its coverage_since), without counting its deliveries; null when it has none such. */
export async function findCreatedAt(db: Queryable, orgId: string, monitorId: string): Promise<Date | null> {
  const { rows } = await db.query<{ created_at: Date }>(
    /* SQL */ `SELECT created_at FROM monitors WHERE monitor_id = $1 AND org_id = $2 AND status = 'active'`,
    [monitorId, orgId],
  );
  return rows[0]?.created_at ?? null;
}

/** Stops a monitor: true when the org had it active. Pending deliveries are cancelled with it. */
export async function stopMonitor(tx: Queryable, orgId: string, monitorId: string): Promise<boolean> {
  const { rowCount } = await tx.query(
    /* SQL */ `UPDATE monitors SET status = 'deleted', deleted_at = now() WHERE monitor_id = $1 AND org_id = $2 AND status = 'active'`,
    [monitorId, orgId],
  );
  if (rowCount === 0) return false;
  await tx.query(/* SQL */ `DELETE FROM monitor_targets WHERE monitor_id = $1`, [monitorId]);
  await tx.query(/* SQL */ `UPDATE webhook_deliveries SET status = 'cancelled' WHERE monitor_id = $1 AND status = 'pending'`, [monitorId]);
  return true;
}

export interface MonitorEventRow extends Omit<FeedEvent, 'seq'> {
  attempts: number;
  last_status: number | null;
  delivered_at: Date | null;
}

/** A monitor's events, newest first, with where their delivery stands. */
export async function listMonitorEvents(db: Queryable, monitorId: string, since: Date | null, limit: number): Promise<MonitorEventRow[]> {
  const { rows } = await db.query<MonitorEventRow>(
    /* SQL */ `SELECT e.event_id, e.event_type, e.occurred_on::text, e.detected_at, e.application_number, e.patent_number, e.entity_id,
                      e.detail, d.attempts, d.last_status, d.delivered_at
               FROM webhook_deliveries d JOIN events e ON e.seq = d.event_seq
               WHERE d.monitor_id = $1 AND ($2::timestamptz IS NULL OR e.detected_at >= $2)
               ORDER BY d.event_seq DESC
               LIMIT $3`,
    [monitorId, since, limit],
  );
  return rows;
}
