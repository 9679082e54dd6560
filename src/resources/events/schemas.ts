import { Type } from 'typebox';
import { EVENT_TYPES } from '../../domain/events.js';
import { component, Nullable, withProvenance } from '../schemas.js';

const list = (what: string) =>
  Type.Optional(Type.String({ minLength: 1, maxLength: 20_000, description: `${what}, comma-separated (at most 1,000)` }));

export const FeedQuery = Type.Object({
  types: list(`Event types: ${EVENT_TYPES.join(', ')}`),
  application_numbers: list('Application numbers (no thousands separators)'),
  patent_numbers: list('Patent numbers'),
  entity_ids: list('Entity (ent_…) or family (fam_…) ids: their own events and those of the applications and patents linked to them'),
  since: Type.Optional(
    Type.String({
      minLength: 10,
      maxLength: 40,
      description: 'Events detected on or after this ISO 8601 date (its first instant, UTC) or date-time; not a filter on its own',
    }),
  ),
  limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
});

export const EventProperties = {
  event_id: Type.String({ description: 'evt_…: the same event detected again keeps its id (D17)' }),
  event_type: Type.Unsafe<(typeof EVENT_TYPES)[number]>({ type: 'string', enum: [...EVENT_TYPES] }),
  occurred_on: Nullable(Type.String({ format: 'date', description: 'When it happened at the office (the transaction date …)' })),
  detected_at: Type.String({ format: 'date-time', description: 'When the ingest that found it committed' }),
  application_number: Nullable(Type.String()),
  patent_number: Nullable(Type.String()),
  entity_id: Nullable(Type.String()),
  detail: Type.Object(
    {},
    { additionalProperties: true, description: "The type's detail (D17), e.g. {code, description} of a transaction event" },
  ),
};

const Event = component('Event', Type.Object(EventProperties));

export const FeedPage = component(
  'EventFeedPage',
  withProvenance({
    events: Type.Array(Event, { description: 'In the order they were committed, oldest first' }),
    next_cursor: Nullable(
      Type.String({
        description:
          'Where to go on reading: after the last event of this page, or where it started when it found none. Poll it again later for ' +
          'newer events; null only when a first page found none',
      }),
    ),
  }),
);
