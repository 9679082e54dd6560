-- Why: crash-safe charging (DESIGN.md D22). Each API process reserves units from an org's row
-- into a lease row of its own and spends them in memory; before this table those units lived only
-- in process memory and a SIGKILL or OOM took them from the customer for good. Now every reserved
-- unit is on disk: a lease records what its holder took (`units_reserved`) and what it has written
-- back as spent (`units_spent`, at least every second). A holder that stops beating is stale, and
-- any live process or the worker returns `units_reserved - units_spent` of its leases to the org,
-- so a crash forgives at most the charges its last unwritten second held, never takes a unit twice.
-- The shown balance is the row plus the unspent units of every lease. `recall_requested_at` lets a
-- process that finds the row empty ask the holders of the org's other leases for their spare units,
-- so a funded org never gets 402 because another process holds its credit.
-- `usage_journal` answers "what did this org spend on": requests and units per org, minute and
-- route (channel `rest`; MCP tools and webhook deliveries later), written in the same statement
-- as the spent units, and folded into daily rows after a while by a worker job.
-- Rolling deploys: new tables only; processes of the previous release keep leases in memory and
-- never see these tables (drain them before mixing releases on one database).

CREATE TABLE credit_holders (
  holder_id    text PRIMARY KEY,                      -- one per process start, random
  description  text NOT NULL,                         -- host and pid, for operators
  started_at   timestamptz NOT NULL DEFAULT now(),
  heartbeat_at timestamptz NOT NULL DEFAULT now()     -- the database's clock, so processes agree
);

CREATE TABLE credit_leases (
  lease_id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- No cascade: a holder row goes only after its leases were returned (the sweeper deletes both).
  holder_id           text NOT NULL REFERENCES credit_holders (holder_id),
  org_id              text NOT NULL REFERENCES orgs (org_id),
  units_reserved      bigint NOT NULL CHECK (units_reserved >= 0),
  units_spent         bigint NOT NULL DEFAULT 0,
  recall_requested_at timestamptz,
  created_at          timestamptz NOT NULL DEFAULT now(),
  UNIQUE (holder_id, org_id),
  CHECK (units_spent >= 0 AND units_spent <= units_reserved)
);
CREATE INDEX credit_leases_org ON credit_leases (org_id);

CREATE TABLE usage_journal (
  org_id       text NOT NULL REFERENCES orgs (org_id),
  period       text NOT NULL CHECK (period IN ('minute', 'day')),
  period_start timestamptz NOT NULL,                  -- UTC minute or UTC day
  channel      text NOT NULL,                         -- rest, mcp, delivery
  what         text NOT NULL,                         -- route (GET /v1/…/:param), tool name, …
  requests     bigint NOT NULL CHECK (requests >= 0),
  units        bigint NOT NULL CHECK (units >= 0),
  PRIMARY KEY (org_id, period, period_start, channel, what)
);
-- The roll-up finds old minute rows by time across all orgs.
CREATE INDEX usage_journal_period ON usage_journal (period, period_start);
