-- Issue 10: accounts and money that hold against attackers, races and slow partners.

-- The SMS outbox becomes a durable queue: a request commits its message as 'pending' and answers at
-- once; a worker claims due rows (FOR UPDATE SKIP LOCKED), sends outside any transaction with a
-- short timeout and retries with back-off until give_up_at. 'stored' stays the outbox provider's
-- final state (the developer reads the code there). A real gateway's text carries a one-time code:
-- until it is sent it is kept only sealed (AES-GCM, key derived from OTP_SECRET), then masked.
ALTER TABLE sms_outbox DROP CONSTRAINT sms_outbox_status_check;
ALTER TABLE sms_outbox ADD CONSTRAINT sms_outbox_status_check
  CHECK (status IN ('stored', 'pending', 'sent', 'failed'));
ALTER TABLE sms_outbox ADD COLUMN sealed_text text;
ALTER TABLE sms_outbox ADD COLUMN attempts integer NOT NULL DEFAULT 0;
ALTER TABLE sms_outbox ADD COLUMN next_attempt_at timestamptz;
ALTER TABLE sms_outbox ADD COLUMN give_up_at timestamptz;
ALTER TABLE sms_outbox ADD COLUMN claimed_at timestamptz;
ALTER TABLE sms_outbox ADD COLUMN claimed_by text;
ALTER TABLE sms_outbox ADD COLUMN sent_at timestamptz;
CREATE INDEX sms_outbox_due_idx ON sms_outbox (next_attempt_at) WHERE status = 'pending';

-- Idempotency answers are stored in the money transaction itself, and only for success: a row is
-- always a finished 2xx answer (the claim is a transaction-scoped advisory lock, not a row).
DELETE FROM idempotency_keys WHERE state <> 'done' OR status_code IS NULL OR status_code NOT BETWEEN 200 AND 299;
ALTER TABLE idempotency_keys DROP COLUMN state;
ALTER TABLE idempotency_keys DROP COLUMN completed_at;
ALTER TABLE idempotency_keys ALTER COLUMN status_code SET NOT NULL;
ALTER TABLE idempotency_keys ALTER COLUMN response SET NOT NULL;
