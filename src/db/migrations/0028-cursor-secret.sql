-- Why: a list's cursor carries its keyset to the client and back, signed with HMAC-SHA256 so an
-- edited one is refused (domain/cursor.ts). Every `serve` process behind one load balancer must
-- accept the cursors the others issued, so the key is the deployment's, not the process's: it
-- lives here, in the database they all share, made once from PostgreSQL's strong random source
-- (gen_random_uuid, 122 random bits each; two of them) and read once per process. No operator
-- setting to forget, and a restored backup keeps it. To rotate it, replace the row and restart
-- every process; cursors issued before are refused (422) and their listings start again.
-- Rolling deploys: a new table only; processes of the previous release issue unsigned cursors
-- that this release refuses (422, start the listing again).

CREATE TABLE cursor_secret (
  singleton  boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  secret     text NOT NULL CHECK (length(secret) >= 32),
  created_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO cursor_secret (secret) VALUES (replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));
