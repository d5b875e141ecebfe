-- Responsible play (issue 20, api.md "Responsible play"): 18+ confirmation, the player's own
-- limits (deposit, loss, daily stake), time-out and self-exclusion, and the reality-check interval.
-- Bids and fund orders are refused inside the same statement/transaction that writes them, under
-- the player's row lock, so parallel requests never pass a limit or a pause together.

ALTER TABLE users ADD COLUMN adult_confirmed_at timestamptz;
ALTER TABLE users ADD COLUMN paused_until timestamptz;
ALTER TABLE users ADD COLUMN pause_kind text CHECK (pause_kind IN ('time-out', 'self-exclusion'));
ALTER TABLE users ADD COLUMN reality_check_minutes integer NOT NULL DEFAULT 60
  CHECK (reality_check_minutes IN (15, 30, 60));

-- Nobody shortens or lifts a pause: not the player, not an operator, not a script through the API.
-- A pause still running (against the database clock) may only be lengthened.
CREATE FUNCTION matka_pause_only_grows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.paused_until IS NOT NULL AND OLD.paused_until > now()
     AND (NEW.paused_until IS NULL OR NEW.paused_until < OLD.paused_until) THEN
    RAISE EXCEPTION 'a pause cannot be shortened or lifted' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER users_pause_only_grows BEFORE UPDATE OF paused_until ON users
  FOR EACH ROW EXECUTE FUNCTION matka_pause_only_grows();

-- One row per limit a player ever set. value_paise is in force (null = none); a looser value waits
-- in pending_value_paise until pending_at (24 hours after it was asked for). "In force at T" is
-- pending_value_paise when pending AND pending_at <= T, else value_paise (no worker needed).
CREATE TABLE player_limits (
  user_id uuid NOT NULL REFERENCES users(id),
  field text NOT NULL CHECK (field IN ('depositDay', 'depositWeek', 'depositMonth', 'lossDay', 'lossWeek',
                                        'lossMonth', 'stakeDay')),
  value_paise bigint CHECK (value_paise IS NULL OR value_paise >= 0),
  pending boolean NOT NULL DEFAULT false,
  pending_value_paise bigint CHECK (pending_value_paise IS NULL OR pending_value_paise >= 0),
  pending_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, field),
  CHECK (NOT pending OR pending_at IS NOT NULL)
);

-- Requests a limit or a pause refused, for the operators' report (refusals by limit).
CREATE TABLE limit_refusals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id),
  limit_field text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX limit_refusals_created_idx ON limit_refusals (created_at);
CREATE INDEX users_paused_idx ON users (paused_until) WHERE paused_until IS NOT NULL;

-- The limits in force for a player at an instant (fields without a limit are absent).
CREATE FUNCTION matka_limits_in_force(p_user uuid, p_at timestamptz)
RETURNS TABLE (field text, value_paise bigint) LANGUAGE sql STABLE AS $$
  SELECT l.field, CASE WHEN l.pending AND l.pending_at <= p_at THEN l.pending_value_paise ELSE l.value_paise END
    FROM player_limits l
   WHERE l.user_id = p_user
     AND CASE WHEN l.pending AND l.pending_at <= p_at THEN l.pending_value_paise ELSE l.value_paise END IS NOT NULL
$$;

-- The start of the market zone's day, week (from Monday) and calendar month holding p_at.
CREATE FUNCTION matka_period_start(p_period text, p_at timestamptz, p_tz text)
RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT date_trunc(p_period, p_at AT TIME ZONE p_tz) AT TIME ZONE p_tz
$$;

