/**
 * The event feed (spec §4 "Events feed", D24): events in commit order (`seq`) after a cursor,
 * filtered by type, application, patent and entity. An entity's events are its own and those of
 * the applications and patents linked to it now (entity_links), so applications linked later
 * bring their events along.
 */
import type { Queryable } from '../../db/database.js';
import type { FeedEvent } from '../../db/events.sql.js';

export interface FeedFilter {
  types: string[] | null;
  applicationNumbers: string[] | null;
  patentNumbers: string[] | null;
  entityIds: string[] | null;
  since: Date | null;
  afterSeq: number;
  limit: number;
}

export async function findFeedPage(db: Queryable, filter: FeedFilter): Promise<FeedEvent[]> {
  const { rows } = await db.query<FeedEvent>(
    /* SQL */ `SELECT e.seq, e.event_id, e.event_type, e.occurred_on::text, e.detected_at, e.application_number, e.patent_number,
                      e.entity_id, e.detail
               FROM events e
               WHERE e.seq > $1
                 AND ($2::text[] IS NULL OR e.event_type = ANY($2))
                 AND ($6::timestamptz IS NULL OR e.detected_at >= $6)
                 AND (($3::text[] IS NULL AND $4::text[] IS NULL AND $5::text[] IS NULL)
                      OR e.application_number = ANY($3)
                      OR e.patent_number = ANY($4)
                      OR e.entity_id = ANY($5)
                      OR e.application_number IN (SELECT l.application_number FROM entity_links l WHERE l.entity_id = ANY($5))
                      OR e.patent_number IN (SELECT l.patent_number FROM entity_links l
                                             WHERE l.entity_id = ANY($5) AND l.patent_number IS NOT NULL))
               ORDER BY e.seq
               LIMIT $7`,
    [filter.afterSeq, filter.types, filter.applicationNumbers, filter.patentNumbers, filter.entityIds, filter.since, filter.limit],
  );
  return rows;
}
