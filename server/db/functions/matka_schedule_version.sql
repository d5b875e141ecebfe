-- A change of a game's weekday schedule touches the game, whose version then moves
-- (matka_games_version.sql). Trigger game_schedules_version (migration 007).
CREATE OR REPLACE FUNCTION matka_schedule_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE games SET updated_at = now() WHERE id = OLD.game_id;
  ELSE
    UPDATE games SET updated_at = now() WHERE id = NEW.game_id;
  END IF;
  RETURN NULL;
END $$;
