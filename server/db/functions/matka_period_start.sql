-- The start of the market zone's day, week (from Monday) or calendar month holding p_at: the
-- periods of the responsible-play limits.
CREATE OR REPLACE FUNCTION matka_period_start(p_period text, p_at timestamptz, p_tz text)
RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT date_trunc(p_period, p_at AT TIME ZONE p_tz) AT TIME ZONE p_tz
$$;
