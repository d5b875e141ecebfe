-- Operator security (issue 19).
--
-- The audit log is written ahead of the write it records: the row is inserted (status 0, "in
-- progress") before the operator's write runs, so a write whose row cannot be stored never
-- happens; once the write has answered, the same row gets its status and the resource after.
-- That completion is the only change the log accepts: once, from status 0, touching nothing but
-- status and after. Everything else stays refused (append-only, as in migration 005).
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = 0 AND NEW.status <> 0
     AND (NEW.id, NEW.at, NEW.admin_id, NEW.admin_username, NEW.admin_role, NEW.method, NEW.route,
          NEW.path, NEW.request, NEW.before, NEW.client_address, NEW.request_id)
         IS NOT DISTINCT FROM
         (OLD.id, OLD.at, OLD.admin_id, OLD.admin_username, OLD.admin_role, OLD.method, OLD.route,
          OLD.path, OLD.request, OLD.before, OLD.client_address, OLD.request_id)
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only';
END $$;

-- A password-reset grant belongs to whoever verified the code: verify-otp answers a one-time
-- resetToken and only its hash is kept. Grants issued before this migration have no hash and
-- can no longer be used (they lived 10 minutes).
ALTER TABLE password_reset_grants ADD COLUMN token_hash text;
CREATE UNIQUE INDEX password_reset_grants_token_idx ON password_reset_grants (token_hash);

-- Two-factor sign-in for operators (TOTP, RFC 6238). Secrets are sealed by the server
-- (server/services/totp.ts); totp_pending holds a secret from setup until a code confirms it;
-- totp_last_step is the newest time step accepted, so a code is never accepted twice.
ALTER TABLE admins ADD COLUMN totp_secret text;
ALTER TABLE admins ADD COLUMN totp_pending text;
ALTER TABLE admins ADD COLUMN totp_enabled_at timestamptz;
ALTER TABLE admins ADD COLUMN totp_last_step bigint NOT NULL DEFAULT 0;

-- Ten recovery codes per operator, stored as sha256, each usable once.
CREATE TABLE admin_recovery_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  admin_id uuid NOT NULL REFERENCES admins(id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (admin_id, code_hash)
);

-- The step between a right password and the second factor: 5 minutes, 5 tries (counted in one
-- statement, however many arrive at once), used once.
CREATE TABLE admin_login_challenges (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  challenge_hash text NOT NULL UNIQUE,
  admin_id uuid NOT NULL REFERENCES admins(id) ON DELETE CASCADE,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Four eyes on money: a withdrawal above FOUR_EYES_ABOVE and every manual wallet adjustment need
-- two different operators. Each approval is a row (one per operator and subject); the decision is
-- taken under the subject's row lock, so it happens exactly once.
CREATE TABLE four_eyes_approvals (
  subject text NOT NULL CHECK (subject IN ('withdrawal', 'wallet-adjustment')),
  subject_id uuid NOT NULL,
  admin_id uuid NOT NULL REFERENCES admins(id),
  admin_username text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (subject, subject_id, admin_id)
);

-- A manual credit or debit waiting for a second owner; applied once, as a ledger 'adjustment'.
CREATE TABLE wallet_adjustments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id),
  type text NOT NULL CHECK (type IN ('credit', 'debit')),
  amount_paise bigint NOT NULL CHECK (amount_paise > 0),
  description text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'applied')),
  requested_by uuid NOT NULL REFERENCES admins(id),
  applied_by uuid REFERENCES admins(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  applied_at timestamptz
);
CREATE INDEX wallet_adjustments_pending_idx ON wallet_adjustments (created_at DESC) WHERE status = 'pending';

-- Operator sessions: where and with what browser each token was issued, so an operator sees their
-- sessions and ends any (owners: anyone's).
ALTER TABLE auth_tokens ADD COLUMN client_address text;
ALTER TABLE auth_tokens ADD COLUMN user_agent text;
CREATE INDEX auth_tokens_admin_idx ON auth_tokens (admin_id, created_at DESC) WHERE revoked_at IS NULL;
