-- Why: the office prints an application's recordations twice: in the assignment files (PASDL,
-- PASYR: assignments and its children) and in the application's file wrapper record
-- (`assignmentBag`), which the loader threw away. An application whose recordations only the file
-- wrapper carried had "no recordation" and no current owner. These tables keep the file wrapper's
-- copy; every assignment answer joins the two by reel/frame, the assignment files' copy served
-- where both have it (domain/evidence.ts, rule `recordations`).
--  * file_wrapper_recordations: one row per (application, reel/frame) of its bag. Like
--    transactions, an application's bag is replaced whole when its record changes (a partial
--    /assignment answer replaces only this), keyed by application_number first with no foreign key.
--    The provenance columns name the file the copy came from (answers name each item's source).
--  * file_wrapper_recordation_parties: assignors and assignees of those copies, seq counting within
--    the application's bag and role (the key entity resolution writes entity ids back by, as for
--    application_parties); normalized_name for the assignee prefix search.
--  * applications.recordations_loaded: whether the application's bag was ever stored. A recordation
--    new to a stored bag is an `assignment` event; the first bag stored for an application held
--    before this migration is its history, not news (the first sight of an application yields no
--    transaction events either).
-- Rolling deploys: new tables and a column with a default. The record's content hash now covers
-- the bag, so the next load of a file rewrites each full record once, which fills these tables for
-- applications loaded before them.

CREATE TABLE file_wrapper_recordations (
  application_number text NOT NULL,
  reel_frame         text NOT NULL,
  recorded_date      date NOT NULL,
  page_count         integer,
  conveyance_text    text NOT NULL,
  conveyance_type    text NOT NULL CHECK (conveyance_type IN ('assignment', 'security_interest', 'release', 'merger',
                                                               'change_of_name', 'license', 'correction',
                                                               'government_interest', 'other')),
  source_product     text NOT NULL,
  source_file_date   date NOT NULL,
  PRIMARY KEY (application_number, reel_frame)
);

-- A bag-only recordation's properties are the applications whose bags print it; the assignee list finds it by reel/frame.
CREATE INDEX file_wrapper_recordations_reel_frame ON file_wrapper_recordations (reel_frame);

CREATE TABLE file_wrapper_recordation_parties (
  application_number text NOT NULL,
  role               text NOT NULL CHECK (role IN ('assignor', 'assignee')),
  seq                integer NOT NULL,
  reel_frame         text NOT NULL,
  name               text NOT NULL,
  normalized_name    text NOT NULL,
  execution_date     date,
  address_lines      text[],
  city               text,
  state              text,
  postcode           text,
  country            text,
  entity_id          text,
  PRIMARY KEY (application_number, role, seq)
);

CREATE INDEX file_wrapper_recordation_parties_unresolved ON file_wrapper_recordation_parties (application_number) WHERE entity_id IS NULL;
CREATE INDEX file_wrapper_recordation_parties_entity ON file_wrapper_recordation_parties (entity_id) WHERE entity_id IS NOT NULL;
CREATE INDEX file_wrapper_recordation_parties_assignee_name ON file_wrapper_recordation_parties (normalized_name text_pattern_ops)
  WHERE role = 'assignee';

ALTER TABLE applications ADD COLUMN recordations_loaded boolean NOT NULL DEFAULT false;
