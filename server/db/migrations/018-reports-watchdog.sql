-- The operator's day (issue 36): profit and loss by market day, CSV exports, and the watchdog.

-- Profit and loss reads a range of market days, and the bids export walks them in (bid_date, id)
-- order. Neither column ever changes, so settlement's updates of a bid stay in place (HOT,
-- migration 007): status and win_paise are read from the row, never from an index.
CREATE INDEX bids_day_idx ON bids (bid_date, id);

-- The ledger export walks entries in time order, and the watchdog's drift check finds the players
-- whose ledger moved since its last pass (from the index alone: it carries the player).
CREATE INDEX ledger_created_idx ON ledger (created_at, id) INCLUDE (user_id);

-- A player's ledger sum from the index alone (an index-only scan: the drift check on a million
-- players reads no ledger row). Replaces ledger_user_idx, which served the same lists.
CREATE INDEX ledger_user_amount_idx ON ledger (user_id, created_at DESC) INCLUDE (amount_paise);
DROP INDEX ledger_user_idx;

-- The fund request and withdrawal exports walk them in time order, whatever their status.
CREATE INDEX fund_requests_created_idx ON fund_requests (created_at, id);
CREATE INDEX withdrawals_created_idx ON withdrawals (created_at, id);

-- What the watchdog found. `key` names the thing seen (one player's drift, one market day's
-- missed draw); at most one open finding per key. A finding clears itself (cleared_at) when its
-- check passes again; a later failure opens a new one. The alert columns are the webhook's
-- outbox: 'pending' until POSTed once after the finding's transaction committed ('sent'), or
-- given up after its attempts ('failed'); 'none' when no webhook was set.
CREATE TABLE watchdog_findings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind ~ '^[a-z][a-z-]{1,40}$'),
  key text NOT NULL,
  severity text NOT NULL CHECK (severity IN ('critical', 'warning')),
  detail text NOT NULL,
  user_id uuid,
  evidence jsonb NOT NULL DEFAULT '{}'::jsonb,
  since timestamptz NOT NULL DEFAULT now(),
  seen_at timestamptz NOT NULL DEFAULT now(),
  cleared_at timestamptz,
  alert_state text NOT NULL DEFAULT 'none' CHECK (alert_state IN ('none', 'pending', 'sent', 'failed')),
  alert_attempts integer NOT NULL DEFAULT 0,
  alert_next_at timestamptz,
  alerted_at timestamptz,
  alert_error text
);
CREATE UNIQUE INDEX watchdog_findings_open_key_idx ON watchdog_findings (key) WHERE cleared_at IS NULL;
CREATE INDEX watchdog_findings_recent_idx ON watchdog_findings (since DESC);
CREATE INDEX watchdog_findings_alert_idx ON watchdog_findings (alert_next_at) WHERE alert_state = 'pending';

-- The watchdog's one row: which process runs the pass (a lease, so one process at a time across
-- all of them), when the last pass finished, and where each incremental check stands.
CREATE TABLE watchdog_state (
  id smallint PRIMARY KEY CHECK (id = 1),
  lease_until timestamptz,
  lease_by text,
  checked_at timestamptz,
  -- The drift check's sweep over players in id order: it goes on after this id.
  drift_after uuid,
  -- Ledger rows created since this instant name the players the drift check reads first.
  ledger_since timestamptz,
  -- Results declared since this instant are checked once for bids their settlement left pending.
  declared_since timestamptz,
  -- The last pass's checks, in order: [{kind, ok, ms, error?}].
  checks jsonb NOT NULL DEFAULT '[]'::jsonb
);
INSERT INTO watchdog_state (id) VALUES (1);
