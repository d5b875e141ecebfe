-- Several players' submissions placed in one statement and one transaction (issue 18: at the close
-- rush a process hands PostgreSQL the submissions that arrived while its previous statement for the
-- same games ran; server/services/bids/combine.ts). Each submission is answered exactly as
-- matka_place_bids.sql would answer it alone, in the same order of refusals; a refusal writes
-- nothing for its submission. Each step is one statement for the whole batch, so PostgreSQL's cost
-- per statement (executor start, CHECK parsing, foreign-key triggers) is paid once per batch:
--   1. the Idempotency-Keys' locks, then (a new snapshot) their stored answers: in flight, reused
--      or replayed;
--   2. the games' shared locks (the union of the batch's games, in order);
--   3. in a new snapshot, per submission: a stale copy of a game, a passed cut-off or a declared
--      result (the first such bid), a rate no longer its table's (the first such bid), and the
--      player's limits in force (the bids store the rates compared, as matka_place_bids.sql says);
--   4. the players' rows locked in id order (as settlement locks them: no deadlock between
--      batches or with it), and then for the few players with limits in force, their pause and
--      sums one by one (matka_limit_refusal.sql);
--   5. one conditional debit for every submission still standing, and the reason of each one the
--      debit refused (matka_debit_refusal.sql);
--   6. the ledger rows and the bids in one statement, then the answers stored for the keys.
-- One submission per player: a batch naming a player twice raises, and the caller then sends each
-- submission alone.
-- p_subs: [{user, key, hash, request, total, description, games, bids, answer, now, tz}], the
-- arguments of matka_place_bids by name (answer and now may be null). Answers an array with
-- matka_place_bids's answer for each submission, in the same order.
CREATE OR REPLACE FUNCTION matka_place_bid_batch(p_subs jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_n int := jsonb_array_length(p_subs);
  v_out jsonb[];
  v_user uuid[];
  v_key text[];
  v_hash text[];
  v_request uuid[];
  v_total int8[];
  v_description text[];
  v_games jsonb[];
  v_bids jsonb[];
  v_answer jsonb[];
  v_at timestamptz[];
  v_now timestamptz[];
  v_players int;
  v_tz text[];
  v_limits jsonb[];
  v_balance int8[];
  v_busy int[];
  v_created text;
  r record;
BEGIN
  IF v_n = 0 THEN
    RETURN '[]'::jsonb;
  END IF;
  SELECT array_agg((e.v->>'user')::uuid ORDER BY e.i), array_agg(e.v->>'key' ORDER BY e.i),
         array_agg(e.v->>'hash' ORDER BY e.i), array_agg((e.v->>'request')::uuid ORDER BY e.i),
         array_agg((e.v->>'total')::int8 ORDER BY e.i), array_agg(e.v->>'description' ORDER BY e.i),
         array_agg(e.v->'games' ORDER BY e.i), array_agg(e.v->'bids' ORDER BY e.i),
         array_agg(nullif(e.v->'answer', 'null'::jsonb) ORDER BY e.i),
         array_agg(coalesce((e.v->>'now')::timestamptz, now()) ORDER BY e.i),
         array_agg((e.v->>'now')::timestamptz ORDER BY e.i), array_agg(e.v->>'tz' ORDER BY e.i),
         count(DISTINCT e.v->>'user')
    INTO v_user, v_key, v_hash, v_request, v_total, v_description, v_games, v_bids, v_answer, v_at, v_now,
         v_tz, v_players
    FROM jsonb_array_elements(p_subs) WITH ORDINALITY AS e(v, i);
  IF v_players <> v_n THEN
    RAISE EXCEPTION 'matka_place_bid_batch: one submission per player';
  END IF;
  v_out := array_fill(NULL::jsonb, ARRAY[v_n]);
  v_limits := array_fill(NULL::jsonb, ARRAY[v_n]);
  v_balance := array_fill(NULL::int8, ARRAY[v_n]);

  -- 1. Idempotency-Keys: the locks first, then what is stored, in a snapshot taken after them.
  IF EXISTS (SELECT 1 FROM unnest(v_key) AS k WHERE k IS NOT NULL) THEN
    SELECT coalesce(array_agg(s.i), '{}') INTO v_busy
      FROM unnest(v_user, v_key) WITH ORDINALITY AS s(user_id, key, i)
     WHERE s.key IS NOT NULL
       AND NOT pg_try_advisory_xact_lock(hashtextextended(s.user_id::text || E'\n' || s.key, 727431002));
    FOR r IN SELECT s.i FROM unnest(v_busy) AS s(i) LOOP
      v_out[r.i] := jsonb_build_object('refused', 'in_flight');
    END LOOP;
    FOR r IN
      SELECT s.i, s.hash, k.request_hash, k.status_code, k.response
        FROM unnest(v_user, v_key, v_hash) WITH ORDINALITY AS s(user_id, key, hash, i)
        JOIN idempotency_keys k ON k.user_id = s.user_id AND k.key = s.key
       WHERE s.key IS NOT NULL AND NOT (s.i = ANY (v_busy))
         AND k.created_at > now() - interval '24 hours'
    LOOP
      v_out[r.i] := CASE WHEN r.request_hash <> r.hash THEN jsonb_build_object('refused', 'key_reused')
        ELSE jsonb_build_object('status', r.status_code, 'body', r.response, 'replayed', true) END;
    END LOOP;
  END IF;

  -- 2. The games' shared locks: a declaration or an edit of a game holds its lock exclusively.
  PERFORM pg_advisory_xact_lock_shared(hashtextextended(g.id, 727431003))
     FROM (SELECT DISTINCT lower(x.value->>'id') AS id
             FROM unnest(v_games) WITH ORDINALITY AS s(games, i), jsonb_array_elements(s.games) AS x(value)
            WHERE v_out[s.i] IS NULL) AS g
    ORDER BY g.id;

  -- 3. After the locks, in one new snapshot and against the database's clock at this moment.
  FOR r IN
    SELECT s.i,
      EXISTS (
        SELECT 1 FROM jsonb_array_elements(s.games) AS g(value)
          LEFT JOIN games x ON x.id = (g.value->>'id')::uuid
         WHERE x.version IS DISTINCT FROM (g.value->>'version')::int8
      ) AS stale,
      (SELECT min(b.ord)
         FROM jsonb_to_recordset(s.bids) AS b(ord int, game_id uuid, bid_date date, deadline timestamptz,
              close_only boolean)
         LEFT JOIN LATERAL (
           SELECT x.open_panna, x.close_panna, x.panna, x.jodi FROM results x
            WHERE x.game_id = b.game_id AND x.result_date = b.bid_date LIMIT 1
         ) rs ON true
        WHERE coalesce(s.now, clock_timestamp()) >= b.deadline
           OR rs.close_panna IS NOT NULL
           OR (NOT b.close_only AND (rs.open_panna IS NOT NULL OR rs.panna IS NOT NULL OR rs.jodi IS NOT NULL))
      ) AS bad,
      (SELECT min(b.ord)
         FROM jsonb_to_recordset(s.bids) AS b(ord int, family text, rate_key text, rate_point int, rate_amount int)
         LEFT JOIN rates rt ON rt.family = b.family
        WHERE rt.rates -> (b.rate_key || 'Point') IS DISTINCT FROM to_jsonb(b.rate_point)
           OR rt.rates -> (b.rate_key || 'Amount') IS DISTINCT FROM to_jsonb(b.rate_amount)
      ) AS rate,
      (SELECT jsonb_object_agg(f.field, f.value_paise)
         FROM matka_limits_in_force(s.user_id, s.at) f
        WHERE f.field IN ('stakeDay', 'lossDay', 'lossWeek', 'lossMonth')
      ) AS limits
      FROM unnest(v_user, v_games, v_bids, v_at, v_now) WITH ORDINALITY AS s(user_id, games, bids, at, now, i)
     WHERE v_out[s.i] IS NULL
  LOOP
    IF r.stale THEN
      v_out[r.i] := jsonb_build_object('refused', 'stale');
    ELSIF r.bad IS NOT NULL THEN
      v_out[r.i] := jsonb_build_object('refused', 'closed', 'ord', r.bad);
    ELSIF r.rate IS NOT NULL THEN
      v_out[r.i] := jsonb_build_object('refused', 'rate', 'ord', r.rate);
    ELSE
      v_limits[r.i] := r.limits;
    END IF;
  END LOOP;

  -- 4. The players still standing, locked in id order; then those with limits, one by one.
  PERFORM 1 FROM users
    WHERE id IN (SELECT s.user_id FROM unnest(v_user) WITH ORDINALITY AS s(user_id, i) WHERE v_out[s.i] IS NULL)
    ORDER BY id
    FOR NO KEY UPDATE;
  FOR r IN
    SELECT s.i, u.paused_until
      FROM unnest(v_user) WITH ORDINALITY AS s(user_id, i)
      JOIN users u ON u.id = s.user_id
     WHERE v_out[s.i] IS NULL AND v_limits[s.i] IS NOT NULL
  LOOP
    v_out[r.i] := matka_limit_refusal(v_user[r.i], v_limits[r.i], v_total[r.i], r.paused_until, v_at[r.i],
                                      v_tz[r.i]);
  END LOOP;

  -- 5. One conditional debit for all, then why each one it left out was refused.
  FOR r IN
    UPDATE users u SET balance_paise = u.balance_paise - s.total, updated_at = now()
      FROM unnest(v_user, v_total, v_at) WITH ORDINALITY AS s(user_id, total, at, i)
     WHERE v_out[s.i] IS NULL AND u.id = s.user_id AND u.balance_paise >= s.total AND u.globel_batting
       AND NOT u.is_blocked AND (u.paused_until IS NULL OR u.paused_until <= s.at)
    RETURNING s.i, u.balance_paise
  LOOP
    v_balance[r.i] := r.balance_paise;
  END LOOP;
  FOR r IN
    SELECT s.i, s.at, u.globel_batting, u.is_blocked, u.paused_until
      FROM unnest(v_user, v_at) WITH ORDINALITY AS s(user_id, at, i)
      LEFT JOIN users u ON u.id = s.user_id
     WHERE v_out[s.i] IS NULL AND v_balance[s.i] IS NULL
  LOOP
    v_out[r.i] := matka_debit_refusal(r.is_blocked, r.paused_until, r.globel_batting, r.at);
  END LOOP;

  -- 6. The ledger rows and the bids of every debited submission, in the batch's order.
  IF NOT EXISTS (SELECT 1 FROM unnest(v_balance) AS b WHERE b IS NOT NULL) THEN
    RETURN to_jsonb(v_out);
  END IF;
  WITH ledger_rows AS (
    INSERT INTO ledger (user_id, amount_paise, kind, ref_id, description, status, balance_after_paise)
    SELECT s.user_id, -s.total, 'bid', s.request::text, s.description, 'completed', s.balance
      FROM unnest(v_user, v_total, v_request, v_description, v_balance) WITH ORDINALITY
           AS s(user_id, total, request, description, balance, i)
     WHERE s.balance IS NOT NULL
     ORDER BY s.i
  )
  INSERT INTO bids (id, request_id, user_id, game_id, family, game_type, session, digit, open_digit,
                    close_digit, open_panna, close_panna, panna_type, atom, bid_date, amount_paise,
                    rate_point, rate_amount)
  SELECT t.id, s.request, s.user_id, t.game_id, t.family, t.game_type, t.session, t.digit, t.open_digit,
         t.close_digit, t.open_panna, t.close_panna, t.panna_type, t.atom, t.bid_date, t.amount_paise,
         t.rate_point, t.rate_amount
    FROM unnest(v_user, v_request, v_bids, v_balance) WITH ORDINALITY AS s(user_id, request, bids, balance, i)
   CROSS JOIN LATERAL jsonb_to_recordset(s.bids) AS t(ord int, id uuid, game_id uuid, family text,
         game_type text, session text, digit text, open_digit text, close_digit text, open_panna text,
         close_panna text, panna_type text, atom jsonb, bid_date date, amount_paise int8, rate_point int,
         rate_amount int)
   WHERE s.balance IS NOT NULL
   ORDER BY s.i, t.ord;

  v_created := to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
  FOR r IN
    WITH answers AS (
      SELECT s.i, s.user_id, s.key, s.hash,
             jsonb_set(
               jsonb_set(s.answer, '{data,balance}', to_jsonb(round(s.balance::numeric / 100, 2))),
               '{data,bids}',
               (SELECT coalesce(jsonb_agg(e.value || jsonb_build_object('createdAt', v_created) ORDER BY e.j), '[]'::jsonb)
                  FROM jsonb_array_elements(s.answer->'data'->'bids') WITH ORDINALITY AS e(value, j))) AS body
        FROM unnest(v_user, v_key, v_hash, v_answer, v_balance) WITH ORDINALITY
             AS s(user_id, key, hash, answer, balance, i)
       WHERE s.balance IS NOT NULL AND s.answer IS NOT NULL
    ), stored AS (
      INSERT INTO idempotency_keys (user_id, key, request_hash, status_code, response, created_at)
      SELECT a.user_id, a.key, a.hash, 201, a.body, now() FROM answers a WHERE a.key IS NOT NULL
      ON CONFLICT (user_id, key) DO UPDATE
         SET request_hash = EXCLUDED.request_hash, status_code = EXCLUDED.status_code,
             response = EXCLUDED.response, created_at = EXCLUDED.created_at
    )
    SELECT a.i, a.body FROM answers a
  LOOP
    v_out[r.i] := jsonb_build_object('status', 201, 'body', r.body);
  END LOOP;
  FOR r IN SELECT s.i, s.balance FROM unnest(v_answer, v_balance) WITH ORDINALITY AS s(answer, balance, i)
            WHERE s.balance IS NOT NULL AND s.answer IS NULL LOOP
    v_out[r.i] := jsonb_build_object('status', 201, 'balance', r.balance, 'created', v_created);
  END LOOP;
  RETURN to_jsonb(v_out);
END $$;
