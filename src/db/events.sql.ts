import type { DetectedEvent } from '../domain/events.js';
import type { Queryable } from './database.js';

/**
 * Any constant; only event writers take it. Held from the insert to the commit, it makes
 * `events.seq` numbers commit in order (migration 0007 explains why a reader needs that).
 */
const EVENT_FEED_LOCK_KEY = 7_240_507;

/**
 * Inserts detected events; an event already recorded (same id, D17) is left as it was. Call it
 * on a transaction handle, as the transaction's last statement: the feed lock it takes is held
 * until commit, so keep nothing slow after it. Returns the number of new events.
 */
export async function insertEvents(
  tx: Queryable,
  events: readonly DetectedEvent[],
  detectedAt: Date,
  runId: number | null,
): Promise<number> {
  if (events.length === 0) return 0;
  await tx.query(/* SQL */ `SELECT pg_advisory_xact_lock($1)`, [EVENT_FEED_LOCK_KEY]);
  const { rows } = await tx.query<{ seq: string }>(
    /* SQL */ `INSERT INTO events (event_id, event_type, occurred_on, detected_at, application_number, patent_number, entity_id, detail, run_id)
               SELECT e.event_id, e.event_type, e.occurred_on, $2, e.application_number, e.patent_number, e.entity_id, e.detail, $3
               FROM ROWS FROM (json_to_recordset($1::json) AS (event_id text, event_type text, occurred_on date,
                      application_number text, patent_number text, entity_id text, detail jsonb))
                    WITH ORDINALITY AS e(event_id, event_type, occurred_on, application_number, patent_number, entity_id, detail, n)
               -- Within one batch, numbers follow detection order.
               ORDER BY e.n
               ON CONFLICT (event_id) DO NOTHING
               RETURNING seq`,
    [
      JSON.stringify(
        events.map((e) => ({
          event_id: e.eventId,
          event_type: e.eventType,
          occurred_on: e.occurredOn,
          application_number: e.applicationNumber,
          patent_number: e.patentNumber,
          entity_id: e.entityId,
          detail: e.detail,
        })),
      ),
      detectedAt,
      runId,
    ],
  );
  if (rows.length > 0) {
    // Under the feed lock only this transaction adds events, so its new ones are exactly this range.
    const seqs = rows.map((row) => Number(row.seq));
    await createDeliveries(
      tx,
      seqs.reduce((a, b) => Math.min(a, b)),
      seqs.reduce((a, b) => Math.max(a, b)),
    );
  }
  return rows.length;
}

/**
 * The webhook deliveries of new events (D16), in the transaction that records them: nothing is
 * sent for an ingest that rolls back. An event concerns its application, its patent, and the
 * entities it names or that are linked to its application or patent now, with their families
 * (spec §6: an entity target covers applications linked to it later). A monitor gets it when it
 * is active, was created before the event was detected, selects its type, and targets one of those.
 */
async function createDeliveries(tx: Queryable, fromSeq: number, toSeq: number): Promise<void> {
  await tx.query(
    /* SQL */ `WITH new_events AS (
                 SELECT e.seq, e.event_id, e.event_type, e.detected_at, e.application_number, e.patent_number, e.entity_id
                 FROM events e WHERE e.seq BETWEEN $1 AND $2
                   AND EXISTS (SELECT 1 FROM monitors m WHERE m.status = 'active')),
               -- Only when some monitor targets an entity: otherwise no event needs its entities looked up.
               event_entities AS (
                 SELECT x.seq, x.entity_id FROM (
                   SELECT e.seq, e.entity_id FROM new_events e WHERE e.entity_id IS NOT NULL
                   UNION SELECT e.seq, l.entity_id FROM new_events e JOIN entity_links l ON l.application_number = e.application_number
                   UNION SELECT e.seq, l.entity_id FROM new_events e JOIN entity_links l ON l.patent_number = e.patent_number) x
                 WHERE EXISTS (SELECT 1 FROM monitor_targets t WHERE t.kind = 'entity')),
               concerns AS (
                 SELECT seq, 'application' AS kind, application_number AS value FROM new_events WHERE application_number IS NOT NULL
                 UNION ALL SELECT seq, 'patent', patent_number FROM new_events WHERE patent_number IS NOT NULL
                 UNION ALL SELECT seq, 'entity', entity_id FROM event_entities
                 UNION ALL SELECT ee.seq, 'entity', f.family_id FROM event_entities ee JOIN family_members f ON f.entity_id = ee.entity_id)
               INSERT INTO webhook_deliveries (delivery_id, monitor_id, org_id, event_id, event_seq, next_attempt_at, created_at)
               SELECT DISTINCT ON (m.monitor_id, e.seq)
                      'dlv_' || substr(md5(m.monitor_id || ' ' || e.event_id), 1, 24), m.monitor_id, m.org_id, e.event_id, e.seq, now(), now()
               FROM concerns c
               JOIN monitor_targets t ON t.kind = c.kind AND t.value = c.value
               JOIN monitors m ON m.monitor_id = t.monitor_id AND m.status = 'active'
               -- coverage_since (the monitor's creation) is exact: an event detected before it is not the monitor's.
               JOIN new_events e ON e.seq = c.seq AND e.event_type = ANY (m.events) AND e.detected_at >= m.created_at
               -- The id is the pair's hash: an event reaches a monitor once.
               ON CONFLICT (delivery_id) DO NOTHING`,
    [fromSeq, toSeq],
  );
}

export interface FeedEvent {
  seq: number;
  event_id: string;
  event_type: string;
  occurred_on: string | null;
  detected_at: Date;
  application_number: string | null;
  patent_number: string | null;
  entity_id: string | null;
  detail: Record<string, unknown>;
}

/** The feed in commit order: events after `afterSeq` (0 for the start), oldest first. */
export async function listEventsAfter(db: Queryable, afterSeq: number, limit: number): Promise<FeedEvent[]> {
  const { rows } = await db.query<FeedEvent>(
    /* SQL */ `SELECT seq, event_id, event_type, occurred_on, detected_at, application_number, patent_number, entity_id, detail
               FROM events WHERE seq > $1 ORDER BY seq LIMIT $2`,
    [afterSeq, limit],
  );
  return rows;
}
