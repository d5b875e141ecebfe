-- The bid statement: one submission of bids in one statement (docs/database.md "The bid path").
-- The server judges a submission against its in-memory read models (the game's times and schedule,
-- the day's results, the rate tables, the bid limits: server/services/bids/place.ts), then calls this once. Under
-- the Idempotency-Key's lock and the games' shared locks (namespace 727431003, held exclusively by
-- a declaration: db/repositories/bid-games.ts) it refuses anything that changed since those reads,
-- and otherwise debits, writes the ledger row, the bids and the stored answer together.
-- Arguments:
--   p_games: [{id, version}] in id order; a version that moved refuses 'stale'.
--   p_bids: one object per atom, in the order sent: {ord, id, game_id, family, game_type, session,
--     digit, open_digit, close_digit, open_panna, close_panna, panna_type, atom, bid_date,
--     amount_paise, deadline (the cut-off instant), close_only (true: only a declared close blocks),
--     rate_key, rate_point, rate_amount (the rate the bid keeps: the pair its family's table must
--     hold under rate_key now; docs/api.md "A bid keeps the rate it was placed at")}.
--   p_answer: the 201 body to store for p_key, whose data.balance and each data.bids[i].createdAt
--     this fills in; NULL without a key: the caller fills in its own copy from {balance, created}.
--   p_now: NULL in the server (cut-offs are checked against clock_timestamp()); a test's clock.
--   p_tz: the market zone the limits' periods are read in.
-- Answers {status, body} (placed with a key, or replayed when p_key has a stored answer),
-- {status, balance (paise), created} (placed without a key) or
-- {refused: 'in_flight' | 'key_reused' | 'stale' | 'closed' (ord: the first bid past its cut-off
-- or declared) | 'rate' (ord: the first bid whose rate is not its table's now) | 'blocked' |
-- 'batting' | 'balance'}, {refused: 'paused', until} or
-- {refused: 'limit', limit, left (paise)}. A refusal writes nothing.
-- The refusals are checked in this order; matka_place_bid_batch.sql checks the same ones, set-based,
-- for several players at once (tests/server/money/bid-batch-equivalence.test.ts holds them equal).
-- The pause and limits of a player with limits (matka_limit_refusal.sql) and the reason a debit was
-- refused (matka_debit_refusal.sql) are one function each, called by both; the re-checks after the
-- game locks are written in each, as one statement here and one per batch there (a function call
-- per submission would cost the hot path; docs/database.md "The bid path").
-- Results are looked up by a LATERAL probe with LIMIT 1: a plain LEFT JOIN became, in the generic
-- plan, a hash join over the whole results table. A player without limits pays for one indexed
-- lookup of player_limits; with limits, the player's row is locked before the sums are read, so
-- parallel submissions of one player are counted in turn.
-- The rates are compared in the same snapshot as the game and the results, and the bids store the
-- pair compared: a rate change that commits before that snapshot refuses the bid (the caller judges
-- it again, or tells the player the rate they were shown changed); one that commits after it
-- applies to the next bid. Either way a bid keeps a rate that was in force when it was accepted and
-- that its answer shows. No lock on the rates row: a bid never waits for an operator's change.
CREATE OR REPLACE FUNCTION matka_place_bids(
  p_user uuid, p_key text, p_hash text, p_request uuid, p_total int8, p_description text,
  p_games jsonb, p_bids jsonb, p_answer jsonb, p_now timestamptz, p_tz text
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_stored record;
  v_user record;
  v_check record;
  v_balance int8;
  v_created text;
  v_answer jsonb;
  v_at timestamptz := coalesce(p_now, now());
  v_until timestamptz;
  v_refusal jsonb;
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

  -- After the locks, in one new snapshot, so a declaration or an edit that committed meanwhile is
  -- seen, and against the database's clock at this very moment.
  SELECT
    EXISTS (
      SELECT 1 FROM jsonb_array_elements(p_games) AS g(value)
        LEFT JOIN games x ON x.id = (g.value->>'id')::uuid
       WHERE x.version IS DISTINCT FROM (g.value->>'version')::int8
    ) AS stale,
    (SELECT min(b.ord)
       FROM jsonb_to_recordset(p_bids) AS b(ord int, game_id uuid, bid_date date, deadline timestamptz,
            close_only boolean)
       LEFT JOIN LATERAL (
         SELECT x.open_panna, x.close_panna, x.panna, x.jodi FROM results x
          WHERE x.game_id = b.game_id AND x.result_date = b.bid_date LIMIT 1
       ) r ON true
      WHERE coalesce(p_now, clock_timestamp()) >= b.deadline
         OR r.close_panna IS NOT NULL
         OR (NOT b.close_only AND (r.open_panna IS NOT NULL OR r.panna IS NOT NULL OR r.jodi IS NOT NULL))
    ) AS bad,
    (SELECT min(b.ord)
       FROM jsonb_to_recordset(p_bids) AS b(ord int, family text, rate_key text, rate_point int, rate_amount int)
       LEFT JOIN rates rt ON rt.family = b.family
      WHERE rt.rates -> (b.rate_key || 'Point') IS DISTINCT FROM to_jsonb(b.rate_point)
         OR rt.rates -> (b.rate_key || 'Amount') IS DISTINCT FROM to_jsonb(b.rate_amount)
    ) AS rate,
    (SELECT jsonb_object_agg(f.field, f.value_paise)
       FROM matka_limits_in_force(p_user, v_at) f
      WHERE f.field IN ('stakeDay', 'lossDay', 'lossWeek', 'lossMonth')
    ) AS limits
    INTO v_check;
  IF v_check.stale THEN
    RETURN jsonb_build_object('refused', 'stale');
  END IF;
  IF v_check.bad IS NOT NULL THEN
    RETURN jsonb_build_object('refused', 'closed', 'ord', v_check.bad);
  END IF;
  IF v_check.rate IS NOT NULL THEN
    RETURN jsonb_build_object('refused', 'rate', 'ord', v_check.rate);
  END IF;

  IF v_check.limits IS NOT NULL THEN
    -- Counted in turn: a parallel submission of this player waits here until this one commits,
    -- and its sums (a new snapshot per statement) then include these bids.
    SELECT paused_until INTO v_until FROM users WHERE id = p_user FOR UPDATE;
    v_refusal := matka_limit_refusal(p_user, v_check.limits, p_total, v_until, v_at, p_tz);
    IF v_refusal IS NOT NULL THEN
      RETURN v_refusal;
    END IF;
  END IF;

  UPDATE users SET balance_paise = balance_paise - p_total, updated_at = now()
   WHERE id = p_user AND balance_paise >= p_total AND globel_batting AND NOT is_blocked
     AND (paused_until IS NULL OR paused_until <= v_at)
   RETURNING balance_paise INTO v_balance;
  IF NOT FOUND THEN
    SELECT globel_batting, is_blocked, paused_until INTO v_user FROM users WHERE id = p_user;
    RETURN matka_debit_refusal(v_user.is_blocked, v_user.paused_until, v_user.globel_batting, v_at);
  END IF;

  WITH ledger_row AS (
    INSERT INTO ledger (user_id, amount_paise, kind, ref_id, description, status, balance_after_paise)
    VALUES (p_user, -p_total, 'bid', p_request::text, p_description, 'completed', v_balance)
  )
  INSERT INTO bids (id, request_id, user_id, game_id, family, game_type, session, digit, open_digit,
                    close_digit, open_panna, close_panna, panna_type, atom, bid_date, amount_paise,
                    rate_point, rate_amount)
  SELECT id, p_request, p_user, game_id, family, game_type, session, digit, open_digit, close_digit,
         open_panna, close_panna, panna_type, atom, bid_date, amount_paise, rate_point, rate_amount
    FROM jsonb_to_recordset(p_bids) AS t(ord int, id uuid, game_id uuid, family text, game_type text,
         session text, digit text, open_digit text, close_digit text, open_panna text, close_panna text,
         panna_type text, atom jsonb, bid_date date, amount_paise int8, rate_point int, rate_amount int)
   ORDER BY ord;

  v_created := to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
  IF p_answer IS NULL THEN
    RETURN jsonb_build_object('status', 201, 'balance', v_balance, 'created', v_created);
  END IF;
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
