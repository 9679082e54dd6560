-- Why: a patent's term facts are printed on its grant (XML-FORMATS.md §2 "term" and "PCT data", §6),
-- and a patent whose application's file wrapper is not held has no other source for them: the days
-- of term adjustment, a design's length of grant, a terminal disclaimer, the PCT application a
-- national stage was filed under (its date starts the 20-year term), and the continuity chain
-- (whose earliest 120/121/365(c) filing starts it too; a reissue's original patent, whose term the
-- reissue keeps). grant_terms holds one row per grant that prints any of the first group;
-- grant_relations one row per link of its related documents, in printed order, coded as the file
-- wrapper's continuity (CON, CIP, DIV, REI, REX, SUB, PRO, and NST for the PCT application a parent
-- was filed under). Numbers are canonical as elsewhere
-- (application 12213975, PCT/FI2004/000279, patent 10124207 / RE49257), or as printed when
-- unreadable. Both are replaced whole with their grant, like its citations and parties, and the
-- foreign key cascades so a grant never outlives them. A reissue's original is found by
-- parent_patent_number.
-- Rolling deploys: new tables only. The document's content hash now covers these facts, so the next
-- load of a weekly grant file rewrites each of its documents once, which fills the tables for
-- grants loaded before them; a loader of the previous version writes neither table and leaves
-- their rows alone.

CREATE TABLE grant_terms (
  doc_number          text PRIMARY KEY REFERENCES documents (doc_number) ON DELETE CASCADE,
  term_extension_days integer,         -- us-term-extension: days under 35 USC 154(b)
  length_of_grant     integer,         -- length-of-grant: years (designs: 14, or 15 from 2015-05-13 filings)
  disclaimer          text,            -- the disclaimer notice as printed, whitespace collapsed
  pct_number          text,            -- pct-or-regional-filing-data: PCT/CCYYYY/NNNNNN, or as printed
  pct_filing_date     date,
  pct_371_date        date             -- us-371c124-date, later us-371c12-date
);

CREATE TABLE grant_relations (
  doc_number           text NOT NULL REFERENCES documents (doc_number) ON DELETE CASCADE,
  seq                  integer NOT NULL,   -- printed order, from 1
  relation             text NOT NULL CHECK (relation IN ('CON', 'CIP', 'DIV', 'REI', 'REX', 'SUB', 'PRO', 'NST')),
  parent_number        text NOT NULL,      -- application (12213975) or PCT (PCT/FI2004/000279) number
  parent_filing_date   date,
  parent_status        text,               -- parent-status as printed: GRANTED, PENDING, ABANDONED, UNKNOWN
  parent_patent_number text,               -- canonical: 10124207, RE49257
  parent_patent_date   date,
  child_number         text,               -- NULL for a provisional: the child is the grant's own application
  PRIMARY KEY (doc_number, seq)
);
CREATE INDEX grant_relations_parent_patent ON grant_relations (parent_patent_number) WHERE parent_patent_number IS NOT NULL;
