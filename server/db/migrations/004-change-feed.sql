-- Change feed for the in-memory read models and the bearer-token cache (server/db/change-feed.ts).
-- Every write to a table behind a public read model, and every revocation-like change (a token
-- revoked, a player blocked or their betting switched, an operator changed), sends one NOTIFY on
-- channel matka_changes at commit. Every server process LISTENs: its caches drop what the change
-- touched, so all processes agree within the notification's delivery time.
CREATE FUNCTION matka_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('matka_changes', TG_ARGV[0]);
  RETURN NULL;
END $$;

CREATE TRIGGER games_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON games
  FOR EACH STATEMENT EXECUTE FUNCTION matka_notify_change('reads');
CREATE TRIGGER game_schedules_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON game_schedules
  FOR EACH STATEMENT EXECUTE FUNCTION matka_notify_change('reads');
CREATE TRIGGER results_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON results
  FOR EACH STATEMENT EXECUTE FUNCTION matka_notify_change('reads');
CREATE TRIGGER rates_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON rates
  FOR EACH STATEMENT EXECUTE FUNCTION matka_notify_change('reads');
CREATE TRIGGER settings_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON settings
  FOR EACH STATEMENT EXECUTE FUNCTION matka_notify_change('reads');
CREATE TRIGGER sliders_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sliders
  FOR EACH STATEMENT EXECUTE FUNCTION matka_notify_change('reads');
CREATE TRIGGER notices_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON notices
  FOR EACH STATEMENT EXECUTE FUNCTION matka_notify_change('reads');
CREATE TRIGGER videos_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON videos
  FOR EACH STATEMENT EXECUTE FUNCTION matka_notify_change('reads');
CREATE TRIGGER footer_links_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON footer_links
  FOR EACH STATEMENT EXECUTE FUNCTION matka_notify_change('reads');
CREATE TRIGGER app_logos_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON app_logos
  FOR EACH STATEMENT EXECUTE FUNCTION matka_notify_change('reads');

-- Revocations: only the changes that take rights away (a balance update on every bid sends nothing).
CREATE TRIGGER auth_tokens_changes AFTER UPDATE OR DELETE OR TRUNCATE ON auth_tokens
  FOR EACH STATEMENT EXECUTE FUNCTION matka_notify_change('auth');
CREATE TRIGGER admins_changes AFTER UPDATE OR DELETE OR TRUNCATE ON admins
  FOR EACH STATEMENT EXECUTE FUNCTION matka_notify_change('auth');
CREATE TRIGGER users_access_changes AFTER UPDATE OF is_blocked, globel_batting ON users
  FOR EACH ROW WHEN (OLD.is_blocked IS DISTINCT FROM NEW.is_blocked
                  OR OLD.globel_batting IS DISTINCT FROM NEW.globel_batting)
  EXECUTE FUNCTION matka_notify_change('auth');
CREATE TRIGGER users_deleted_changes AFTER DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION matka_notify_change('auth');
