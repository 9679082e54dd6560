-- Why: PTAB trials. A trial is kept from whichever record names it first — its
-- proceeding, or one of its decisions, which may arrive before it — and merged field by field
-- as later records come: the newest snapshot of the trial (by the office's modification time)
-- decides, and a record that leaves a field out (the reduced bulk downloads) keeps what is
-- stored. Nothing references applications: a trial may challenge a patent not held yet, and the
-- patent number links them when read. `instituted`, `claims_outcome` and `final_decision_date`
-- are derived (domain/ptab.ts) from the status and the decisions each time either changes.
-- Parties are a table of their own for entity resolution (entity_id NULL until resolved, '' for
-- a name that keys to nothing, as in the other party tables) and for the party search, which
-- pages a party's trials by filing date (kept here too). A name fragment is matched against the
-- distinct names (ptab_party_names, trigram index): parties repeat a few hundred spellings across
-- 100,000 trials, and a trigram index over every party row cost ~90 ms for a frequent name (its
-- 20,000 rows rechecked) and a GIN insert per party loaded.
-- Decisions are keyed by the office's document identifier; one sent without its document (the
-- reduced download) by trial, date and kind, replaced when the full copy arrives.
-- Rolling deploys: new tables only.

CREATE TABLE ptab_proceedings (
  trial_number              text PRIMARY KEY,          -- IPR2021-01599
  trial_type                text NOT NULL CHECK (trial_type IN ('IPR', 'PGR', 'CBM', 'DER')),
  patent_number             text,                      -- the challenged patent (bare, as applications.patent_number)
  application_number        text,
  grant_date                date,
  status                    text,                      -- the office's trialStatusCategory, verbatim
  filed_date                date,                      -- petitionFilingDate
  accorded_filing_date      date,
  institution_decision_date date,
  latest_decision_date      date,
  termination_date          date,
  instituted                boolean,
  claims_outcome            text CHECK (claims_outcome IN ('all_unpatentable', 'some_unpatentable', 'none_unpatentable')),
  final_decision_date       date,
  snapshot_at               timestamp,                 -- the office's modification time of the newest snapshot merged
  seen_as_proceeding        boolean NOT NULL DEFAULT false,  -- a proceedings record (not only decisions) has been read
  source_product            text NOT NULL,
  source_file_date          date NOT NULL,
  first_seen_at             timestamptz NOT NULL,
  updated_at                timestamptz NOT NULL
);
CREATE INDEX ptab_proceedings_patent ON ptab_proceedings (patent_number) WHERE patent_number IS NOT NULL;
CREATE INDEX ptab_proceedings_application ON ptab_proceedings (application_number) WHERE application_number IS NOT NULL;
CREATE INDEX ptab_proceedings_filed ON ptab_proceedings (filed_date DESC NULLS LAST, trial_number DESC);
CREATE INDEX ptab_proceedings_status ON ptab_proceedings (lower(status), filed_date DESC NULLS LAST, trial_number DESC);

CREATE TABLE ptab_parties (
  trial_number text NOT NULL,
  role         text NOT NULL CHECK (role IN ('petitioner', 'patent_owner')),
  seq          integer NOT NULL,   -- 1: the office names one real party in interest per side
  name         text NOT NULL,      -- as printed ("Samsung Electronics Co., Ltd. et al.")
  filed_date   date,               -- the trial's, for the party search's order
  entity_id    text,
  PRIMARY KEY (trial_number, role, seq)
);
CREATE INDEX ptab_parties_name ON ptab_parties (role, name, filed_date DESC NULLS LAST, trial_number DESC);
CREATE INDEX ptab_parties_entity ON ptab_parties (entity_id, role, filed_date DESC NULLS LAST, trial_number DESC);
CREATE INDEX ptab_parties_unresolved ON ptab_parties (trial_number) WHERE entity_id IS NULL;

-- Every name a party was printed with, per role; never deleted (a name no trial carries any more matches nothing).
CREATE TABLE ptab_party_names (
  role text NOT NULL,
  name text NOT NULL,
  PRIMARY KEY (role, name)
);
CREATE INDEX ptab_party_names_trigram ON ptab_party_names USING gin (lower(name) gin_trgm_ops);

CREATE TABLE ptab_decisions (
  document_id      text PRIMARY KEY,
  trial_number     text NOT NULL,
  document_number  integer,
  decision_date    date,
  kind             text NOT NULL CHECK (kind IN ('institution_granted', 'institution_denied', 'final_written_decision',
                                                  'termination', 'rehearing', 'appeal_mandate', 'other')),
  outcome          text,            -- the office's outcome category, verbatim
  claims_outcome   text CHECK (claims_outcome IN ('all_unpatentable', 'some_unpatentable', 'none_unpatentable')),
  statutes         text[] NOT NULL,
  issue_types      text[] NOT NULL,
  title            text,
  document_type    text,
  pdf_url          text,
  text             text,            -- as the dataset carries it; NULL when it has none
  text_chars       integer,         -- its length in characters (served without reading the text)
  text_note        text CHECK (text_note IN ('truncated', 'upload_failed')),
  content_hash     text NOT NULL,
  source_product   text NOT NULL,
  source_file_date date NOT NULL,
  first_seen_at    timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL
);
CREATE INDEX ptab_decisions_trial ON ptab_decisions (trial_number, decision_date);
