-- Why: the event feed (and webhook deliveries) page events by a cursor, and DESIGN.md D24 asks
-- that no concurrent ingest can make a reader skip an event. Neither `detected_at` nor a plain
-- sequence default does that: two batches take numbers 7 and 8, 8 commits first, a reader
-- pages past 8, then 7 becomes visible behind its cursor and is never read. Our choice: a
-- commit-ordered `seq`. Every writer of events (db/events.sql.ts `insertEvents`, the only one)
-- takes a transaction-level advisory lock right before it inserts, as the last statement of
-- its transaction; the lock is released at commit, after the rows became visible. So numbers
-- are drawn in commit order: while 7 is uncommitted nobody can draw 8, and a reader that has
-- seen N has seen everything below N. The lock is held only from the insert to the commit of
-- one batch (milliseconds), and only by batches that detected something. Considered and not
-- chosen: an outbox whose rows a single publisher numbers later (one more moving part, and
-- the feed would lag by the publisher's period). Gaps in `seq` (a conflicting id draws a
-- number it never uses, a rolled-back batch too) are harmless: readers ask for seq > cursor.
-- Existing events are numbered in detection order.
--
-- Also: every column has one owning product (DESIGN.md §4). The Application's `counts`
-- assignments and ptab_proceedings are fed by the assignment and PTAB products, so they get
-- columns of their own that the file-wrapper upsert never names (office_action_count stays the
-- file wrapper's: it counts the mailed actions of its transaction list).
-- Rolling deploys: new columns with defaults; old code inserting events draws `seq` from the
-- default without the lock (the old order guarantee, no worse), new code takes the lock.

CREATE SEQUENCE events_seq AS bigint;

ALTER TABLE events ADD COLUMN seq bigint;

WITH ordered AS (
  SELECT event_id, row_number() OVER (ORDER BY detected_at, event_id) AS n FROM events
)
UPDATE events e SET seq = ordered.n FROM ordered WHERE ordered.event_id = e.event_id;

SELECT setval('events_seq', COALESCE((SELECT max(seq) FROM events), 0) + 1, false);

ALTER TABLE events
  ALTER COLUMN seq SET DEFAULT nextval('events_seq'),
  ALTER COLUMN seq SET NOT NULL;
ALTER SEQUENCE events_seq OWNED BY events.seq;

CREATE UNIQUE INDEX events_seq_order ON events (seq);

ALTER TABLE applications
  ADD COLUMN assignment_count integer NOT NULL DEFAULT 0,       -- owned by the assignment products (PASDL, PASYR)
  ADD COLUMN ptab_proceeding_count integer NOT NULL DEFAULT 0;  -- owned by the PTAB product
