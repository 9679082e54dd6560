-- Why: entity resolution (spec §2 "Entity", DESIGN.md D8) turns the printed names of
-- applicants, inventors, assignors and assignees into entities (`ent_`) and the entities of one
-- company into families (`fam_`), and keeps each entity's portfolio for the entity endpoints.
--  * entity_keys: which entity a company key (its normalised name) belongs to. Kept across
--    re-runs and rebuilds so that ids stay stable when a later spelling joins an entity; an
--    abbreviated spelling ("… TECH") or one with a keying error ("HANBIT EECTRONICS") is filed
--    under the entity of the spelling it varies, with less confidence (the trigram index finds
--    the keying errors). People need no row: their id is the hash of name and place.
--  * entities: one row per entity with its shown name and place, its family, and counts kept by
--    the resolver (`counts`, and the search's ranking); searched by prefix and by trigram.
--  * entity_aliases: every spelling printed for an entity.
--  * entity_links: an entity's portfolio, one row per application with its strongest role,
--    carrying the status bucket so that counts and the `status` filter need no other table.
--  * family_edges: what the data says about two entities being one company (a MERGER or CHANGE
--    OF NAME recordation, or a near-identical name at one place); families are their connected
--    groups (family_members). A family's counts are read from its members' links when asked
--    (an application may link to two members: counts do not add up).
--  * entity_id on the parties tables: '' for a party that has no key (nothing left after
--    normalising, a reexamination's requester); NULL until resolved, which is how the next run
--    finds what is new (the partial indexes).
--  * entity_resolution_state: when resolution last changed anything (answer caches key on it).
-- Rolling deploys: new tables, new nullable columns, new indexes.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE entity_keys (
  name_key   text PRIMARY KEY,
  block      text NOT NULL,
  entity_id  text NOT NULL,
  confidence real NOT NULL
);
CREATE INDEX entity_keys_block ON entity_keys (block);
CREATE INDEX entity_keys_trigram ON entity_keys USING gin (name_key gin_trgm_ops);

CREATE TABLE entities (
  entity_id    text PRIMARY KEY,
  type         text NOT NULL CHECK (type IN ('assignee', 'inventor')),
  name         text NOT NULL,
  search_key   text NOT NULL,
  city         text,
  state        text,
  country      text,
  family_id    text,
  applications integer NOT NULL DEFAULT 0,
  patents      integer NOT NULL DEFAULT 0,
  pending      integer NOT NULL DEFAULT 0,
  updated_at   timestamptz NOT NULL
) WITH (fillfactor = 70);  -- counts move with every relink: room on the page keeps those updates HOT (no index writes)
-- Prefix search reads only the index: a short prefix ("SMITH") matches thousands, ranked by portfolio size.
CREATE INDEX entities_search_prefix ON entities (search_key text_pattern_ops) INCLUDE (applications, type, entity_id);
CREATE INDEX entities_search_trigram ON entities USING gin (search_key gin_trgm_ops);
CREATE INDEX entities_family ON entities (family_id) WHERE family_id IS NOT NULL;

CREATE TABLE entity_aliases (
  entity_id text NOT NULL,
  alias     text NOT NULL,
  PRIMARY KEY (entity_id, alias)
);

CREATE TABLE entity_links (
  entity_id          text NOT NULL,
  application_number text NOT NULL,
  role               text NOT NULL CHECK (role IN ('applicant', 'assignee', 'inventor')),
  confidence         real NOT NULL,
  patent_number      text,
  grant_date         date,
  category           text,              -- null: the service does not hold the application
  bucket             text CHECK (bucket IN ('pending', 'granted', 'abandoned', 'other')),
  PRIMARY KEY (entity_id, application_number)
);
CREATE INDEX entity_links_application ON entity_links (application_number);
-- The `status` filter of a portfolio page: the newest of an entity's granted applications may lie far below its newest filings.
CREATE INDEX entity_links_category ON entity_links (entity_id, category, application_number);
-- An entity's patents, newest grant first (a patent known only from a recordation has no grant date: last).
CREATE INDEX entity_links_patents ON entity_links (entity_id, (COALESCE(grant_date, DATE '0001-01-01')) DESC, patent_number DESC)
  WHERE patent_number IS NOT NULL;

CREATE TABLE family_edges (
  entity_from   text NOT NULL,           -- the old name, the company merged in (or either of two near-identical names)
  entity_to     text NOT NULL,           -- the new name, the survivor
  basis         text NOT NULL CHECK (basis IN ('merger', 'change_of_name', 'near_identical_name')),
  confidence    real NOT NULL,
  evidence      text NOT NULL,           -- the recordation's reel/frame, or the two names
  recorded_date date,
  PRIMARY KEY (entity_from, entity_to, basis)
);

CREATE TABLE families (
  family_id  text PRIMARY KEY,
  name       text NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE TABLE family_members (
  entity_id  text PRIMARY KEY,
  family_id  text NOT NULL,
  basis      text NOT NULL,
  confidence real NOT NULL
);
CREATE INDEX family_members_family ON family_members (family_id);

ALTER TABLE application_parties ADD COLUMN entity_id text;
CREATE INDEX application_parties_unresolved ON application_parties (application_number) WHERE entity_id IS NULL;

CREATE INDEX assignment_parties_unresolved ON assignment_parties (reel_frame) WHERE entity_id IS NULL;
CREATE INDEX assignment_parties_entity ON assignment_parties (entity_id) WHERE entity_id IS NOT NULL;

CREATE TABLE entity_resolution_state (
  singleton   boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  resolved_at timestamptz NOT NULL
);
