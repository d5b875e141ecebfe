-- Issue 44: every automatic credit checked against the bank. An owner uploads the statement the
-- bank's net banking exports; each UPI credit in it is reconciled with the fund request credited
-- with its UTR, and what does not agree becomes an exception an operator works through
-- (docs/upi-auto-match.md "Checking credits against the bank").

-- One uploaded file. The same file twice is the same statement (file_sha256); `covers_from` and
-- `covers_to` are the days it speaks for (its period, never past the day it was uploaded).
CREATE TABLE bank_statements (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  bank text NOT NULL,
  file_sha256 text NOT NULL UNIQUE,
  file_type text NOT NULL CHECK (file_type IN ('csv', 'xlsx')),
  covers_from date NOT NULL,
  covers_to date NOT NULL CHECK (covers_to >= covers_from),
  row_count integer NOT NULL,
  credit_count integer NOT NULL,
  debit_count integer NOT NULL,
  credit_paise bigint NOT NULL,
  debit_paise bigint NOT NULL,
  -- Rows this upload added (an overlapping statement adds only the rows not seen before).
  new_rows integer NOT NULL,
  uploaded_by uuid REFERENCES admins(id),
  uploaded_at timestamptz NOT NULL
);
CREATE INDEX bank_statements_covers_idx ON bank_statements (covers_from, covers_to);
CREATE INDEX bank_statements_uploaded_idx ON bank_statements (uploaded_at DESC);

-- One transaction line, once however many statements show it: `row_key` is a digest of the
-- bank, date, narration, reference, amounts and balance (and its occurrence among identical
-- lines of one file), so the same line in an overlapping statement is the same row.
CREATE TABLE bank_statement_rows (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  row_key text NOT NULL UNIQUE,
  statement_id uuid NOT NULL REFERENCES bank_statements(id),
  bank text NOT NULL,
  txn_date date NOT NULL,
  narration text NOT NULL,
  reference text NOT NULL,
  debit_paise bigint NOT NULL CHECK (debit_paise >= 0),
  credit_paise bigint NOT NULL CHECK (credit_paise >= 0),
  balance_paise bigint,
  -- The 12-digit UPI reference read from the narration or the reference column.
  utr text,
  -- A UPI line (its narration says UPI, or it carries a UTR).
  upi boolean NOT NULL
);
CREATE INDEX bank_statement_rows_utr_idx ON bank_statement_rows (utr) WHERE utr IS NOT NULL;
CREATE INDEX bank_statement_rows_date_idx ON bank_statement_rows (txn_date) WHERE upi AND credit_paise > 0;
CREATE INDEX bank_statement_rows_statement_idx ON bank_statement_rows (statement_id);

-- What the statements and the credits disagree on. One exception per thing seen, ever (`key`,
-- such as 'credited-not-in-statement:<fund id>'): parallel reconciliations open it once, and a
-- resolved one is not opened again. It is closed by an owner (resolved_by, note) or by itself
-- when a later statement or credit settles it (resolved_by NULL, closed_by says what).
CREATE TABLE reconciliation_exceptions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  key text NOT NULL UNIQUE,
  kind text NOT NULL,
  amount_paise bigint NOT NULL,
  utr text,
  fund_request_id uuid REFERENCES fund_requests(id),
  notification_id uuid REFERENCES payment_notifications(id),
  statement_row_id uuid REFERENCES bank_statement_rows(id),
  -- The statement whose upload opened it (none for one opened by the periodic check).
  statement_id uuid REFERENCES bank_statements(id),
  detail text NOT NULL,
  -- The market day it is about (the credit's or the statement line's), for the daily report.
  day date NOT NULL,
  since timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved')),
  resolved_at timestamptz,
  resolved_by uuid REFERENCES admins(id),
  note text,
  closed_by text CHECK (closed_by IN ('owner', 'statement', 'credit')),
  CHECK ((status = 'open') = (resolved_at IS NULL))
);
CREATE INDEX reconciliation_exceptions_open_idx ON reconciliation_exceptions (kind, since) WHERE status = 'open';
CREATE INDEX reconciliation_exceptions_day_idx ON reconciliation_exceptions (day);
CREATE INDEX reconciliation_exceptions_resolved_idx ON reconciliation_exceptions (resolved_at DESC)
  WHERE status = 'resolved';

-- The message that credited a fund request, found from the request (reconciliation names it).
CREATE INDEX payment_notifications_fund_idx ON payment_notifications (fund_request_id)
  WHERE fund_request_id IS NOT NULL;

-- The credits a reconciliation looks at again (the last days' fund credits): found without walking
-- the bids' ledger rows of those days.
CREATE INDEX ledger_fund_created_idx ON ledger (created_at) WHERE kind = 'fund';
