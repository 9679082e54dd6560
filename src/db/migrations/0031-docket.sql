-- Why: the docket (GET /v1/deadlines, calendar feeds) lists the open deadlines of whole portfolios
-- at once, thousands of applications, each of whose deadlines reads several products (file wrapper
-- transactions, office-action documents, fee events, the grant's term, continuity). Computed per
-- request that is seconds; so each application's deadlines are computed when its evidence changes
-- and kept in `deadlines`. Triggers on the tables that evidence lives in queue the applications a
-- statement touched, whichever product or path wrote it, so no loader can forget to; the queue is
-- drained after every ingest run, by the worker, and for the applications a request asks for
-- before it reads. A continuity row queues both ends: a provisional is answered by the application
-- that claims it, and a child's term starts at its ancestor's filing date. `docket_state` keeps the
-- rules version and office closures the rows were computed with: when either changes, every
-- application is queued again. Rolling deploys: new tables and triggers; the previous release
-- neither reads nor drains them.

CREATE TABLE deadlines (
  application_number     text NOT NULL,
  key                    text NOT NULL,                 -- stable within the application (a calendar event's UID)
  kind                   text NOT NULL,
  patent_number          text,
  action_type            text,
  fee_window             text,
  due_date               date NOT NULL,
  last_date              date NOT NULL,
  opens                  date,
  extendable             boolean NOT NULL,
  if_missed              text NOT NULL,
  basis                  jsonb NOT NULL,
  source_product         text NOT NULL,
  source_file_date       date,
  earlier_fee_grace_ends date,                          -- an earlier unpaid fee window's last day (domain/docket.ts)
  fee_covered_by_file_wrapper boolean NOT NULL DEFAULT false, -- the file wrapper's transactions also cover its fee events
  PRIMARY KEY (application_number, key)
);

-- A portfolio's docket read by date: one row per deadline and entity linked to its application,
-- the columns a page is chosen by (its other columns are read from `deadlines` for the page's rows
-- alone). Through entity_links a page of a 10,000-application entity probes 10,000 applications
-- (about 60 ms at 1 M applications); here it is one range of one index. Kept by the drain (an
-- application's rows with its deadlines) and by the triggers on entity_links below (a link made or
-- removed by entity resolution).
CREATE TABLE entity_deadlines (
  entity_id              text NOT NULL,
  due_date               date NOT NULL,
  application_number     text NOT NULL,
  key                    text NOT NULL,
  last_date              date NOT NULL,
  kind                   text NOT NULL,
  earlier_fee_grace_ends date,
  fee_covered_by_file_wrapper boolean NOT NULL,
  PRIMARY KEY (entity_id, due_date, application_number, key)
);
CREATE INDEX entity_deadlines_application ON entity_deadlines (application_number);

CREATE SEQUENCE deadline_queue_seq;

CREATE TABLE deadline_queue (
  application_number text PRIMARY KEY,
  queued_seq         bigint NOT NULL                    -- a new number each time it is queued: a drain removes only what it computed
);

CREATE TABLE docket_state (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  rules     text NOT NULL,                              -- the rules version and the office closures the rows were computed with
  closures  date[] NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Statement triggers with transition tables: one insert per statement, whatever its row count
-- (a COPY of a batch queues its applications in one statement).
CREATE FUNCTION queue_deadlines_of_applications() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO deadline_queue (application_number, queued_seq)
  SELECT application_number, nextval('deadline_queue_seq')
  FROM (SELECT DISTINCT application_number FROM changed WHERE application_number IS NOT NULL) AS touched
  ORDER BY application_number
  ON CONFLICT (application_number) DO UPDATE SET queued_seq = EXCLUDED.queued_seq;
  RETURN NULL;
END
$$;

CREATE FUNCTION queue_deadlines_of_grants() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO deadline_queue (application_number, queued_seq)
  SELECT application_number, nextval('deadline_queue_seq')
  FROM (SELECT DISTINCT application_number FROM changed WHERE doc_type = 'grant' AND application_number IS NOT NULL) AS touched
  ON CONFLICT (application_number) DO UPDATE SET queued_seq = EXCLUDED.queued_seq;
  RETURN NULL;
END
$$;

CREATE FUNCTION queue_deadlines_of_continuity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO deadline_queue (application_number, queued_seq)
  SELECT application_number, nextval('deadline_queue_seq')
  FROM (SELECT parent_number AS application_number FROM changed UNION SELECT child_number FROM changed) AS touched
  ON CONFLICT (application_number) DO UPDATE SET queued_seq = EXCLUDED.queued_seq;
  RETURN NULL;
END
$$;

-- Transition tables take one event per trigger, hence three each.
CREATE TRIGGER applications_queue_deadlines_insert AFTER INSERT ON applications
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION queue_deadlines_of_applications();
CREATE TRIGGER applications_queue_deadlines_update AFTER UPDATE ON applications
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION queue_deadlines_of_applications();
CREATE TRIGGER applications_queue_deadlines_delete AFTER DELETE ON applications
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION queue_deadlines_of_applications();

CREATE TRIGGER office_action_documents_queue_deadlines_insert AFTER INSERT ON office_action_documents
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION queue_deadlines_of_applications();
CREATE TRIGGER office_action_documents_queue_deadlines_update AFTER UPDATE ON office_action_documents
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION queue_deadlines_of_applications();
CREATE TRIGGER office_action_documents_queue_deadlines_delete AFTER DELETE ON office_action_documents
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION queue_deadlines_of_applications();

CREATE TRIGGER maintenance_fee_patents_queue_deadlines_insert AFTER INSERT ON maintenance_fee_patents
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION queue_deadlines_of_applications();
CREATE TRIGGER maintenance_fee_patents_queue_deadlines_update AFTER UPDATE ON maintenance_fee_patents
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION queue_deadlines_of_applications();
CREATE TRIGGER maintenance_fee_patents_queue_deadlines_delete AFTER DELETE ON maintenance_fee_patents
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION queue_deadlines_of_applications();

CREATE TRIGGER documents_queue_deadlines_insert AFTER INSERT ON documents
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION queue_deadlines_of_grants();
CREATE TRIGGER documents_queue_deadlines_update AFTER UPDATE ON documents
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION queue_deadlines_of_grants();
CREATE TRIGGER documents_queue_deadlines_delete AFTER DELETE ON documents
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION queue_deadlines_of_grants();

CREATE TRIGGER continuity_queue_deadlines_insert AFTER INSERT ON continuity
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION queue_deadlines_of_continuity();
CREATE TRIGGER continuity_queue_deadlines_delete AFTER DELETE ON continuity
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION queue_deadlines_of_continuity();

-- Entity resolution replaces an application's links (delete, then insert): an entity's docket
-- rows follow each link as it goes and comes, from the application's kept deadlines.
CREATE FUNCTION entity_deadlines_of_new_links() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The docket's write lock (facts/docket.sql.ts): a drain replacing these applications' rows commits first.
  PERFORM pg_advisory_xact_lock(6204117);
  INSERT INTO entity_deadlines (entity_id, due_date, application_number, key, last_date, kind, earlier_fee_grace_ends,
                                fee_covered_by_file_wrapper)
  SELECT n.entity_id, d.due_date, d.application_number, d.key, d.last_date, d.kind, d.earlier_fee_grace_ends, d.fee_covered_by_file_wrapper
  FROM (SELECT DISTINCT entity_id, application_number FROM changed) AS n JOIN deadlines d USING (application_number)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;

CREATE FUNCTION entity_deadlines_of_gone_links() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(6204117);
  DELETE FROM entity_deadlines e
  USING (SELECT DISTINCT entity_id, application_number FROM changed) AS o
  WHERE e.entity_id = o.entity_id AND e.application_number = o.application_number
    AND NOT EXISTS (SELECT 1 FROM entity_links l WHERE l.entity_id = o.entity_id AND l.application_number = o.application_number);
  RETURN NULL;
END
$$;

CREATE TRIGGER entity_links_deadlines_insert AFTER INSERT ON entity_links
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION entity_deadlines_of_new_links();
CREATE TRIGGER entity_links_deadlines_delete AFTER DELETE ON entity_links
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION entity_deadlines_of_gone_links();

-- A provisional is answered once an application claims it: found from the claiming side.
CREATE INDEX continuity_provisional_parent ON continuity (parent_number) WHERE direction = 'parent' AND relationship = 'PRO';
