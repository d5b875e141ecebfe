-- Withdrawals paid with proof (issue 48): the payout's reference (UTR) and when it was paid.
--
-- `payout_utr` is the reference the bank gave the transfer: a UPI/IMPS RRN (12 digits) or a bank's
-- own reference (NEFT 16, RTGS 22 letters and digits), upper-case (src/contracts/payouts.ts holds
-- the accepted shape; the check below repeats it). It is set when the withdrawal is approved, or
-- once later on an approved one; on a pending withdrawal it is the reference named by the first
-- of two approvals (four eyes: the bank has paid, a second operator still has to agree), and it
-- is cleared when a withdrawal is rejected or cancelled. One reference pays one withdrawal, ever:
-- the unique index refuses a second, and is also how a bank statement's debit finds the
-- withdrawal it paid (the statement check looks withdrawals up by this column).
ALTER TABLE withdrawals ADD COLUMN payout_utr text
  CONSTRAINT withdrawals_payout_utr_shape CHECK (
    payout_utr ~ '^[0-9]{12}$'
    OR (payout_utr ~ '^[A-Z0-9]{8,22}$' AND payout_utr ~ '[A-Z]' AND payout_utr ~ '[0-9]')
  );
CREATE UNIQUE INDEX withdrawals_payout_utr_idx ON withdrawals (payout_utr) WHERE payout_utr IS NOT NULL;

-- When the money left: the approval's moment (an operator approves what they have paid, or the
-- bank's answer says paid). Withdrawals approved before this migration were paid when decided.
ALTER TABLE withdrawals ADD COLUMN paid_at timestamptz;
UPDATE withdrawals SET paid_at = coalesce(decided_at, updated_at) WHERE status = 'approved';

ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_paid_when_approved
  CHECK ((status = 'approved') = (paid_at IS NOT NULL));
ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_utr_only_when_paid_or_waiting
  CHECK (payout_utr IS NULL OR status IN ('pending', 'approved'));

-- The payout batch lists the withdrawals still waiting and not yet paid by the bank.
CREATE INDEX withdrawals_unpaid_pending_idx ON withdrawals (created_at, id)
  WHERE status = 'pending' AND payout_utr IS NULL;
