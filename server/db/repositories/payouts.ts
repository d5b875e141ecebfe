import type { Queryable } from '../types';

// The payout's reference on withdrawals (migration 028) and the payout batch's rows.

/** The withdrawals that hold any of these UTRs as their payout reference (the unique index). */
export async function payoutUtrHolders(q: Queryable, utrs: string[]): Promise<Map<string, string>> {
  if (utrs.length === 0) return new Map();
  const r = await q.query<{ payout_utr: string; id: string }>(
    'SELECT payout_utr, id FROM withdrawals WHERE payout_utr = ANY($1::text[])',
    [utrs],
  );
  return new Map(r.rows.map((row) => [row.payout_utr, row.id]));
}

/** The UTR of an approved withdrawal that had none; false when it has one already (or is not approved). */
export async function setLaterPayoutUtr(q: Queryable, id: string, utr: string): Promise<boolean> {
  const r = await q.query(
    `UPDATE withdrawals SET payout_utr = $2, updated_at = now()
      WHERE id = $1 AND status = 'approved' AND payout_utr IS NULL RETURNING id`,
    [id, utr],
  );
  return r.rows.length === 1;
}

/**
 * The UTR a first approval named on a withdrawal still waiting for its second (four eyes): the
 * bank paid it, so it leaves the next batch and the player can no longer take it back.
 */
export async function nameWaitingPayoutUtr(q: Queryable, id: string, utr: string): Promise<boolean> {
  const r = await q.query(
    `UPDATE withdrawals SET payout_utr = $2, updated_at = now()
      WHERE id = $1 AND status = 'pending' AND (payout_utr IS NULL OR payout_utr = $2) RETURNING id`,
    [id, utr],
  );
  return r.rows.length === 1;
}

export interface PayoutRow {
  id: string;
  method: string;
  method_details: Record<string, unknown>;
  amount_paise: number;
  name: string;
  phone: string;
}

/**
 * The withdrawals a payout batch pays: pending, with no UTR named yet (one the bank already paid
 * and that waits for a second approval must not be paid again), oldest first.
 */
export async function unpaidPendingWithdrawals(q: Queryable): Promise<PayoutRow[]> {
  const r = await q.query<PayoutRow>(
    `SELECT w.id, w.method, w.method_details, w.amount_paise, u.name, u.phone
       FROM withdrawals w JOIN users u ON u.id = w.user_id
      WHERE w.status = 'pending' AND w.payout_utr IS NULL
      ORDER BY w.created_at, w.id`,
  );
  return r.rows;
}
