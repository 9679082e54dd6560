import type { FeedEvent } from '../../db/events.sql.js';
import type { EventType } from '../../domain/events.js';

/** An event as every edge shows it (spec §2 "Event"): the feed, a monitor's list, a delivery's body. */
export function eventView(e: Omit<FeedEvent, 'seq'>) {
  return {
    event_id: e.event_id,
    event_type: e.event_type as EventType,
    occurred_on: e.occurred_on,
    detected_at: e.detected_at.toISOString(),
    application_number: e.application_number,
    patent_number: e.patent_number,
    entity_id: e.entity_id,
    detail: e.detail,
  };
}
