-- Issue 22: the player's language. API messages without an Accept-Language, SMS texts and push
-- notifications follow it; the app reads it back after a reinstall.
ALTER TABLE users ADD COLUMN language text NOT NULL DEFAULT 'en'
  CONSTRAINT users_language_check CHECK (language IN ('en', 'hi', 'mr'));
