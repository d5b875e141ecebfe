import type { WalletAdjust } from '../../../src/contracts/wallet';
import { paiseToPoints, pointsToPaise } from '../../../src/domain/money';
import {
  type AdjustmentRow,
  type ApprovalRow,
  type FourEyesSubject,
  findAdjustment,
  insertAdjustment,
  insertApproval,
  listApprovals,
  markAdjustmentApplied,
} from '../../db/repositories/four-eyes';
import { userExists } from '../../db/repositories/users';
import { findWithdrawal, type WithdrawalRow } from '../../db/repositories/withdrawals';
import type { Queryable } from '../../db/types';
import type { AdminPrincipal, Deps } from '../../deps';
import { conflict, notFound } from '../errors';
import { adjustWallet } from './ledger';
import { assertPayoutUtrFits, nameWaitingUtr, onePayoutPerUtr } from './payout-utr';
import { decideWithdrawal } from './withdrawals';

/**
 * Four eyes on money (docs/api.md "Operator accounts"): a withdrawal above FOUR_EYES_ABOVE points and
 * every manual wallet adjustment need two different operators. Each approval is a row; the money
 * moves when the second operator's approval lands, under the subject's row lock, so exactly once
 * however the approvals race (and across server processes).
 */
export const WAITING_FOR_SECOND = 'Waiting for a second operator';
export const SAME_OPERATOR = 'You approved this already: a second operator must approve it';

type Who = Pick<AdminPrincipal, 'adminId' | 'username'>;
export type Waiting = { waiting: true; approvals: number };

async function approveOnce(tx: Queryable, subject: FourEyesSubject, id: string, who: Who): Promise<number> {
  if (!(await insertApproval(tx, subject, id, who))) throw conflict(SAME_OPERATOR);
  return (await listApprovals(tx, subject, [id])).length;
}

export const needsFourEyes = (deps: Deps, amountPaise: number) =>
  amountPaise > pointsToPaise(deps.env.FOUR_EYES_ABOVE);

/**
 * POST /admin/withdrawals/{id}/approve {utr?}: completes it (paid now, with the payout's UTR when
 * given), or records the first of two approvals. A first approval's UTR stays on the waiting
 * withdrawal (payout-utr.ts): the second approval completes it with that UTR, or refuses another.
 */
export async function approveWithdrawal(
  deps: Deps,
  id: string,
  who: Who,
  utr: string | null = null,
): Promise<Waiting | { withdrawal: WithdrawalRow }> {
  return onePayoutPerUtr(() =>
    deps.db.transaction(async (tx) => {
      const w = await findWithdrawal(tx, id, true);
      if (!w) throw notFound('Withdrawal');
      if (w.status !== 'pending') throw conflict('This withdrawal was already decided');
      if (utr) await assertPayoutUtrFits(tx, w, utr);
      if (needsFourEyes(deps, w.amount_paise)) {
        const approvals = await approveOnce(tx, 'withdrawal', id, who);
        if (approvals < 2) {
          if (utr) await nameWaitingUtr(tx, w, utr);
          return { waiting: true as const, approvals };
        }
      }
      const decision = { outcome: 'approved', adminId: who.adminId, utr, tz: deps.env.MARKET_TZ } as const;
      return { withdrawal: await decideWithdrawal(tx, id, decision) };
    }),
  );
}

/**
 * One row of the bank's answer that says paid (services/payouts/apply.ts), inside the import's
 * transaction, with the withdrawal locked: four eyes as approveWithdrawal has them, except that an
 * owner who approved it already leaves it waiting instead of failing the file.
 */
export async function approvePaidRow(
  tx: Queryable,
  deps: Deps,
  w: WithdrawalRow,
  who: Who,
  utr: string,
): Promise<Waiting | { withdrawal: WithdrawalRow }> {
  if (needsFourEyes(deps, w.amount_paise)) {
    await insertApproval(tx, 'withdrawal', w.id, who);
    const approvals = (await listApprovals(tx, 'withdrawal', [w.id])).length;
    if (approvals < 2) {
      await nameWaitingUtr(tx, w, utr);
      return { waiting: true, approvals };
    }
  }
  const decision = { outcome: 'approved', adminId: who.adminId, utr, tz: deps.env.MARKET_TZ } as const;
  return { withdrawal: await decideWithdrawal(tx, w.id, decision) };
}

/** POST /admin/users/{id}/wallet: the adjustment waits for a second owner (its requester approved it). */
export async function requestAdjustment(deps: Deps, userId: string, body: WalletAdjust, who: Who) {
  return deps.db.transaction(async (tx) => {
    if (!(await userExists(tx, userId))) throw notFound('Player');
    const id = await insertAdjustment(tx, {
      userId,
      type: body.type,
      amountPaise: pointsToPaise(body.amount),
      description: body.description,
      requestedBy: who.adminId,
    });
    return { _id: id, approvals: await approveOnce(tx, 'wallet-adjustment', id, who) };
  });
}

/** POST /admin/wallet-adjustments/{id}/approve: a second owner applies it (once; a debit needs the balance). */
export async function approveAdjustment(deps: Deps, id: string, who: Who) {
  return deps.db.transaction(async (tx) => {
    const a = await findAdjustment(tx, id, true);
    if (!a) throw notFound('Wallet adjustment');
    if (a.status !== 'pending') throw conflict('This adjustment was already applied');
    const approvals = await approveOnce(tx, 'wallet-adjustment', id, who);
    if (approvals < 2) return { waiting: true as const, approvals };
    const body = { type: a.type, amount: paiseToPoints(a.amount_paise), description: a.description };
    const balance = await adjustWallet(tx, a.user_id, body, who.adminId, id);
    await markAdjustmentApplied(tx, id, who.adminId);
    return { adjustment: (await findAdjustment(tx, id)) as AdjustmentRow, balancePaise: balance };
  });
}

export function presentApproval(a: ApprovalRow) {
  return { adminId: a.admin_id, username: a.admin_username, at: a.created_at.toISOString() };
}

export function presentAdjustment(a: AdjustmentRow, approvals: ApprovalRow[]) {
  return {
    _id: a.id,
    user: { _id: a.user_id, name: a.name, phone: a.phone },
    type: a.type,
    amount: paiseToPoints(a.amount_paise),
    description: a.description,
    status: a.status,
    requestedBy: a.requested_by_username,
    approvals: approvals.filter((x) => x.subject_id === a.id).map(presentApproval),
    createdAt: a.created_at.toISOString(),
    appliedAt: a.applied_at ? a.applied_at.toISOString() : null,
  };
}

/** The approvals of a page of subjects, for the console's "who approved first". */
export async function approvalsOf(q: Queryable, subject: FourEyesSubject, ids: string[]) {
  return listApprovals(q, subject, ids);
}
