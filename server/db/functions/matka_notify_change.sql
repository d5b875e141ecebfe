-- The change feed (server/db/change-feed.ts, docs/database.md "The change feed"): a statement
-- trigger that sends one NOTIFY on channel matka_changes at commit, its argument ('reads' or
-- 'auth') naming what the change touched. Every server process LISTENs and drops the cached reads
-- or tokens it covers. The triggers that call it are created by the migrations that add their
-- tables (004: the read-model tables and the revocations; 006, 016: auth_tokens; 020: result_events).
CREATE OR REPLACE FUNCTION matka_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('matka_changes', TG_ARGV[0]);
  RETURN NULL;
END $$;
