-- Why: the foreign keys from assignment_parties and assignment_properties to assignments checked
-- every child row a load inserts against the parent's index: ~1.8 s of the server's ~4.7 s on the
-- assignment benchmark's 81,000 recordations (bench/assignments.ts, against its ingest target).
-- The children are only ever written by the assignment loader, in the same transaction as their
-- recordation, and deleted with it explicitly (ingest/assignments/load.sql.ts deleteAssignments),
-- so the constraint guarded nothing the loader does not already do.
-- Rolling deploys: dropping a constraint; code older than this still deletes through the cascade,
-- which is gone, so deploy the code first (its explicit deletes work with or without the keys).

ALTER TABLE assignment_parties DROP CONSTRAINT assignment_parties_reel_frame_fkey;
ALTER TABLE assignment_properties DROP CONSTRAINT assignment_properties_reel_frame_fkey;
