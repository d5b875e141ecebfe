-- Nobody shortens or lifts a player's pause (time-out, self-exclusion): not the player, not an
-- operator, not a script through the API. A pause still running against the database clock may
-- only be lengthened. Trigger users_pause_only_grows (migration 011).
CREATE OR REPLACE FUNCTION matka_pause_only_grows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.paused_until IS NOT NULL AND OLD.paused_until > now()
     AND (NEW.paused_until IS NULL OR NEW.paused_until < OLD.paused_until) THEN
    RAISE EXCEPTION 'a pause cannot be shortened or lifted' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
