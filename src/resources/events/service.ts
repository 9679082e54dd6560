import type { Queryable } from '../../db/database.js';
import { CursorCodec } from '../../domain/cursor.js';
import { AppError } from '../../domain/errors.js';
import { EVENT_TYPES } from '../../domain/events.js';
import { parseApplicationNumber, parsePatentNumber } from '../../domain/numbers.js';
import { PRODUCTS } from '../../domain/products.js';
import type { EntityService } from '../entities/service.js';
import type { ProvenanceService } from '../provenance/service.js';
import { eventView } from './event-view.js';
import { sinceOf } from './since.js';
import * as sql from './events.sql.js';
import { cursorKey } from '../cursor-key.js';
import { listOf, readEntityRef } from '../query-lists.js';

/** The `seq` of the last event read: the feed's commit order (D24), so a reader never misses or repeats one. */
const CURSOR = new CursorCodec('events', { s: { kind: 'integer', min: 0, max: Number.MAX_SAFE_INTEGER } });

export interface FeedQuery {
  types?: string;
  application_numbers?: string;
  patent_numbers?: string;
  entity_ids?: string;
  since?: string;
  limit: number;
  cursor?: string;
}

/** Spec §4 "Events feed": events in the order they were committed, filtered (D12: at least one filter besides `since`). */
export class EventFeedService {
  constructor(
    private readonly db: Queryable,
    private readonly provenance: ProvenanceService,
    private readonly entities: EntityService,
  ) {}

  async page(query: FeedQuery) {
    const types = listOf('types', query.types, (t) => ((EVENT_TYPES as readonly string[]).includes(t) ? t : null), 'an event type');
    const applicationNumbers = listOf('application_numbers', query.application_numbers, parseApplicationNumber, 'an application number');
    const patentNumbers = listOf('patent_numbers', query.patent_numbers, parsePatentNumber, 'a patent number');
    const entityRefs = listOf('entity_ids', query.entity_ids, readEntityRef, 'an entity or family id');
    if (!types && !applicationNumbers && !patentNumbers && !entityRefs)
      throw new AppError(
        'missing_filter',
        'Give at least one of types, application_numbers, patent_numbers or entity_ids; since alone is not a filter.',
      );
    const since = sinceOf(query.since);
    const scope = [types, applicationNumbers, patentNumbers, entityRefs, since?.toISOString() ?? null].map((v) => JSON.stringify(v));
    const key = await cursorKey(this.db);
    const after = CURSOR.decode(key, query.cursor, scope);
    // A family stands for its members; an unknown id is a 404, as everywhere an entity id is taken.
    const entityIds = entityRefs ? [...new Set((await Promise.all(entityRefs.map((id) => this.entities.idsOf(id)))).flat())] : null;
    const rows = await sql.findFeedPage(this.db, {
      types,
      applicationNumbers,
      patentNumbers,
      entityIds,
      since,
      afterSeq: after?.s ?? 0,
      limit: query.limit,
    });
    const last = rows.at(-1);
    return {
      events: rows.map(eventView),
      // Where to go on from: the last event read, or where this page started when it found none. The feed has no end.
      next_cursor: last ? CURSOR.encode(key, scope, { s: Number(last.seq) }) : after ? CURSOR.encode(key, scope, after) : null,
      ...(await this.provenance.ofFamily(PRODUCTS)),
    };
  }
}
