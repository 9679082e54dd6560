-- Why: every returned object carries provenance (spec §2: source, as_of, stale). One row per
-- bulk product records the newest file loaded and when; resources read it instead of
-- recomputing freshness from the data tables. Rolling deploys: new table only.

CREATE TABLE product_state (
  product     text PRIMARY KEY,                -- PTFWPRD, PTGRXML, APPXML, PASDL, PTMNFEE2, PTAB, OA …
  file_date   date NOT NULL,                   -- date of the newest file loaded
  file_name   text NOT NULL,
  ingested_at timestamptz NOT NULL             -- when that file finished loading (as_of)
);
