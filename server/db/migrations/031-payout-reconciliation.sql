-- Issue 48 part 3: paid withdrawals checked against the bank. A statement debit whose UTR is a
-- withdrawal's payout_utr (migration 028) reconciles it; a paid withdrawal no statement shows, or
-- shows with another amount, is an exception like a deposit's (migration 024;
-- docs/upi-auto-match.md "Checking credits against the bank").

-- The withdrawal an exception is about (a deposit's names its fund request instead).
ALTER TABLE reconciliation_exceptions ADD COLUMN withdrawal_id uuid REFERENCES withdrawals(id);

-- The payouts a reconciliation looks at: those approved, or given their UTR later, since a moment.
-- An approved withdrawal's updated_at is when it was approved, or when its UTR was added after.
CREATE INDEX withdrawals_paid_utr_idx ON withdrawals (updated_at)
  WHERE status = 'approved' AND payout_utr IS NOT NULL;

-- A bank's own payout reference (NEFT, RTGS) is not a UPI reference the statement reader keeps in
-- `utr`: it is looked for in the narration and reference of the debits within days of the payout.
CREATE INDEX bank_statement_rows_debit_date_idx ON bank_statement_rows (txn_date) WHERE debit_paise > 0;
