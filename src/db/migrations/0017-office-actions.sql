-- Why: office actions, product OA. The Open Data Portal serves three record kinds that
-- join on the office's document identifier (obsoleteDocumentIdentifier): the text of an action
-- (oa_actions), one row per legal ground and claim disposition (oa_rejections) and one row per
-- cited reference (oa_citations). They arrive in any order and days after the mailing, so each
-- is kept as it comes and joined when read:
-- - office_action_documents: one row per action document, made by its text record or by its
--   first rejection row (has_text false until the text arrives). Its code and mail date are what
--   the office-action list matches against the application's mailing transaction.
-- - office_action_rejections and office_action_citations: the office's rows verbatim by the
--   office's row id, so a re-sent row replaces itself and nothing is counted twice.
-- Nothing references applications: actions of an application whose file-wrapper record is not
-- loaded yet are still listed. A citation not tied to a document (applicant-cited listings) is
-- counted as skipped, not stored. Rolling deploys: new tables only.

CREATE TABLE office_action_documents (
  application_number text NOT NULL,
  document_id        text NOT NULL,   -- obsoleteDocumentIdentifier (the IFW document), else the record's id
  document_code      text NOT NULL,   -- legacyDocumentCodeIdentifier: CTNF, CTFR, NOA, PETDEC …
  mailed_date        date NOT NULL,   -- submissionDate: the notification date printed on the action
  has_text           boolean NOT NULL,
  body_text          text,
  text_chars         integer,         -- code points of body_text
  sections           jsonb,           -- [{statute, heading, chars}] of the per-statute rejection texts
  section_texts      text[],          -- their texts, in the same order (read only with include_text)
  section_chars      integer,
  content_hash       text,            -- of the text record; NULL while only rejection rows made the row
  source_product     text NOT NULL,
  source_file_date   date NOT NULL,
  first_seen_at      timestamptz NOT NULL,
  updated_at         timestamptz NOT NULL,
  PRIMARY KEY (application_number, document_id)
);

CREATE TABLE office_action_rejections (
  row_id             text PRIMARY KEY,
  application_number text NOT NULL,
  document_id        text NOT NULL,
  legal_section      text,            -- "101", "102", "103", "112", "nonstatutory double patenting", …; NULL when blank
  paragraph          text,            -- "a", "b", "Non-Statutory-other"; NULL when blank
  action_category    text,            -- rejected, allowed, objected, canceled, withdrawn …; NULL when blank
  claims             integer[] NOT NULL,
  flagged_statutes   text[] NOT NULL, -- the document-level hasRej101/102/103/112 flags, as statutes
  double_patenting   boolean NOT NULL, -- hasRejDP
  content_hash       text NOT NULL,
  source_product     text NOT NULL,
  source_file_date   date NOT NULL,
  updated_at         timestamptz NOT NULL
);
CREATE INDEX office_action_rejections_document ON office_action_rejections (application_number, document_id);

CREATE TABLE office_action_citations (
  row_id             text PRIMARY KEY,
  application_number text NOT NULL,
  document_id        text NOT NULL,
  legal_section      text,
  action_category    text,
  reference          text NOT NULL,   -- parsedReferenceIdentifier, else the printed referenceIdentifier
  examiner_cited     boolean,
  content_hash       text NOT NULL,
  source_product     text NOT NULL,
  source_file_date   date NOT NULL,
  updated_at         timestamptz NOT NULL
);
CREATE INDEX office_action_citations_document ON office_action_citations (application_number, document_id);

-- Action texts are tens of kB each and millions of them load: lz4 compresses them several times
-- faster than the default pglz (what the OA ingest spends most of its server time on). An engine
-- built without lz4 (PGlite) keeps its default.
DO $$
BEGIN
  ALTER TABLE office_action_documents ALTER COLUMN body_text SET COMPRESSION lz4, ALTER COLUMN section_texts SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported OR invalid_parameter_value THEN
  NULL;
END
$$;
