-- Every change of a game bumps its version, so the bid statement (matka_place_bids.sql) can tell
-- whether the copy of the game a process judged a bid by is still the game's current state.
-- Trigger games_version (migration 007).
CREATE OR REPLACE FUNCTION matka_games_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END $$;
