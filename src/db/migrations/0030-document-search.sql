-- Why: a search reads, for every candidate document, its vector, date, classification levels,
-- type, filing date and application; the documents' rows also carry their titles and abstracts
-- (and, at 13 M documents, 32 GB of heap that memory does not hold), so each candidate cost a disk
-- read. Those columns now live in a narrow table of their own, written in the same statement as
-- the document, which is all a search walks; `documents` keeps what an answer shows. The vector
-- and the levels move (documents no longer carry them); the small columns are copied, as a search
-- filters on them. toast_tuple_target 128 moves more of a long row's vector out of line once the
-- row passes PostgreSQL's 2 KB threshold; shorter rows keep theirs inline (bench/README.md, "Search
-- through GIN or RUM": 15 GB of rows at 13 M documents). The words index is GIN here, which every
-- engine has; on a server that offers the `rum` extension, `patent-status search-index rum`
-- (src/db/search-index.ts) rebuilds it as RUM, which keeps the words' positions and answers
-- phrases without the vectors.
-- Rolling deploys: a server still on the old code searches `documents.search`, which is gone: stop
-- the old servers first (README, "Search at scale").

CREATE TABLE document_search (
  doc_number         text PRIMARY KEY REFERENCES documents (doc_number) ON DELETE CASCADE,
  doc_type           text NOT NULL,
  date               date NOT NULL,
  filing_date        date,
  application_number text,
  cpc_levels         text[] NOT NULL DEFAULT '{}',
  search             tsvector NOT NULL
) WITH (toast_tuple_target = 128);

INSERT INTO document_search (doc_number, doc_type, date, filing_date, application_number, cpc_levels, search)
SELECT doc_number, doc_type, date, filing_date, application_number, cpc_levels, search FROM documents;

CREATE INDEX document_search_words ON document_search USING gin (search);
CREATE INDEX document_search_cpc_levels ON document_search USING gin (cpc_levels);
CREATE INDEX document_search_newest ON document_search (date DESC, doc_number DESC);
CREATE INDEX document_search_application ON document_search (application_number);

DROP INDEX documents_search;
DROP INDEX documents_cpc_levels;
ALTER TABLE documents DROP COLUMN search, DROP COLUMN cpc_levels;
