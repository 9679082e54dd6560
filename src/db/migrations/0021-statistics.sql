-- Why: examiner and art-unit statistics (spec §2) are computed nightly over the whole
-- corpus, set-based. The night's facts per application (bucket, first action, disposal, office
-- actions, RCEs, appeals) are written once and every statistic aggregates them; each table is
-- replaced inside one transaction, so a reader sees the previous night or the new one, never half.
-- Entity statistics are cached per entity until the next night.
-- Rolling deploys: new tables only; they are empty until the first `statistics refresh`.

CREATE TABLE statistics_application_facts (
  application_number text PRIMARY KEY,
  examiner_key text,
  examiner_name text,
  art_unit text,
  filing_date date,
  bucket text NOT NULL CHECK (bucket IN ('pending', 'granted', 'abandoned', 'other')),
  disposed_on date,
  first_action_on date,
  office_actions integer NOT NULL,
  rces integer NOT NULL,
  appealed boolean NOT NULL
);

-- One row per examiner (by examiner_key, the name with case, dots and spacing ignored) and per art unit.
CREATE TABLE examiner_statistics (
  examiner_key text PRIMARY KEY,
  examiner_name text NOT NULL,
  pending integer NOT NULL,
  granted integer NOT NULL,
  abandoned integer NOT NULL,
  other integer NOT NULL,
  disposed integer NOT NULL,
  first_actions integer NOT NULL,
  median_days_to_first_action double precision,
  median_days_to_disposal double precision,
  office_actions_of_disposed integer NOT NULL,
  with_rce integer NOT NULL,
  with_appeal integer NOT NULL,
  art_units jsonb NOT NULL,
  filing_date_from date,
  filing_date_to date
);

CREATE TABLE art_unit_statistics (
  art_unit text PRIMARY KEY,
  pending integer NOT NULL,
  granted integer NOT NULL,
  abandoned integer NOT NULL,
  other integer NOT NULL,
  disposed integer NOT NULL,
  first_actions integer NOT NULL,
  median_days_to_first_action double precision,
  median_days_to_disposal double precision,
  office_actions_of_disposed integer NOT NULL,
  with_rce integer NOT NULL,
  with_appeal integer NOT NULL,
  examiners integer NOT NULL,
  filing_date_from date,
  filing_date_to date
);

-- The night the tables above hold.
CREATE TABLE statistics_state (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  computed_at timestamptz NOT NULL,
  applications integer NOT NULL
);

-- An entity's statistics as last computed, good until the next night: large entities are
-- computed by the nightly run, others on their first request within a time budget. An entity
-- whose computation ran out of time waits in the queue for the next night.
CREATE TABLE entity_statistics (
  entity_id text PRIMARY KEY,
  stats jsonb NOT NULL,
  computed_at timestamptz NOT NULL
);

CREATE TABLE entity_statistics_queue (
  entity_id text PRIMARY KEY,
  queued_at timestamptz NOT NULL
);
