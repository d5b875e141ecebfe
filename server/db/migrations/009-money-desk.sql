-- The money desk (issue 21): withdrawals a player can follow and cancel, and risk flags.

-- A player may cancel their own pending withdrawal (the hold is refunded once). `note` (unused
-- until now) holds the operator's reason for a rejection, which the player reads. `decided_at` is
-- when the withdrawal left pending, whoever moved it; `decided_by` stays NULL for a cancel.
ALTER TABLE withdrawals DROP CONSTRAINT withdrawals_status_check;
ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_status_check
  CHECK (status IN ('pending', 'approved', 'rejected', 'cancelled'));

-- Where an account was registered from: the client address (IPv6 as its /64, as the address
-- limits key it) and the device (the push token the app registered with, else the app's own
-- device id). Compared to spot several accounts from one device or network within a day.
ALTER TABLE users ADD COLUMN registration_address text;
ALTER TABLE users ADD COLUMN registration_device text;
CREATE INDEX users_registration_address_idx ON users (registration_address, created_at DESC)
  WHERE registration_address IS NOT NULL;
CREATE INDEX users_registration_device_idx ON users (registration_device, created_at DESC)
  WHERE registration_device IS NOT NULL;

-- A referral whose two players share a device or address is not paid on verification: it is
-- 'held' until an operator pays it ('completed') or refuses it ('refused').
ALTER TABLE referrals DROP CONSTRAINT referrals_status_check;
ALTER TABLE referrals ADD CONSTRAINT referrals_status_check
  CHECK (status IN ('pending', 'completed', 'held', 'refused'));

-- Risk flags: never a ban, only something for an operator to look at, with its evidence.
-- `dedupe_key` names what was seen (one device, one player's burst in one hour, one withdrawal);
-- at most one open flag per key. Clearing is an operator's write (audited) with a note.
CREATE TABLE risk_flags (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('shared-device', 'shared-address', 'referral-shared', 'bid-burst', 'quick-withdrawal')),
  dedupe_key text NOT NULL,
  user_ids uuid[] NOT NULL,
  evidence jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  cleared_at timestamptz,
  cleared_by uuid REFERENCES admins(id),
  clear_note text
);
CREATE UNIQUE INDEX risk_flags_open_key_idx ON risk_flags (dedupe_key) WHERE cleared_at IS NULL;
CREATE INDEX risk_flags_key_idx ON risk_flags (dedupe_key);
CREATE INDEX risk_flags_open_idx ON risk_flags (created_at DESC) WHERE cleared_at IS NULL;
CREATE INDEX risk_flags_users_idx ON risk_flags USING gin (user_ids);

-- The bid-burst scan reads the last day's bids across all players.
CREATE INDEX bids_created_idx ON bids (created_at);
