-- Why: monitors (spec §2 "Monitor", §6; DESIGN.md D10, D16) push the events they select to a
-- webhook. A monitor's targets are rows of their own, keyed by what an event names (kind, value),
-- so the statement that records a batch of events finds the monitors they concern through an
-- index, inside the same transaction: a rolled-back ingest leaves no delivery behind.
-- A delivery is one event for one monitor. A worker claims a due one by moving its
-- next_attempt_at past the attempt's time-out, so a killed worker's claim runs out by itself and
-- another worker sends it again; each attempt's outcome is recorded on the row.
-- The secret is kept in clear: it keys the HMAC of every delivery, so it cannot be a hash.
-- Rolling deploys: new tables and an index only.

CREATE TABLE monitors (
  monitor_id text PRIMARY KEY,
  org_id text NOT NULL REFERENCES orgs (org_id),
  targets jsonb NOT NULL,
  events text[] NOT NULL,
  webhook_url text NOT NULL,
  secret text NOT NULL,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'deleted')),
  created_at timestamptz NOT NULL,
  deleted_at timestamptz
);
CREATE INDEX monitors_org_active ON monitors (org_id, created_at, monitor_id) WHERE status = 'active';

-- An entity target's value is an entity or a family id; an event's entities are its own and those
-- linked to its application or patent, with their families.
CREATE TABLE monitor_targets (
  kind text NOT NULL CHECK (kind IN ('application', 'patent', 'entity')),
  value text NOT NULL,
  monitor_id text NOT NULL REFERENCES monitors (monitor_id) ON DELETE CASCADE,
  PRIMARY KEY (kind, value, monitor_id)
);
CREATE INDEX monitor_targets_monitor ON monitor_targets (monitor_id);

-- delivery_id is a hash of (monitor_id, event_id): its key is also what makes an event reach a
-- monitor once, without a second unique index to update on every attempt.
CREATE TABLE webhook_deliveries (
  delivery_id text PRIMARY KEY,
  monitor_id text NOT NULL REFERENCES monitors (monitor_id),
  org_id text NOT NULL,
  event_id text NOT NULL,
  event_seq bigint NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed', 'cancelled')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  last_status integer,
  last_error text,
  delivered_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_monitor ON webhook_deliveries (monitor_id, event_seq DESC);

-- A patent-only event (a maintenance lapse) reaches the entities linked to that patent.
CREATE INDEX entity_links_patent_number ON entity_links (patent_number) WHERE patent_number IS NOT NULL;
