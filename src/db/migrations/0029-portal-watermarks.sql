-- Why: PTAB trials and office actions are not bulk files on the Open Data Portal but records its
-- search APIs answer, so `sync` asks for those the portal stamped (loaded or changed) within a range
-- of days, and has to remember how far it got per product and per search (PTAB: proceedings,
-- decisions; OA: texts, rejections, citations). The watermark is the last day of the last range
-- loaded whole, written in the transaction of the page that completed it, so it never passes what
-- is uncommitted. `resume_from` is where a search asked for an earlier start (a first sync, a
-- `--since`) begins until its first range is loaded: a run the portal's quota stopped before then,
-- or before it reached the search, resumes there. sync_search_ranges keeps how many records each
-- range held when it was loaded whole: a range asked again inside the overlap is first asked for
-- its count alone (a one-record page) and paged again only when the count moved, so the nightly
-- overlap costs a request a range, not the range's pages again. Rolling deploys: new tables only.

CREATE TABLE sync_watermarks (
  product        text NOT NULL,
  search         text NOT NULL,                   -- the search's name within the product (`proceedings`, `oa_actions`)
  watermark      date,                            -- every record the portal stamped on or before this day is loaded
  resume_from    date,                            -- the start a run asked for, until its first range is loaded
  updated_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (product, search)
);

CREATE TABLE sync_search_ranges (
  product        text NOT NULL,
  search         text NOT NULL,
  range_from     date NOT NULL,
  range_to       date NOT NULL,
  total          integer NOT NULL,                -- the portal's count for the range when it was loaded whole
  loaded_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (product, search, range_from, range_to)
);
