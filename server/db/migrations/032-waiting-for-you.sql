-- "Waiting for you" (issue 49): every operator's console asks GET /admin/waiting once a minute,
-- which counts, among others, the bank-message matches waiting for an owner's approval. Those are
-- a handful among every message ever forwarded: this index holds only them, so the count never
-- reads the inbox. (Pending withdrawals, wallet adjustments and operator changes have theirs.)
CREATE INDEX payment_notifications_waiting_match_idx ON payment_notifications (match_requested_by)
  WHERE match_fund_id IS NOT NULL;
