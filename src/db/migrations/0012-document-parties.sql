-- Why: entity resolution reads every name printed on the weekly full text too: a grant
-- or publication names its applicants, inventors and assignees at issue, which the file wrapper
-- may not carry (a grant whose application the service does not hold; the assignee at issue,
-- which the file wrapper never lists). One row per party as printed, with its name parts and
-- address (XML-FORMATS.md §7), keyed by document, role and seq (counted within the role in
-- document order; the office's own `sequence` attribute changes format by year). A document's
-- parties are replaced whole when the document is written, like its citations; the foreign key
-- cascades so a document never outlives its parties. application_number repeats the document's
-- (documents.application_number) so resolution can join a grant's and a publication's parties to
-- the application without reading documents. entity_id is NULL until resolution has run (the
-- partial index is how the next run finds what is new).
-- Rolling deploys: a new table only. The document's content hash now covers its parties, so the
-- next load of a weekly file rewrites each of its documents once, which fills this table for
-- documents loaded before it existed; a loader of the previous version writes no parties and
-- leaves the ones stored alone.

CREATE TABLE document_parties (
  doc_number         text NOT NULL REFERENCES documents (doc_number) ON DELETE CASCADE,
  application_number text,              -- the document's application (documents.application_number)
  role               text NOT NULL CHECK (role IN ('applicant', 'inventor', 'assignee')),
  seq                integer NOT NULL,
  name               text NOT NULL,     -- the organisation as printed, else "First Middle Last"
  last_name          text,
  first_name         text,              -- as printed: may hold a middle name or initial
  middle_name        text,
  city               text,
  region             text,              -- `state` as printed
  country            text,              -- `country` code as printed
  entity_id          text,              -- filled by entity resolution; NULL until then
  PRIMARY KEY (doc_number, role, seq)
);
CREATE INDEX document_parties_unresolved ON document_parties (doc_number) WHERE entity_id IS NULL;
CREATE INDEX document_parties_application ON document_parties (application_number) WHERE application_number IS NOT NULL;
