-- Why: calendar programs subscribe to a feed by URL and cannot send headers (DESIGN.md D31), so a
-- calendar feed carries its own credential in its path: a token that reads one saved deadline
-- query of one organization and nothing else. Like an API key, only the token's SHA-256 hash is
-- kept, found by its first 12 characters, and a feed is revoked rather than deleted.
-- The saved query holds a horizon in days instead of dates: a subscribed calendar keeps moving
-- with time (from today to today + horizon_days at every refresh).
-- Rolling deploys: a new table; the previous release neither reads nor writes it.

CREATE TABLE calendar_feeds (
  calendar_id  text PRIMARY KEY,
  org_id       text NOT NULL REFERENCES orgs (org_id),
  name         text NOT NULL,
  prefix       text NOT NULL,                   -- first 12 characters of the token
  token_hash   bytea NOT NULL UNIQUE,           -- SHA-256 of the whole token
  query        jsonb NOT NULL,                  -- one selector, kinds, horizon_days
  alarm_days   integer DEFAULT 7 CHECK (alarm_days BETWEEN 0 AND 90), -- null: no alarm
  created_at   timestamptz NOT NULL DEFAULT now(),
  revoked_at   timestamptz,
  last_used_at timestamptz
);
CREATE INDEX calendar_feeds_active_prefix ON calendar_feeds (prefix) WHERE revoked_at IS NULL;
CREATE INDEX calendar_feeds_active_org ON calendar_feeds (org_id, created_at, calendar_id) WHERE revoked_at IS NULL;
