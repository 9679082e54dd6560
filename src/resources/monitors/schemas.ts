import { Type } from 'typebox';
import { EVENT_TYPES } from '../../domain/events.js';
import { EventProperties } from '../events/schemas.js';
import { component, Nullable } from '../schemas.js';

const EventTypeName = Type.Unsafe<(typeof EVENT_TYPES)[number]>({ type: 'string', enum: [...EVENT_TYPES] });

const Targets = Type.Object(
  {
    application_numbers: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 40 }), { maxItems: 1000, description: 'At most 1,000' }),
    ),
    patent_numbers: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 40 }), { maxItems: 1000, description: 'At most 1,000' }),
    ),
    entity_ids: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 40 }), {
        maxItems: 100,
        description: 'At most 100 entity (ent_…) or family (fam_…) ids: also the applications and patents linked to them later',
      }),
    ),
  },
  { additionalProperties: false },
);

/** The body of a monitor's creation; also the arguments of the MCP tool `create_monitor`. */
export const MonitorInputFields = Type.Object(
  {
    targets: Targets,
    events: Type.Optional(
      Type.Array(EventTypeName, { minItems: 1, maxItems: EVENT_TYPES.length * 2, description: 'Event types to deliver; default all' }),
    ),
    webhook_url: Type.String({
      minLength: 1,
      maxLength: 2083,
      format: 'uri',
      description: 'https only; public addresses only (private, loopback, link-local, reserved and documentation targets are refused)',
    }),
    secret: Type.Optional(
      Nullable(Type.String({ minLength: 16, maxLength: 128, description: 'Signs every delivery; generated when null or absent' })),
    ),
  },
  { additionalProperties: false },
);
export const MonitorInput = component('MonitorInput', MonitorInputFields);

const MonitorRecordProperties = {
  monitor_id: Type.String(),
  targets: Type.Object({
    application_numbers: Type.Array(Type.String()),
    patent_numbers: Type.Array(Type.String()),
    entity_ids: Type.Array(Type.String()),
  }),
  events: Type.Array(EventTypeName),
  webhook_url: Type.String(),
  status: Type.Unsafe<'active'>({ type: 'string', enum: ['active'], description: 'A deleted monitor is gone from every answer' }),
  created_at: Type.String({ format: 'date-time' }),
  coverage_since: Type.String({ format: 'date-time', description: 'Events detected from this time on; nothing earlier exists for it' }),
  deliveries: Type.Object({ delivered: Type.Integer(), failed: Type.Integer(), pending: Type.Integer() }),
};

const Monitor = component('Monitor', Type.Object(MonitorRecordProperties));

export const CreatedMonitor = component(
  'CreatedMonitor',
  Type.Object({
    ...MonitorRecordProperties,
    secret: Type.String({ description: 'Shown this once: verify X-Signature with it' }),
  }),
);

export const MonitorList = component('MonitorList', Type.Object({ count: Type.Integer(), monitors: Type.Array(Monitor) }));

export const MonitorParams = Type.Object({ monitor_id: Type.String({ minLength: 1, maxLength: 64 }) });

export const MonitorEventsQuery = Type.Object({
  since: Type.Optional(
    Type.String({ minLength: 10, maxLength: 40, description: 'Events detected on or after this ISO 8601 date or date-time' }),
  ),
  limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
});

export const MonitorEvents = component(
  'MonitorEvents',
  Type.Object({
    monitor_id: Type.String(),
    count: Type.Integer({ description: 'Events in this answer' }),
    coverage_since: Type.String({ format: 'date-time' }),
    events: Type.Array(
      Type.Object({
        ...EventProperties,
        attempts: Type.Integer({ description: 'Attempts made so far' }),
        last_status: Nullable(Type.Integer({ description: "The receiver's HTTP status at the last attempt; null when none answered" })),
        delivered_at: Nullable(Type.String({ format: 'date-time' })),
      }),
      { description: 'Newest first' },
    ),
  }),
);
