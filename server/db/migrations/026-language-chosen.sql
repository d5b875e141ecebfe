-- Issue 45: a language the player never chose must never override one they see.
-- language_chosen: the player picked `language` themselves (PUT /user/language, from any screen);
-- from then on it wins on every device. Until then `language` is the one the account registered
-- in, and each sign-in takes the phone's (the app's Accept-Language) instead.
ALTER TABLE users ADD COLUMN language_chosen boolean NOT NULL DEFAULT false;
-- Before this migration registration always stored 'en', so any other language was a choice.
-- An 'en' may have been chosen too, but nothing recorded it: it counts as not chosen.
UPDATE users SET language_chosen = true WHERE language <> 'en';

-- The token cache (server/http/auth.ts) keeps each session's language for up to 5 s: a change of
-- a player's language drops every process's cached tokens, as a block does (migration 004).
CREATE TRIGGER users_language_changes AFTER UPDATE OF language ON users
  FOR EACH ROW WHEN (OLD.language IS DISTINCT FROM NEW.language)
  EXECUTE FUNCTION matka_notify_change('auth');
