-- Operator trust, round two (issue 34).
--
-- A session keeps the factor it was opened with: an operator token opened with a password alone
-- stays password-only when its operator turns two-factor sign-in on later (before, the factor was
-- read from the operator's row, so a stolen password's limited token gained full access the
-- moment the real operator finished the setup). Sessions open today keep what they had.
ALTER TABLE auth_tokens ADD COLUMN second_factor boolean NOT NULL DEFAULT false;
UPDATE auth_tokens t SET second_factor = true
  FROM admins a
 WHERE a.id = t.admin_id AND a.totp_enabled_at IS NOT NULL AND t.revoked_at IS NULL;

-- A session raised to two factors (the one that put the second factor in force) drops the
-- token caches of every process, as a revocation does.
DROP TRIGGER auth_tokens_changes ON auth_tokens;
CREATE TRIGGER auth_tokens_changes
  AFTER UPDATE OF revoked_at, expires_at, token_hash, user_id, admin_id, second_factor
     OR DELETE OR TRUNCATE ON auth_tokens
  FOR EACH STATEMENT EXECUTE FUNCTION matka_notify_change('auth');

-- Nobody alone: making an operator, raising one to owner, switching one back on, and resetting
-- another operator's password or second factor wait here for a second owner. The request is the
-- first approval (four_eyes_approvals, subject 'operator-change'); a different owner's approval
-- applies it once, under this row's lock. At most one change waits per operator.
CREATE TABLE operator_changes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  admin_id uuid NOT NULL REFERENCES admins(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('create', 'make-owner', 'reactivate', 'reset-password', 'reset-2fa')),
  -- reset-password: the new password's hash, in force only once approved.
  password_hash text,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'applied', 'rejected')),
  requested_by uuid NOT NULL REFERENCES admins(id),
  decided_by uuid REFERENCES admins(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  CHECK ((kind = 'reset-password') = (password_hash IS NOT NULL))
);
CREATE UNIQUE INDEX operator_changes_one_pending_idx ON operator_changes (admin_id) WHERE status = 'pending';

ALTER TABLE four_eyes_approvals DROP CONSTRAINT four_eyes_approvals_subject_check;
ALTER TABLE four_eyes_approvals ADD CONSTRAINT four_eyes_approvals_subject_check
  CHECK (subject IN ('withdrawal', 'wallet-adjustment', 'operator-change'));
