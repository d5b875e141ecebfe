-- Issue 35: UPI deposits that credit themselves. The payee's phone forwards its bank's credit
-- messages; each order waits for a payment of its own exact amount (the amount plus 1-99 paise)
-- within its window, or one that names its reference or its UTR. Issue 39: orders the player
-- cancels (fund_requests.note carries "Cancelled by you").

-- An order opened with UPI_AUTO_MATCH: the short code in its UPI note (tn). Its amount_paise is
-- the exact amount to pay and its expires_at the end of its window.
ALTER TABLE payment_orders ADD COLUMN reference text;
CREATE UNIQUE INDEX payment_orders_reference_idx ON payment_orders (reference) WHERE reference IS NOT NULL;
-- A payment of X paise at instant T names the order with amount X whose window holds T.
CREATE INDEX payment_orders_pay_amount_idx ON payment_orders (amount_paise, expires_at)
  WHERE reference IS NOT NULL;

-- Which exact amounts are taken, and until when: a new order takes a free one in one conditional
-- upsert, so two orders whose windows overlap never share an amount (however many arrive at once).
-- A row is reused once its hold has ended.
CREATE TABLE upi_pay_amounts (
  amount_paise bigint PRIMARY KEY CHECK (amount_paise > 0),
  order_id text NOT NULL,
  held_until timestamptz NOT NULL
);

-- Every message the forwarder delivered with the right secret, and what became of it.
CREATE TABLE payment_notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  received_at timestamptz NOT NULL DEFAULT now(),
  -- When the phone says it got the message (the forwarder's stamp), if it said.
  sent_at timestamptz,
  -- The sender as the phone shows it (a bank's sender id, a number, an app).
  sender text,
  text text NOT NULL,
  source text NOT NULL CHECK (source IN ('sms-forwarder', 'sms-gateway', 'text')),
  amount_paise bigint CHECK (amount_paise IS NULL OR amount_paise > 0),
  utr text,
  outcome text NOT NULL CHECK (outcome IN ('matched', 'duplicate', 'unmatched', 'ignored')),
  -- Why: the parser's reason for an ignored one, why an unmatched one names no order.
  reason text,
  -- The order it credited (matched), repeats (duplicate) or may belong to (unmatched).
  order_id text,
  fund_request_id uuid REFERENCES fund_requests(id),
  -- 'utr:<utr>', else the message's own identity: the same payment is taken once, ever.
  dedupe_key text,
  matched_by uuid REFERENCES admins(id),
  matched_at timestamptz
);
CREATE UNIQUE INDEX payment_notifications_dedupe_idx ON payment_notifications (dedupe_key)
  WHERE dedupe_key IS NOT NULL AND outcome <> 'duplicate';
CREATE INDEX payment_notifications_received_idx ON payment_notifications (received_at DESC);
CREATE INDEX payment_notifications_outcome_idx ON payment_notifications (outcome, received_at DESC);
CREATE INDEX payment_notifications_utr_idx ON payment_notifications (utr) WHERE utr IS NOT NULL;
