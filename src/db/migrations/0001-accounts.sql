-- Why: prepaid API-key accounts (spec §3 "Account funding", §5; DESIGN.md D13–D15). An org is
-- one owner e-mail with one shared balance; keys are kept only as SHA-256 hashes, found by their
-- public prefix and compared in constant time. `funded_at` drives the signup state machine:
-- signing up again before the first funding re-mints the key, after it answers 409 org_exists.
-- Rolling deploys: new tables only.

CREATE TABLE orgs (
  org_id        text PRIMARY KEY,
  owner_email   text NOT NULL UNIQUE,          -- trimmed and lower-cased at the edge
  agent_name    text,
  balance_units bigint NOT NULL DEFAULT 0 CHECK (balance_units >= 0),
  funded_at     timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE api_keys (
  key_id     text PRIMARY KEY,
  org_id     text NOT NULL REFERENCES orgs (org_id),
  prefix     text NOT NULL,                    -- first 12 characters, shown in /agent/me
  key_hash   bytea NOT NULL UNIQUE,            -- SHA-256 of the whole key
  name       text,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE INDEX api_keys_active_prefix ON api_keys (prefix) WHERE revoked_at IS NULL;
CREATE INDEX api_keys_active_org ON api_keys (org_id) WHERE revoked_at IS NULL;

-- Every addition to a balance, so a payment or an operator's grant can be traced and a payment
-- processor's retried confirmation (same reference) is applied once.
CREATE TABLE credit_grants (
  grant_id   bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  org_id     text NOT NULL REFERENCES orgs (org_id),
  units      bigint NOT NULL CHECK (units > 0),
  source     text NOT NULL,                    -- admin, demo, stripe
  reference  text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX credit_grants_org ON credit_grants (org_id);
