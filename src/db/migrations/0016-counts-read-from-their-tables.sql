-- Why: `counts.assignments` and `counts.ptab_proceedings` were columns of applications that the
-- assignment and PTAB loaders recounted for the held applications a batch touched. A recordation
-- or a trial that arrived before its application (the normal order for a newly held application:
-- the products load independently) was never counted, because the file wrapper that inserts the
-- application may not write another product's column. The Application now counts them when it is
-- read, from the products' own tables (two index probes each on the partial indexes of
-- assignment_properties and ptab_proceedings), so the count follows whatever order things arrive in.
-- Rolling deploys: a reader of the previous version selects the dropped columns; deploy the new
-- version before running this migration.

ALTER TABLE applications DROP COLUMN assignment_count, DROP COLUMN ptab_proceeding_count;
