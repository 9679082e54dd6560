-- Why: the patent assignment products PASDL (daily adYYYYMMDD.xml) and PASYR (annual backfile)
-- (DESIGN.md D5). A recordation is keyed by its reel/frame, the office's own stable
-- reference, so a record re-sent in a later file (the office re-sends records it updates, with a
-- new last-update-date) replaces the stored one, and a purged record (purge indicator Y) is
-- deleted with its parties and properties.
--  * assignments: one row per recordation, the conveyance text verbatim and its normalised type,
--    and a content hash so a re-ingest of the same file writes nothing.
--  * assignment_parties: assignors and assignees in file order, each with its name normalised for
--    prefix search (GET /v1/assignments?assignee=) and, once entity resolution has run, its
--    entity id. Rows, not a JSON column, because resolution updates them one by one.
--  * assignment_properties: the applications, patents and publications a recordation covers,
--    indexed by application and by patent number (the per-application and per-patent lists).
-- Rolling deploys: new tables only.

CREATE TABLE assignments (
  reel_frame text PRIMARY KEY,
  reel integer NOT NULL,
  frame integer NOT NULL,
  recorded_date date NOT NULL,
  last_update_date date,
  page_count integer,
  conveyance_text text NOT NULL,
  conveyance_type text NOT NULL CHECK (conveyance_type IN ('assignment', 'security_interest', 'release', 'merger',
                                                            'change_of_name', 'license', 'correction',
                                                            'government_interest', 'other')),
  correspondent jsonb,
  property_count integer NOT NULL,
  content_hash text NOT NULL,
  source_product text NOT NULL,
  source_file_date date NOT NULL,
  first_seen_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE INDEX assignments_recorded ON assignments (recorded_date DESC, reel_frame DESC);

CREATE TABLE assignment_parties (
  reel_frame text NOT NULL REFERENCES assignments (reel_frame) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('assignor', 'assignee')),
  seq integer NOT NULL,
  name text NOT NULL,
  name_type text CHECK (name_type IN ('natural', 'legal')),
  normalized_name text NOT NULL,
  execution_date date,
  acknowledged_date date,
  address_lines text[],
  city text,
  state text,
  postcode text,
  country text,
  entity_id text,
  PRIMARY KEY (reel_frame, role, seq)
);

CREATE INDEX assignment_parties_assignee_name ON assignment_parties (normalized_name text_pattern_ops) WHERE role = 'assignee';

CREATE TABLE assignment_properties (
  reel_frame text NOT NULL REFERENCES assignments (reel_frame) ON DELETE CASCADE,
  seq integer NOT NULL,
  application_number text,
  patent_number text,
  publication_number text,
  international_registration text,
  filing_date date,
  grant_date date,
  publication_date date,
  title text,
  PRIMARY KEY (reel_frame, seq)
);

CREATE INDEX assignment_properties_application ON assignment_properties (application_number) WHERE application_number IS NOT NULL;
CREATE INDEX assignment_properties_patent ON assignment_properties (patent_number) WHERE patent_number IS NOT NULL;