-- The bid statement of migration 007 with two more checks, in the same locks and transaction:
-- a running pause refuses ({refused: 'paused', until}), and a submission that would pass the daily
-- stake limit or a loss limit (day, week, month) refuses ({refused: 'limit', limit, left} with what
-- is left in paise, the smallest of the limits passed). With any limit in force the player's row is
-- locked before the sums are read, so parallel submissions of one player are counted in turn.
-- A player without limits pays for one indexed lookup of player_limits and nothing else.
-- p_tz: the market zone the periods are read in.
DROP FUNCTION matka_place_bids(uuid, text, text, uuid, int8, text, jsonb, jsonb, jsonb, timestamptz);
CREATE FUNCTION matka_place_bids(
  p_user uuid, p_key text, p_hash text, p_request uuid, p_total int8, p_description text,
  p_games jsonb, p_bids jsonb, p_answer jsonb, p_now timestamptz, p_tz text
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_stored record;
  v_user record;
  v_bad int;
  v_balance int8;
  v_created text := to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
  v_answer jsonb;
  v_at timestamptz := coalesce(p_now, now());
  v_limits jsonb;
  v_until timestamptz;
  v_used record;
  v_day timestamptz;
  v_week timestamptz;
  v_month timestamptz;
  v_hit record;
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

  SELECT min(b.ord) INTO v_bad
    FROM jsonb_to_recordset(p_bids) AS b(ord int, game_id uuid, bid_date date, deadline timestamptz, close_only boolean)
    LEFT JOIN results r ON r.game_id = b.game_id AND r.result_date = b.bid_date
   WHERE coalesce(p_now, clock_timestamp()) >= b.deadline
      OR r.close_panna IS NOT NULL
      OR (NOT b.close_only AND (r.open_panna IS NOT NULL OR r.panna IS NOT NULL OR r.jodi IS NOT NULL));
  IF v_bad IS NOT NULL THEN
    RETURN jsonb_build_object('refused', 'closed', 'ord', v_bad);
  END IF;

  SELECT jsonb_object_agg(f.field, f.value_paise) INTO v_limits
    FROM matka_limits_in_force(p_user, v_at) f
   WHERE f.field IN ('stakeDay', 'lossDay', 'lossWeek', 'lossMonth');
  IF v_limits IS NOT NULL THEN
    -- Counted in turn: a parallel submission of this player waits here until this one commits,
    -- and its sums (a new snapshot per statement) then include these bids.
    SELECT paused_until INTO v_until FROM users WHERE id = p_user FOR UPDATE;
    IF v_until IS NOT NULL AND v_until > v_at THEN
      RETURN jsonb_build_object('refused', 'paused', 'until', v_until);
    END IF;
    v_day := matka_period_start('day', v_at, p_tz);
    v_week := matka_period_start('week', v_at, p_tz);
    v_month := matka_period_start('month', v_at, p_tz);
    SELECT coalesce(sum(amount_paise) FILTER (WHERE created_at >= v_day), 0) AS stake_day,
           coalesce(sum(amount_paise - win_paise) FILTER (WHERE created_at >= v_day), 0) AS loss_day,
           coalesce(sum(amount_paise - win_paise) FILTER (WHERE created_at >= v_week), 0) AS loss_week,
           coalesce(sum(amount_paise - win_paise) FILTER (WHERE created_at >= v_month), 0) AS loss_month
      INTO v_used
      FROM bids WHERE user_id = p_user AND created_at >= least(v_day, v_week, v_month);
    SELECT l.key AS field, greatest((l.value)::int8 - u.used, 0) AS left_paise INTO v_hit
      FROM jsonb_each_text(v_limits) AS l(key, value)
      JOIN (VALUES ('stakeDay', v_used.stake_day), ('lossDay', v_used.loss_day),
                   ('lossWeek', v_used.loss_week), ('lossMonth', v_used.loss_month)) AS u(field, used)
        ON u.field = l.key
     WHERE u.used + p_total > (l.value)::int8
     ORDER BY (l.value)::int8 - u.used, l.key
     LIMIT 1;
    IF FOUND THEN
      RETURN jsonb_build_object('refused', 'limit', 'limit', v_hit.field, 'left', v_hit.left_paise);
    END IF;
  END IF;

  UPDATE users SET balance_paise = balance_paise - p_total, updated_at = now()
   WHERE id = p_user AND balance_paise >= p_total AND globel_batting AND NOT is_blocked
     AND (paused_until IS NULL OR paused_until <= v_at)
   RETURNING balance_paise INTO v_balance;
  IF NOT FOUND THEN
    SELECT globel_batting, is_blocked, paused_until INTO v_user FROM users WHERE id = p_user;
    IF NOT FOUND OR v_user.is_blocked THEN RETURN jsonb_build_object('refused', 'blocked'); END IF;
    IF v_user.paused_until IS NOT NULL AND v_user.paused_until > v_at THEN
      RETURN jsonb_build_object('refused', 'paused', 'until', v_user.paused_until);
    END IF;
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
