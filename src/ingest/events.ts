import { createHash } from 'node:crypto';
import type { Queryable } from '../db/database.js';

export interface DetectedEvent {
  eventId: string;
  eventType: string;
  occurredOn: string | null;
  applicationNumber: string | null;
  patentNumber: string | null;
  entityId: string | null;
  detail: Record<string, unknown>;
}

/** DESIGN.md D17: `evt_` + a hash of (type, target, date, discriminator), so a re-ingest cannot duplicate an event. */
export function eventId(type: string, target: string, date: string | null, discriminator: string): string {
  return `evt_${createHash('sha256')
    .update(`${type}\u0000${target}\u0000${date ?? ''}\u0000${discriminator}`)
    .digest('hex')
    .slice(0, 24)}`;
}

/** Inserts events detected by one batch; an event already recorded (same id) is left as it was. */
export async function insertEvents(db: Queryable, events: DetectedEvent[], detectedAt: Date, runId: number): Promise<number> {
  if (events.length === 0) return 0;
  const { rowCount } = await db.query(
    /* SQL */ `INSERT INTO events (event_id, event_type, occurred_on, detected_at, application_number, patent_number, entity_id, detail, run_id)
               SELECT e.event_id, e.event_type, e.occurred_on, $2, e.application_number, e.patent_number, e.entity_id, e.detail, $3
               FROM json_to_recordset($1::json) AS e(event_id text, event_type text, occurred_on date, application_number text,
                                                     patent_number text, entity_id text, detail jsonb)
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
