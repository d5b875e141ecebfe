-- A bid is one statement (issue 18). The server checks a bid against its in-memory read models
-- (the game's times and schedule, the day's results, the bid limits), then calls
-- matka_place_bids once: under the same locks as before it refuses anything that changed since
-- those reads (a game edited or closed, a result declared, a cut-off passed, a player switched off
-- or blocked, a short balance) and otherwise debits, writes the ledger row, the bids and the
-- idempotent answer, all in the one statement's transaction.

-- Every change of a game or its weekday schedule bumps the game's version, so the statement can
-- tell whether the copy the server judged the bid by is still the game's current state.
ALTER TABLE games ADD COLUMN version bigint NOT NULL DEFAULT 1;

CREATE FUNCTION matka_games_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END $$;
CREATE TRIGGER games_version BEFORE UPDATE ON games
  FOR EACH ROW EXECUTE FUNCTION matka_games_version();

CREATE FUNCTION matka_schedule_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE games SET updated_at = now() WHERE id = OLD.game_id;
  ELSE
    UPDATE games SET updated_at = now() WHERE id = NEW.game_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER game_schedules_version AFTER INSERT OR UPDATE OR DELETE ON game_schedules
  FOR EACH ROW EXECUTE FUNCTION matka_schedule_version();

-- p_games: [{id, version}] in id order (the shared per-game advisory lock that a declaration takes
-- exclusively, namespace 727431003 as in db/repositories/bid-games.ts).
-- p_bids: one object per atom, in the order sent: {ord, id, game_id, family, game_type, session,
--   digit, open_digit, close_digit, open_panna, close_panna, panna_type, atom, bid_date,
--   amount_paise, deadline (the cut-off instant), close_only (true: only a declared close blocks)}.
-- p_answer: the 201 body, whose data.balance and each data.bids[i].createdAt this fills in.
-- p_now: null in the server (the cut-off is checked against clock_timestamp()); a test's clock.
-- Answers {status, body} (placed, or replayed when p_key already has a stored answer) or
-- {refused: 'in_flight' | 'key_reused' | 'stale' | 'closed' | 'blocked' | 'batting' | 'balance', ord?}.
-- A refusal writes nothing.
CREATE FUNCTION matka_place_bids(
  p_user uuid, p_key text, p_hash text, p_request uuid, p_total int8, p_description text,
  p_games jsonb, p_bids jsonb, p_answer jsonb, p_now timestamptz
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_stored record;
  v_user record;
  v_bad int;
  v_balance int8;
  v_created text := to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
  v_answer jsonb;
BEGIN
  IF p_key IS NOT NULL THEN
    IF NOT pg_try_advisory_xact_lock(hashtextextended(p_user::text || E'\n' || p_key, 727431002)) THEN
      RETURN jsonb_build_object('refused', 'in_flight');
    END IF;
    SELECT request_hash, status_code, response INTO v_stored FROM idempotency_keys
     WHERE user_id = p_user AND key = p_key AND created_at > now() - interval '24 hours';
    IF FOUND THEN
      IF v_stored.request_hash <> p_hash THEN
        RETURN jsonb_build_object('refused', 'key_reused');
      END IF;
      RETURN jsonb_build_object('status', v_stored.status_code, 'body', v_stored.response, 'replayed', true);
    END IF;
  END IF;

  PERFORM pg_advisory_xact_lock_shared(hashtextextended(lower(g.value->>'id'), 727431003))
     FROM jsonb_array_elements(p_games) WITH ORDINALITY AS g(value, i) ORDER BY g.i;

  IF EXISTS (
    SELECT 1 FROM jsonb_array_elements(p_games) AS g(value)
      LEFT JOIN games x ON x.id = (g.value->>'id')::uuid
     WHERE x.version IS DISTINCT FROM (g.value->>'version')::int8
  ) THEN
    RETURN jsonb_build_object('refused', 'stale');
  END IF;

  -- After the locks, so a declaration that committed meanwhile is seen (each statement of a
  -- function takes a new snapshot), and against the database's clock at this very moment.
  SELECT min(b.ord) INTO v_bad
    FROM jsonb_to_recordset(p_bids) AS b(ord int, game_id uuid, bid_date date, deadline timestamptz, close_only boolean)
    LEFT JOIN results r ON r.game_id = b.game_id AND r.result_date = b.bid_date
   WHERE coalesce(p_now, clock_timestamp()) >= b.deadline
      OR r.close_panna IS NOT NULL
      OR (NOT b.close_only AND (r.open_panna IS NOT NULL OR r.panna IS NOT NULL OR r.jodi IS NOT NULL));
  IF v_bad IS NOT NULL THEN
    RETURN jsonb_build_object('refused', 'closed', 'ord', v_bad);
  END IF;

  UPDATE users SET balance_paise = balance_paise - p_total, updated_at = now()
   WHERE id = p_user AND balance_paise >= p_total AND globel_batting AND NOT is_blocked
   RETURNING balance_paise INTO v_balance;
  IF NOT FOUND THEN
    SELECT globel_batting, is_blocked INTO v_user FROM users WHERE id = p_user;
    IF NOT FOUND OR v_user.is_blocked THEN RETURN jsonb_build_object('refused', 'blocked'); END IF;
    IF NOT v_user.globel_batting THEN RETURN jsonb_build_object('refused', 'batting'); END IF;
    RETURN jsonb_build_object('refused', 'balance');
  END IF;

  INSERT INTO ledger (user_id, amount_paise, kind, ref_id, description, status, balance_after_paise)
  VALUES (p_user, -p_total, 'bid', p_request::text, p_description, 'completed', v_balance);

  INSERT INTO bids (id, request_id, user_id, game_id, family, game_type, session, digit, open_digit,
                    close_digit, open_panna, close_panna, panna_type, atom, bid_date, amount_paise)
  SELECT id, p_request, p_user, game_id, family, game_type, session, digit, open_digit, close_digit,
         open_panna, close_panna, panna_type, atom, bid_date, amount_paise
    FROM jsonb_to_recordset(p_bids) AS t(ord int, id uuid, game_id uuid, family text, game_type text,
         session text, digit text, open_digit text, close_digit text, open_panna text, close_panna text,
         panna_type text, atom jsonb, bid_date date, amount_paise int8)
   ORDER BY ord;

  v_answer := jsonb_set(
    jsonb_set(p_answer, '{data,balance}', to_jsonb(round(v_balance::numeric / 100, 2))),
    '{data,bids}',
    (SELECT coalesce(jsonb_agg(e.value || jsonb_build_object('createdAt', v_created) ORDER BY e.i), '[]'::jsonb)
       FROM jsonb_array_elements(p_answer->'data'->'bids') WITH ORDINALITY AS e(value, i)));

  IF p_key IS NOT NULL THEN
    INSERT INTO idempotency_keys (user_id, key, request_hash, status_code, response, created_at)
    VALUES (p_user, p_key, p_hash, 201, v_answer, now())
    ON CONFLICT (user_id, key) DO UPDATE
       SET request_hash = EXCLUDED.request_hash, status_code = EXCLUDED.status_code,
           response = EXCLUDED.response, created_at = EXCLUDED.created_at;
  END IF;
  RETURN jsonb_build_object('status', 201, 'body', v_answer);
END $$;

-- Set-based settlement (issue 18) updates a million bids at a close: with no indexed column
-- changing and room left on each page, PostgreSQL updates them in place (HOT) instead of writing
-- four index entries per bid. Settlement walks a market day's bids in id order, so the index is
-- (game_id, bid_date, id); the status is read from the row.
DROP INDEX bids_game_day_idx;
CREATE INDEX bids_game_day_idx ON bids (game_id, bid_date, id);
ALTER TABLE bids SET (fillfactor = 50);
