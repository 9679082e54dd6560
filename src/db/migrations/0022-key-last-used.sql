-- Why: `GET /keys` (DESIGN.md D28) shows when each key was last used, so an owner can tell a key
-- in service from a forgotten one before deleting it. The authenticator writes it at most once a
-- minute per key and process, never on the request's path. Rolling deploys: a nullable column.

ALTER TABLE api_keys ADD COLUMN last_used_at timestamptz;
