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
  const { rowCount } = await tx.query(
    /* SQL */ `INSERT INTO events (event_id, event_type, occurred_on, detected_at, application_number, patent_number, entity_id, detail, run_id)
               SELECT e.event_id, e.event_type, e.occurred_on, $2, e.application_number, e.patent_number, e.entity_id, e.detail, $3
               FROM ROWS FROM (json_to_recordset($1::json) AS (event_id text, event_type text, occurred_on date,
                      application_number text, patent_number text, entity_id text, detail jsonb))
                    WITH ORDINALITY AS e(event_id, event_type, occurred_on, application_number, patent_number, entity_id, detail, n)
               -- Within one batch, numbers follow detection order.
               ORDER BY e.n
               ON CONFLICT (event_id) DO NOTHING`,
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
  return rowCount;
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
