-- Why: every `serve` process remembers the keys it has checked, so that a busy client costs no key
-- lookup per request. A key revoked through one process (DELETE /keys, a re-signup) or outside all
-- of them (`admin revoke-key`, an operator's UPDATE) must stop working in every process at once:
-- the revoking transaction itself sends the key's id on channel `api_key_revoked`, delivered when
-- it commits (never for a rolled-back one), and each process listening drops the key from its
-- memory (resources/accounts/revocation-notices.ts). A trigger, so no path can forget to notify.
-- Rolling deploys: processes of the previous release do not listen and keep their 5 s memory.

CREATE FUNCTION api_key_revoked_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('api_key_revoked', OLD.key_id);
  ELSIF OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL THEN
    PERFORM pg_notify('api_key_revoked', NEW.key_id);
  END IF;
  RETURN NULL;
END
$$;

-- `UPDATE OF revoked_at`: the frequent `last_used_at` writes never run the function.
CREATE TRIGGER api_keys_revoked_notify AFTER UPDATE OF revoked_at OR DELETE ON api_keys
  FOR EACH ROW EXECUTE FUNCTION api_key_revoked_notify();
