-- Why a player with responsible-play limits in force may not stake p_total paise now, or NULL:
-- a pause still running ({refused: 'paused', until}), else the limit the submission would pass
-- among p_limits ({field: paise} of stakeDay, lossDay, lossWeek, lossMonth), the one with the least
-- left ({refused: 'limit', limit, left (paise)}). The caller holds the player's row lock, so
-- parallel submissions of one player are counted in turn: the sums below run in a snapshot taken
-- after the lock (a VOLATILE function's statements each take a new one) and include the bids of
-- the submission that held it. One of the refusal rules both bid statements share
-- (matka_place_bids.sql, matka_place_bid_batch.sql).
CREATE OR REPLACE FUNCTION matka_limit_refusal(
  p_user uuid, p_limits jsonb, p_total int8, p_paused_until timestamptz, p_at timestamptz, p_tz text
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_day timestamptz;
  v_week timestamptz;
  v_month timestamptz;
  v_used record;
  v_hit record;
BEGIN
  IF p_paused_until IS NOT NULL AND p_paused_until > p_at THEN
    RETURN jsonb_build_object('refused', 'paused', 'until', p_paused_until);
  END IF;
  v_day := matka_period_start('day', p_at, p_tz);
  v_week := matka_period_start('week', p_at, p_tz);
  v_month := matka_period_start('month', p_at, p_tz);
  SELECT coalesce(sum(amount_paise) FILTER (WHERE created_at >= v_day), 0) AS stake_day,
         coalesce(sum(amount_paise - win_paise) FILTER (WHERE created_at >= v_day), 0) AS loss_day,
         coalesce(sum(amount_paise - win_paise) FILTER (WHERE created_at >= v_week), 0) AS loss_week,
         coalesce(sum(amount_paise - win_paise) FILTER (WHERE created_at >= v_month), 0) AS loss_month
    INTO v_used
    FROM bids WHERE user_id = p_user AND created_at >= least(v_day, v_week, v_month);
  SELECT l.key AS field, greatest((l.value)::int8 - u.used, 0) AS left_paise INTO v_hit
    FROM jsonb_each_text(p_limits) AS l(key, value)
    JOIN (VALUES ('stakeDay', v_used.stake_day), ('lossDay', v_used.loss_day),
                 ('lossWeek', v_used.loss_week), ('lossMonth', v_used.loss_month)) AS u(field, used)
      ON u.field = l.key
   WHERE u.used + p_total > (l.value)::int8
   ORDER BY (l.value)::int8 - u.used, l.key
   LIMIT 1;
  IF FOUND THEN
    RETURN jsonb_build_object('refused', 'limit', 'limit', v_hit.field, 'left', v_hit.left_paise);
  END IF;
  RETURN NULL;
END $$;
