-- Issue 44: automatic UPI deposits credit only what surely arrived.

-- Every stored message says why it is what it is (no-order, on-hold, debit, above-auto-limit...)
-- or how it found its order (amount, reference, utr, operator). Older ones get theirs.
UPDATE payment_notifications
   SET reason = CASE WHEN matched_by IS NOT NULL THEN 'operator'
                     WHEN outcome = 'matched' THEN 'matched'
                     ELSE 'unclear' END
 WHERE reason IS NULL;
ALTER TABLE payment_notifications ALTER COLUMN reason SET NOT NULL;

-- An operator's match that waits for an owner other than the one who asked (four eyes): made by
-- staff, or of an amount other than the order's exact pay amount. The second owner's approval
-- credits the request once, under the message's row lock; a new match request replaces one that
-- waits.
ALTER TABLE payment_notifications ADD COLUMN match_fund_id uuid REFERENCES fund_requests(id);
ALTER TABLE payment_notifications ADD COLUMN match_requested_by uuid REFERENCES admins(id);
ALTER TABLE payment_notifications ADD COLUMN match_requested_at timestamptz;
ALTER TABLE payment_notifications ADD CONSTRAINT payment_notifications_match_request_whole
  CHECK ((match_fund_id IS NULL) = (match_requested_by IS NULL)
     AND (match_fund_id IS NULL) = (match_requested_at IS NULL));
