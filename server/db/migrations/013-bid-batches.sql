-- Bids placed together (issue 18). At the close rush a process hands PostgreSQL the submissions
-- that arrived while its previous statement for the same game ran, as one statement: one round
-- trip, one transaction and one commit for all of them instead of one each. Each submission goes
-- through matka_place_bids (migrations 007, 011, 012) exactly as if it came alone, in the order
-- given (the server sorts them by player, so two batches take players' row locks in the same
-- order), and a refusal writes nothing for that submission only.
-- p_subs: [{user, key, hash, request, total, description, games, bids, answer, now, tz}], the
-- arguments of matka_place_bids by name (answer and now may be null).
-- Answers an array with matka_place_bids's answer for each submission, in the same order.
CREATE FUNCTION matka_place_bid_batch(p_subs jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  s jsonb;
  v_out jsonb := '[]'::jsonb;
BEGIN
  FOR s IN SELECT e.value FROM jsonb_array_elements(p_subs) WITH ORDINALITY AS e(value, i) ORDER BY e.i LOOP
    v_out := v_out || jsonb_build_array(matka_place_bids(
      (s->>'user')::uuid, s->>'key', s->>'hash', (s->>'request')::uuid, (s->>'total')::int8,
      s->>'description', s->'games', s->'bids', nullif(s->'answer', 'null'::jsonb),
      (s->>'now')::timestamptz, s->>'tz'));
  END LOOP;
  RETURN v_out;
END $$;
