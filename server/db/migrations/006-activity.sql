-- Who is online (issue 12: players active in the last 5 minutes). A token's last_used_at is
-- stamped at most once a minute when the server looks the token up. That stamp must not flush
-- every process's token cache, so the revocation trigger of migration 004 now fires only on the
-- columns that take rights away.
DROP TRIGGER auth_tokens_changes ON auth_tokens;
CREATE TRIGGER auth_tokens_changes
  AFTER UPDATE OF revoked_at, expires_at, token_hash, user_id, admin_id OR DELETE OR TRUNCATE ON auth_tokens
  FOR EACH STATEMENT EXECUTE FUNCTION matka_notify_change('auth');
CREATE INDEX auth_tokens_last_used_idx ON auth_tokens (last_used_at DESC) WHERE last_used_at IS NOT NULL;
