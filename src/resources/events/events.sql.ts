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

/**
 * `detected_at` is when a batch started and `seq` when it committed, so they disagree only
 * within one transaction's life. Any transaction that records events ends within this margin
 * (the longest, a whole weekly fee file, takes minutes), so an event detected this long before
 * `since` committed before every event detected since: its seq bounds theirs from below, and
 * the page is read in seq order from there (an index range, not a scan of the whole feed).
 */
const SINCE_MARGIN = '6 hours';

/** What an event must be besides its target: after the cursor, detected since, of the types asked. */
const COMMON = /* SQL */ `e.seq > $1
  AND ($6::timestamptz IS NULL OR e.seq > coalesce((
        SELECT d.seq FROM events d WHERE d.detected_at < $6::timestamptz - interval '${SINCE_MARGIN}'
        ORDER BY d.detected_at DESC LIMIT 1), 0))
  AND ($6::timestamptz IS NULL OR e.detected_at >= $6)
  AND ($2::text[] IS NULL OR e.event_type = ANY($2))`;

/**
 * One branch per kind of target asked for, each the first page of its own index in seq order (an
 * OR of them would be read from the whole feed in seq order, filtered: seconds for a rare
 * application); the page is the first `limit` of their union.
 */
const TARGETS = {
  applications: /* SQL */ `e.application_number = ANY($3)`,
  patents: /* SQL */ `e.patent_number = ANY($4)`,
  entities: /* SQL */ `e.entity_id = ANY($5)`,
  entityApplications: /* SQL */ `e.application_number IN (SELECT l.application_number FROM entity_links l WHERE l.entity_id = ANY($5))`,
  entityPatents: /* SQL */ `e.patent_number IN (SELECT l.patent_number FROM entity_links l WHERE l.entity_id = ANY($5) AND l.patent_number IS NOT NULL)`,
  none: /* SQL */ `true`,
} as const;

export async function findFeedPage(db: Queryable, filter: FeedFilter): Promise<FeedEvent[]> {
  const targets: (keyof typeof TARGETS)[] = [];
  if (filter.applicationNumbers) targets.push('applications');
  if (filter.patentNumbers) targets.push('patents');
  if (filter.entityIds) targets.push('entities', 'entityApplications', 'entityPatents');
  if (targets.length === 0) targets.push('none');
  const branches = targets.map((t) => `(SELECT e.seq FROM events e WHERE ${TARGETS[t]} AND ${COMMON} ORDER BY e.seq LIMIT $7)`);
  const { rows } = await db.query<FeedEvent>(
    // The CTE only declares the parameters' types: a branch that is not asked for leaves its own unused.
    /* SQL */ `WITH typed AS (SELECT $3::text[], $4::text[], $5::text[])
               SELECT e.seq, e.event_id, e.event_type, e.occurred_on::text, e.detected_at, e.application_number, e.patent_number,
                      e.entity_id, e.detail
               FROM events e WHERE e.seq IN (${branches.join(' UNION ')})
               ORDER BY e.seq
               LIMIT $7`,
    [filter.afterSeq, filter.types, filter.applicationNumbers, filter.patentNumbers, filter.entityIds, filter.since, filter.limit],
  );
  return rows;
}
