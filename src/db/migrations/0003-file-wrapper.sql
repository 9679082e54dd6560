-- Why: the first data product, the ODP patent file wrapper (PTFWPRD daily, PTFWPRE backfile):
-- one row per application with its current status, its prosecution transactions, the
-- continuity links the office reports, the events detected between loads, and one ingest_runs
-- row per file loaded. Every application-scoped table is keyed by application_number first
-- (DESIGN.md §3: distributable by that column). `content_hash` lets a re-ingest of an unchanged
-- record skip all writes, so loading the same file twice changes nothing.
-- Rolling deploys: new tables only.

CREATE TABLE applications (
  application_number    text PRIMARY KEY,
  filing_date           date,
  effective_filing_date date,
  application_type      text,
  status_code           integer,
  status_description    text,
  status_date           date,
  patent_number         text,
  grant_date            date,
  publication_number    text,                  -- printed form of the earliest publication
  publication_key       text,                  -- year + serial (11 digits) for bare lookups
  publication_date      date,
  title                 text,
  applicant_name        text,
  examiner_name         text,
  examiner_key          text,                  -- normalized match key of examiner_name
  art_unit              text,
  entity_status         text,
  customer_number       text,
  docket_number         text,
  first_inventor_to_file boolean,
  cpc                   text[] NOT NULL DEFAULT '{}',
  pta_days              integer,
  -- Written at ingest so a lookup is one primary-key read (no aggregation per request).
  transaction_count     integer NOT NULL DEFAULT 0,
  office_action_count   integer NOT NULL DEFAULT 0,
  links                 jsonb NOT NULL DEFAULT '[]',  -- the continuity rows below, as served
  source_product        text NOT NULL,
  source_file_date      date NOT NULL,
  content_hash          text NOT NULL,
  first_seen_at         timestamptz NOT NULL,
  updated_at            timestamptz NOT NULL
);
CREATE INDEX applications_patent_number ON applications (patent_number) WHERE patent_number IS NOT NULL;
CREATE INDEX applications_publication_key ON applications (publication_key) WHERE publication_key IS NOT NULL;

-- seq counts from the oldest transaction (0) so that "newest first" is (date DESC, seq DESC)
-- and same-day duplicates, which are real, keep their order.
CREATE TABLE transactions (
  application_number text NOT NULL,
  seq                integer NOT NULL,
  date               date NOT NULL,
  code               text NOT NULL,
  description        text NOT NULL,
  event_type         text,
  PRIMARY KEY (application_number, seq)
);
CREATE INDEX transactions_newest ON transactions (application_number, date DESC, seq DESC);

-- Links as the reporting application lists them: the office sends whole chains, so a parent
-- entry's child may be another application of the chain (a grandparent link).
CREATE TABLE continuity (
  application_number       text NOT NULL,     -- the record that reported the link
  direction                text NOT NULL CHECK (direction IN ('parent', 'child')),
  seq                      integer NOT NULL,
  parent_number            text NOT NULL,
  child_number             text NOT NULL,
  relationship             text,
  relationship_description text,
  filing_date              date,              -- of the other application of the link
  status_code              integer,
  status_description       text,
  patent_number            text,
  PRIMARY KEY (application_number, direction, seq)
);

CREATE TABLE ingest_runs (
  run_id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  product        text NOT NULL,
  file_name      text NOT NULL,
  file_date      date NOT NULL,
  started_at     timestamptz NOT NULL,
  finished_at    timestamptz,
  outcome        text NOT NULL CHECK (outcome IN ('running', 'succeeded', 'failed')),
  records_read   integer NOT NULL DEFAULT 0,
  inserted       integer NOT NULL DEFAULT 0,
  updated        integer NOT NULL DEFAULT 0,
  unchanged      integer NOT NULL DEFAULT 0,
  rejected       integer NOT NULL DEFAULT 0,
  events         integer NOT NULL DEFAULT 0,
  rejects        jsonb NOT NULL DEFAULT '{}',   -- {reasons: {reason: count}, examples: [...]}
  error          text
);
CREATE INDEX ingest_runs_product ON ingest_runs (product, started_at DESC);

-- Event ids hash (type, target, date, discriminator) (DESIGN.md D17): a re-ingest cannot
-- create a second copy of an event.
CREATE TABLE events (
  event_id           text PRIMARY KEY,
  event_type         text NOT NULL,
  occurred_on        date,
  detected_at        timestamptz NOT NULL,
  application_number text,
  patent_number      text,
  entity_id          text,
  detail             jsonb NOT NULL DEFAULT '{}',
  run_id             bigint REFERENCES ingest_runs (run_id)
);
CREATE INDEX events_detected ON events (detected_at, event_id);
CREATE INDEX events_application ON events (application_number, detected_at);
