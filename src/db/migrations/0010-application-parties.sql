-- Why: entity resolution works over every name the service holds, and the file wrapper
-- kept only the first applicant (applications.applicant_name). This table keeps every applicant
-- and inventor of a record as printed, with its name parts and one location (the residence
-- address when the office gives one, else the first: inventors are told apart by place). Rows,
-- not a JSON column, because resolution reads and keys them one by one. Like transactions, an
-- application's list is replaced whole when its full record changes, and is keyed by
-- application_number first with no foreign key (DESIGN.md §3; applications rows are never
-- deleted). seq counts within a role, in the office's order.
-- Rolling deploys: a new table only. The record's content hash now covers its parties, so the
-- next load of a file rewrites each full record once, which fills this table for applications
-- loaded before it existed.

CREATE TABLE application_parties (
  application_number text NOT NULL,
  role               text NOT NULL CHECK (role IN ('applicant', 'inventor')),
  seq                integer NOT NULL,
  name               text NOT NULL,
  last_name          text,
  first_name         text,
  middle_name        text,
  city               text,
  region             text,              -- state or province code, else its name
  country            text,              -- two-letter code when given, else the country name
  PRIMARY KEY (application_number, role, seq)
);
