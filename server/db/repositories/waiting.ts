import type { Queryable } from '../types';

/** What waits for one operator's approval, per kind (services/operators/waiting.ts). */
export interface WaitingRow {
  operator_changes: number;
  wallet_adjustments: number;
  withdrawals: number;
  payout_rows: number;
  payment_matches: number;
}

/** No approval of this subject by operator $1 yet. */
const notMine = (subject: string, id: string) =>
  `NOT EXISTS (SELECT 1 FROM four_eyes_approvals f
                WHERE f.subject = '${subject}' AND f.subject_id = ${id} AND f.admin_id = $1)`;

/**
 * One statement: the four-eyes subjects operator $1 may approve ($2: they are an owner). Each
 * count reads a partial or status index (pending rows only), so polling it stays cheap.
 * - operator changes (owners): pending, not about this operator, not asked or approved by them;
 * - wallet adjustments (owners): pending, not approved by them (the request is its first approval);
 * - withdrawals: pending with a first approval that is not theirs, apart by whether that approval
 *   named the payout's UTR (the bank paid it: one by one or a payout batch's answer);
 * - payment matches (owners): an operator's match waiting for an owner, not asked by them.
 */
export async function countWaiting(q: Queryable, adminId: string, owner: boolean): Promise<WaitingRow> {
  const r = await q.query<WaitingRow>(
    `SELECT
       CASE WHEN $2 THEN (SELECT count(*) FROM operator_changes c
                           WHERE c.status = 'pending' AND c.admin_id <> $1 AND c.requested_by <> $1
                             AND ${notMine('operator-change', 'c.id')}) ELSE 0 END::int8 AS operator_changes,
       CASE WHEN $2 THEN (SELECT count(*) FROM wallet_adjustments a
                           WHERE a.status = 'pending' AND a.requested_by <> $1
                             AND ${notMine('wallet-adjustment', 'a.id')}) ELSE 0 END::int8 AS wallet_adjustments,
       w.withdrawals, w.payout_rows,
       CASE WHEN $2 THEN (SELECT count(*) FROM payment_notifications n
                           WHERE n.match_fund_id IS NOT NULL AND n.outcome = 'unmatched'
                             AND n.match_requested_by <> $1) ELSE 0 END::int8 AS payment_matches
     FROM (SELECT count(*) FILTER (WHERE w.payout_utr IS NULL)::int8 AS withdrawals,
                  count(*) FILTER (WHERE w.payout_utr IS NOT NULL)::int8 AS payout_rows
             FROM withdrawals w
            WHERE w.status = 'pending'
              AND EXISTS (SELECT 1 FROM four_eyes_approvals f
                           WHERE f.subject = 'withdrawal' AND f.subject_id = w.id)
              AND ${notMine('withdrawal', 'w.id')}) w`,
    [adminId, owner],
  );
  return r.rows[0] as WaitingRow;
}
