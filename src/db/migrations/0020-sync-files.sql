-- Why: `patent-status sync` fetches the Open Data Portal's bulk files itself, so it
-- must remember every file the portal listed per product: what the portal said about it (size and
-- fileLastModifiedDateTime, so a file re-issued under the same name is fetched and loaded again),
-- how far it got (pending → downloaded → ingested; failed with its error and attempts, retried by
-- the next sync; refused when the file is not a loadable file of its product), and the SHA-256 of
-- the bytes it verified. sync_products keeps each product's last successful sync (/health) and a
-- claim, so two syncs of one product (the nightly job and an operator) never share a download.
-- Rolling deploys: new tables only.

CREATE TABLE sync_files (
  product        text NOT NULL,
  file_name      text NOT NULL,
  file_size      bigint NOT NULL,                 -- the portal's fileSize
  file_modified  text,                            -- the portal's fileLastModifiedDateTime, as printed (its format varies)
  status         text NOT NULL CHECK (status IN ('pending', 'downloaded', 'ingested', 'failed', 'refused')),
  attempts       integer NOT NULL DEFAULT 0,      -- downloads and ingests tried since the file (or its version) was first listed
  last_error     text,
  checksum       text,                            -- SHA-256 (hex) of the verified download
  file_date      date,                            -- the date it was loaded under
  ingest_run_id  bigint,                          -- the ingest_runs row that loaded it (no foreign key: runs are pruned)
  first_seen_at  timestamptz NOT NULL DEFAULT now(),
  downloaded_at  timestamptz,
  ingested_at    timestamptz,
  updated_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (product, file_name)
);

CREATE TABLE sync_products (
  product          text PRIMARY KEY,
  last_success_at  timestamptz,                   -- the last sync that ended with every listed file loaded
  last_attempt_at  timestamptz,
  last_error       text,                          -- null after a successful sync
  claimed_by       text,                          -- the sync holding the product, until claimed_until
  claimed_until    timestamptz
);
