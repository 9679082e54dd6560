-- Why: a recordation purged by the office, or replaced by a version that no longer names some
-- of its properties, took links with it that incremental entity resolution never saw go: it
-- walks parties not resolved yet, and a deleted party is not one. The entity kept the
-- application in its portfolio and counts until `entities rebuild`. The assignment loader now
-- queues the applications its deleted properties covered (in the transaction that deletes
-- them); resolution relinks each queued application and takes it off the queue in one
-- transaction, so a crash in between relinks it again rather than never.
-- Rolling deploys: a new table; code older than this does not write to it (and keeps the old gap).

CREATE TABLE entity_relink_queue (
  application_number text PRIMARY KEY,
  queued_at timestamptz NOT NULL DEFAULT now()
);
