-- Issue 11: real deposits through Cashfree and direct UPI, and reconciliation of every order.

-- What the gateway knows and said about an order, and when to ask it next.
ALTER TABLE payment_orders ADD COLUMN currency text NOT NULL DEFAULT 'INR';
-- Cashfree's payment_session_id: what the checkout page hands to the gateway's hosted checkout.
ALTER TABLE payment_orders ADD COLUMN gateway_session text;
-- The gateway's last word: ACTIVE, PAID, EXPIRED, TERMINATED, or our own AMOUNT_MISMATCH/UTR_EXPIRED.
ALTER TABLE payment_orders ADD COLUMN gateway_status text;
-- What the gateway says was paid (rupees x 100), beside what we asked for.
ALTER TABLE payment_orders ADD COLUMN gateway_amount_paise bigint;
ALTER TABLE payment_orders ADD COLUMN gateway_checked_at timestamptz;
-- Reconciliation: a pending order is asked about from next_check_at on, with back-off; NULL means
-- nobody asks (settled, or waiting for an operator).
ALTER TABLE payment_orders ADD COLUMN next_check_at timestamptz;
ALTER TABLE payment_orders ADD COLUMN check_attempts integer NOT NULL DEFAULT 0;
ALTER TABLE payment_orders ADD COLUMN expires_at timestamptz;
-- An amount or currency the gateway reports that differs from the order: never credited by itself.
ALTER TABLE payment_orders ADD COLUMN needs_review boolean NOT NULL DEFAULT false;
-- Direct UPI: the 12-digit UTR the player typed; one UTR pays one order, ever.
ALTER TABLE payment_orders ADD COLUMN utr text;
ALTER TABLE payment_orders ADD COLUMN utr_at timestamptz;
CREATE UNIQUE INDEX payment_orders_utr_idx ON payment_orders (utr) WHERE utr IS NOT NULL;
CREATE INDEX payment_orders_due_idx ON payment_orders (next_check_at) WHERE status = 'PENDING';
CREATE INDEX payment_orders_created_idx ON payment_orders (created_at);
