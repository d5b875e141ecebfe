import type { Queryable } from '../types';
import { coveredWithNextDay, type Scope } from './reconciliation';

// Paid withdrawals reconciled with the debits of uploaded bank statements (migrations 028, 031;
// server/services/reconciliation): a debit line whose UTR is a withdrawal's payout_utr shows it.

/** An approved withdrawal with its payout's UTR. */
export interface PayoutRow {
  withdrawal_id: string;
  utr: string;
  amount_paise: number;
  paid_at: Date;
  /** paid_at's market day. */
  day: string;
  player_name: string | null;
  player_phone: string;
}

/** The debit line of a statement that shows a payout. */
export interface PayoutLineRow {
  row_id: string;
  bank: string;
  txn_date: string;
  narration: string;
  line_paise: number;
}

/**
 * The payouts a reconciliation looks at: approved with a UTR, and approved or given their UTR
 * (POST /admin/withdrawals/{id}/payout, which moves updated_at) since `since`; those named by open
 * exceptions; and those whose UTR a debit line of `from`..`to` carries. `shown` pairs each with the
 * debit lines that show it: by the UTR the statement reader took from the line (a 12-digit UPI or
 * IMPS reference), or, for a bank's own reference (NEFT, RTGS: letters and digits), by that
 * reference standing whole in a debit's narration or reference column within a week of the payout
 * (a payout_utr is capitals and digits only, migration 028's check: safe inside the pattern).
 */
const PAYOUT_CTES = `
  scope_utrs AS (
    SELECT r.utr FROM bank_statement_rows r
     WHERE r.debit_paise > 0 AND r.utr IS NOT NULL AND r.txn_date BETWEEN $2::date AND $3::date),
  paid_w AS (
    SELECT w.id, w.user_id, w.payout_utr, w.amount_paise, w.paid_at FROM withdrawals w
     WHERE w.status = 'approved' AND w.payout_utr IS NOT NULL AND w.updated_at >= $1
    UNION
    SELECT w.id, w.user_id, w.payout_utr, w.amount_paise, w.paid_at FROM withdrawals w
     WHERE w.id = ANY($4::uuid[]) AND w.status = 'approved' AND w.payout_utr IS NOT NULL
    UNION
    SELECT w.id, w.user_id, w.payout_utr, w.amount_paise, w.paid_at FROM scope_utrs s
      JOIN withdrawals w ON w.payout_utr = s.utr AND w.payout_utr IS NOT NULL
     WHERE w.status = 'approved'),
  paid AS (
    SELECT w.id AS withdrawal_id, w.payout_utr AS utr, w.amount_paise, w.paid_at,
           to_char(w.paid_at AT TIME ZONE $5, 'YYYY-MM-DD') AS day, u.name AS player_name, u.phone AS player_phone
      FROM paid_w w JOIN users u ON u.id = w.user_id),
  shown AS (
    SELECT p.withdrawal_id, r.id AS row_id, r.bank, to_char(r.txn_date, 'YYYY-MM-DD') AS txn_date, r.narration,
           r.debit_paise AS line_paise
      FROM paid p JOIN bank_statement_rows r ON r.utr = p.utr AND r.debit_paise > 0
    UNION
    SELECT p.withdrawal_id, r.id, r.bank, to_char(r.txn_date, 'YYYY-MM-DD'), r.narration, r.debit_paise
      FROM paid p JOIN bank_statement_rows r
        ON r.debit_paise > 0 AND r.txn_date BETWEEN p.day::date - 7 AND p.day::date + 7
     WHERE p.utr !~ '^[0-9]{12}$'
       AND upper(r.narration || ' ' || r.reference) ~ ('(^|[^A-Z0-9])' || p.utr || '([^A-Z0-9]|$)'))`;

const params = (s: Scope) => [s.since, s.from, s.to, s.withdrawalIds, s.tz];

/**
 * Payouts of the scope that a statement should show by now and none does: statements cover the
 * day it was paid and the day after (a transfer at 11:58 PM may be booked the next morning), and
 * no debit line shows it.
 */
export async function payoutsMissingFromStatements(q: Queryable, s: Scope): Promise<PayoutRow[]> {
  const r = await q.query<PayoutRow>(
    `WITH ${PAYOUT_CTES}
     SELECT p.* FROM paid p
      WHERE ${coveredWithNextDay('p.day')}
        AND NOT EXISTS (SELECT 1 FROM shown s WHERE s.withdrawal_id = p.withdrawal_id)
      ORDER BY p.paid_at, p.withdrawal_id`,
    params(s),
  );
  return r.rows;
}

/**
 * Payouts of the scope that debit lines show, none of them with the amount paid: the first such
 * line. A line with the amount settles it even beside others (a bank may book its charge for the
 * transfer under the same reference).
 */
export async function payoutAmountMismatches(
  q: Queryable,
  s: Scope,
): Promise<Array<PayoutRow & PayoutLineRow>> {
  const r = await q.query<PayoutRow & PayoutLineRow>(
    `WITH ${PAYOUT_CTES}
     SELECT DISTINCT ON (p.withdrawal_id) p.*, s.row_id, s.bank, s.txn_date, s.narration, s.line_paise
       FROM paid p JOIN shown s ON s.withdrawal_id = p.withdrawal_id
      WHERE NOT EXISTS (SELECT 1 FROM shown e WHERE e.withdrawal_id = p.withdrawal_id
                                                AND e.line_paise = p.amount_paise)
      ORDER BY p.withdrawal_id, s.txn_date, s.row_id`,
    params(s),
  );
  return r.rows;
}
