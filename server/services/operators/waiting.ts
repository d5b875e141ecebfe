import type { Waiting } from '../../../src/contracts/waiting';
import { countWaiting } from '../../db/repositories/waiting';
import type { Queryable } from '../../db/types';
import type { AdminPrincipal } from '../../deps';

/**
 * GET /admin/waiting: what waits for this operator's approval (four eyes, issue 49), counted in
 * one statement. Owners approve every kind; staff approve withdrawals only (the other approvals
 * are owners' routes), so theirs are the only kinds counted for staff.
 */
export async function waitingFor(
  q: Queryable,
  who: Pick<AdminPrincipal, 'adminId' | 'role'>,
): Promise<Waiting> {
  const r = await countWaiting(q, who.adminId, who.role === 'owner');
  const counts = {
    operatorChanges: Number(r.operator_changes),
    walletAdjustments: Number(r.wallet_adjustments),
    withdrawals: Number(r.withdrawals),
    payoutRows: Number(r.payout_rows),
    paymentMatches: Number(r.payment_matches),
  };
  return { total: Object.values(counts).reduce((a, b) => a + b, 0), ...counts };
}
