-- A money-received message forwarded from the operator's phone (docs/upi-auto-match.md), decided
-- in one statement under its dedupe lock. A duplicate is recorded as a duplicate; otherwise it is
-- matched to the one order it names (its UTR typed by the player, its reference, or its exact
-- amount in the order's window) and, when that order asks for exactly this amount and can take
-- it, credited once: the order and its fund request succeed, the ledger and the balance move, the
-- player's push is queued; its reason says how it named the order (utr, reference, amount). Anything
-- less certain (or above UPI_AUTO_MATCH_MAX: above-auto-limit) leaves it unmatched with its reason. The message
-- is stored last, once, with its outcome (the unique dedupe index stands behind the lock). The
-- same rules, row locks (fund request, then order) and writes as server/services/payments
-- (upi-notify.ts creditFromMessage, funds.ts decideFund). Answers {id, outcome, reason}.
-- p: {received_at, sent_at, sender, text, source, amount, utr, kind: credit|unclear, reason (the
--     parser's, for unclear), upi, refs, dedupe, at, window_ms, auto_max (paise),
--     push: {title, body, hi_title, hi_body, mr_title, mr_body}}.
CREATE OR REPLACE FUNCTION matka_upi_notify(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_utr text := p->>'utr';
  v_amount int8 := (p->>'amount')::int8;
  v_at timestamptz := (p->>'at')::timestamptz;
  v_received timestamptz := (p->>'received_at')::timestamptz;
  v_id uuid := gen_random_uuid();
  v_orig record;
  v_named text[];
  v_order_id text;
  v_fund_id uuid;
  v_user uuid;
  v_fund_status text;
  v_order record;
  v_decided_by uuid;
  v_reopen boolean;
  v_open boolean;
  v_outcome text := 'unmatched';
  v_reason text;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended(p->>'dedupe', 727431035));
  SELECT id, order_id INTO v_orig FROM payment_notifications
   WHERE dedupe_key = p->>'dedupe' AND outcome <> 'duplicate';
  IF FOUND THEN
    v_outcome := 'duplicate';
    v_reason := 'seen-before';
    v_order_id := v_orig.order_id;
  ELSIF p->>'kind' = 'unclear' THEN
    v_reason := coalesce(p->>'reason', 'unclear');
  ELSIF NOT (p->>'upi')::boolean THEN
    v_reason := 'not-upi';
  ELSE
    SELECT array_agg(DISTINCT x.order_id) INTO v_named FROM (
      SELECT o.order_id FROM payment_orders o WHERE v_utr IS NOT NULL AND o.utr = v_utr
      UNION ALL
      SELECT o.order_id FROM payment_orders o
       WHERE o.reference = ANY (ARRAY(SELECT jsonb_array_elements_text(coalesce(p->'refs', '[]'::jsonb))))
      UNION ALL
      (SELECT o.order_id FROM payment_orders o
        WHERE o.reference IS NOT NULL AND o.amount_paise = v_amount AND o.expires_at > v_at
          AND o.expires_at <= v_at + ((p->>'window_ms')::int8 * interval '1 millisecond')
        LIMIT 3)
    ) x;
    IF coalesce(cardinality(v_named), 0) = 0 THEN
      v_reason := 'no-order';
    ELSIF cardinality(v_named) > 1 THEN
      v_reason := 'several-orders';
    ELSE
      v_order_id := v_named[1];
      SELECT f.id, f.user_id, f.status, f.decided_by INTO v_fund_id, v_user, v_fund_status, v_decided_by
        FROM fund_requests f JOIN payment_orders o ON o.fund_request_id = f.id
       WHERE o.order_id = v_order_id FOR UPDATE OF f;
      SELECT id, status, utr, amount_paise, gateway_status, reference INTO v_order
        FROM payment_orders WHERE order_id = v_order_id FOR UPDATE;
      -- Credited by itself only while it waits (request and order both pending), or when the
      -- server closed it for its player's cancel or its window's end, nobody else: an operator's
      -- rejection (decided_by) or any other close is for a person. Every test is coalesced: a NULL
      -- (a gateway status never set) must read as "no", never skip the refusal (issue 44).
      v_reopen := coalesce(v_fund_status = 'rejected' AND v_decided_by IS NULL AND v_order.status = 'FAILED'
                           AND v_order.gateway_status IN ('CANCELLED', 'EXPIRED'), false);
      v_open := coalesce(v_fund_status = 'pending' AND v_order.status = 'PENDING', false);
      IF v_fund_id IS NULL OR v_order.id IS NULL THEN
        v_reason := 'order-closed';
      ELSIF v_order.amount_paise <> v_amount THEN
        v_reason := 'amount-differs';
      ELSIF v_order.status = 'SUCCESS' OR v_fund_status = 'success' THEN
        IF v_utr IS NULL OR v_order.utr = v_utr THEN
          v_outcome := 'duplicate';
          v_reason := 'already-credited';
        ELSE
          v_reason := 'order-already-paid';
        END IF;
      ELSIF NOT (v_open OR v_reopen) THEN
        v_reason := 'order-closed';
      ELSIF v_amount > (p->>'auto_max')::int8 THEN
        -- Above UPI_AUTO_MATCH_MAX: it names its order, and waits for an operator all the same.
        v_reason := 'above-auto-limit';
      ELSE
        -- How it named its order: the UTR its player typed, the reference in its note, or the amount.
        v_reason := CASE WHEN v_utr IS NOT NULL AND v_order.utr = v_utr THEN 'utr'
                         WHEN v_order.reference = ANY (ARRAY(SELECT jsonb_array_elements_text(coalesce(p->'refs', '[]'::jsonb))))
                           THEN 'reference'
                         ELSE 'amount' END;
        UPDATE payment_orders
           SET utr = coalesce(v_utr, utr),
               utr_at = CASE WHEN v_utr IS NOT NULL THEN coalesce(utr_at, v_received) ELSE utr_at END,
               gateway_status = 'PAID', gateway_amount_paise = v_amount, gateway_checked_at = v_received,
               next_check_at = NULL, status = 'SUCCESS', provider_ref = 'upi-notify:' || v_id,
               completed_at = now(), updated_at = now()
         WHERE id = v_order.id;
        UPDATE fund_requests SET status = 'success', decided_by = NULL, decided_at = now(), updated_at = now(),
                                 amount_paise = v_amount
         WHERE id = v_fund_id;
        -- The credit in one statement: the balance moves and its ledger row (balance after
        -- included) is written, under the fund request's lock; the ledger's unique (kind, ref_id)
        -- still refuses a second credit of this request, whatever happens.
        WITH b AS (
          UPDATE users SET balance_paise = balance_paise + v_amount, updated_at = now()
           WHERE id = v_user
             AND NOT EXISTS (SELECT 1 FROM ledger WHERE kind = 'fund' AND ref_id = v_fund_id::text)
          RETURNING balance_paise)
        INSERT INTO ledger (user_id, amount_paise, kind, ref_id, description, balance_after_paise)
        SELECT v_user, v_amount, 'fund', v_fund_id::text, 'Funds added (order ' || v_order_id || ')', b.balance_paise
          FROM b;
        INSERT INTO push_outbox (user_id, title, body, link, dedupe_key)
        SELECT v_user,
               CASE u.language WHEN 'hi' THEN p->'push'->>'hi_title' WHEN 'mr' THEN p->'push'->>'mr_title'
                               ELSE p->'push'->>'title' END,
               CASE u.language WHEN 'hi' THEN p->'push'->>'hi_body' WHEN 'mr' THEN p->'push'->>'mr_body'
                               ELSE p->'push'->>'body' END,
               '/payment', 'fund:' || v_fund_id || CASE WHEN v_reopen THEN ':paid' ELSE '' END
          FROM users u WHERE u.id = v_user
        ON CONFLICT (dedupe_key) DO NOTHING;
        v_outcome := 'matched';
      END IF;
    END IF;
  END IF;
  INSERT INTO payment_notifications (id, received_at, sent_at, sender, text, source, amount_paise, utr, outcome,
                                     reason, order_id, fund_request_id, dedupe_key)
  VALUES (v_id, v_received, (p->>'sent_at')::timestamptz, p->>'sender', p->>'text', p->>'source', v_amount, v_utr,
          v_outcome, v_reason, v_order_id, CASE WHEN v_outcome = 'matched' THEN v_fund_id END, p->>'dedupe');
  RETURN jsonb_build_object('id', v_id, 'outcome', v_outcome, 'reason', v_reason);
END $$;
