-- Why: the maintenance-fee product PTMNFEE2 (DESIGN.md §5, DOMAIN-RULES §2). The office
-- ships one cumulative weekly file of every fee event since 1981 (about 14 million fixed-width
-- lines), so the tables mirror it per patent and per event, and a weekly load adds only what is
-- new (staged by COPY, applied set-based: ingest/maintenance-fees/load.sql.ts).
--  * maintenance_fee_patents: one row per patent of the file, with its application and dates as
--    the file gives them, and the owner's current entity status (the file repeats it on every
--    line) with the file date it was first seen at, so the Application can take the newer of it
--    and the file wrapper's when the Application is read (ARCHITECTURE.md says which wins). And a
--    digest of the patent's lines (their count and two sums of per-line hashes: order-free, so
--    a patent whose lines are not together in the file still sums to the same): a weekly reload
--    stages one row per patent, compares digests, and reads the lines of changed patents only.
--  * maintenance_fee_events: one row per (patent, entry date, code); a line repeating a triple
--    is counted as a duplicate in the run's summary, never stored twice.
--  * applications.pta_parts: the file wrapper's patent term adjustment parts (A, B, C delay,
--    overlap, applicant delay, total) so the term calculation can check the office's total
--    against its parts (one real ODP record has A = 142, applicant delay = 15 and a total of 0).
-- Rolling deploys: new tables and nullable columns only; old code ignores them.

CREATE TABLE maintenance_fee_patents (
  patent_number text PRIMARY KEY,
  application_number text NOT NULL,
  entity_status text CHECK (entity_status IN ('small', 'micro', 'undiscounted')),
  entity_status_since date,
  filing_date date NOT NULL,
  grant_date date NOT NULL,
  line_count integer NOT NULL,
  digest_a bigint NOT NULL,
  digest_b bigint NOT NULL,
  source_product text NOT NULL,
  source_file_date date NOT NULL,
  first_seen_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE INDEX maintenance_fee_patents_application ON maintenance_fee_patents (application_number);

CREATE TABLE maintenance_fee_events (
  patent_number text NOT NULL,
  event_date date NOT NULL,
  event_code text NOT NULL,
  source_file_date date NOT NULL,
  PRIMARY KEY (patent_number, event_date, event_code)
);

ALTER TABLE applications ADD COLUMN pta_parts jsonb;

-- The office's code descriptions (MaintFeeEventsDesc_YYYYMMDD.txt), replaced by each Desc file
-- loaded; answers fall back to the built-in table (domain/fee-codes.ts) for a code not in it.
CREATE TABLE maintenance_fee_codes (
  event_code text PRIMARY KEY,
  description text NOT NULL,
  source_file_date date NOT NULL
);

-- Time-driven detectors (ingest/scheduled.ts; the first is maintenance_due) look at what came
-- due since their previous run: each remembers the date it has looked through, so a worker that
-- was down a week catches up on the whole week, and a first run does not replay history.
CREATE TABLE detector_watermarks (
  name text PRIMARY KEY,
  through date NOT NULL,
  updated_at timestamptz NOT NULL
);
