-- The responsible-play limits in force for a player at an instant (fields without a limit are
-- absent): a looser value asked for waits in pending_value_paise until pending_at.
-- Used by the bid statements (matka_place_bids.sql, matka_place_bid_batch.sql).
CREATE OR REPLACE FUNCTION matka_limits_in_force(p_user uuid, p_at timestamptz)
RETURNS TABLE (field text, value_paise bigint) LANGUAGE sql STABLE AS $$
  SELECT l.field, CASE WHEN l.pending AND l.pending_at <= p_at THEN l.pending_value_paise ELSE l.value_paise END
    FROM player_limits l
   WHERE l.user_id = p_user
     AND CASE WHEN l.pending AND l.pending_at <= p_at THEN l.pending_value_paise ELSE l.value_paise END IS NOT NULL
$$;
