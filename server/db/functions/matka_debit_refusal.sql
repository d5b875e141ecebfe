-- Why the conditional debit of a bid statement left a player out, from their row as read after
-- it (all NULL: no such player), in this order: blocked (or gone), a pause still running at p_at,
-- betting switched off, else a short balance. One of the refusal rules both bid statements share
-- (matka_place_bids.sql, matka_place_bid_batch.sql).
CREATE OR REPLACE FUNCTION matka_debit_refusal(
  p_blocked boolean, p_paused_until timestamptz, p_batting boolean, p_at timestamptz
) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN p_blocked IS NULL OR p_blocked THEN jsonb_build_object('refused', 'blocked')
    WHEN p_paused_until IS NOT NULL AND p_paused_until > p_at
      THEN jsonb_build_object('refused', 'paused', 'until', p_paused_until)
    WHEN NOT p_batting THEN jsonb_build_object('refused', 'batting')
    ELSE jsonb_build_object('refused', 'balance') END
$$;
