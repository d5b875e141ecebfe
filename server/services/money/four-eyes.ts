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

/** POST /admin/withdrawals/{id}/approve: completes it, or records the first of two approvals. */
export async function approveWithdrawal(
  deps: Deps,
  id: string,
  who: Who,
): Promise<Waiting | { withdrawal: WithdrawalRow }> {
  return deps.db.transaction(async (tx) => {
    const w = await findWithdrawal(tx, id, true);
    if (!w) throw notFound('Withdrawal');
    if (w.status !== 'pending') throw conflict('This withdrawal was already decided');
    if (needsFourEyes(deps, w.amount_paise)) {
      const approvals = await approveOnce(tx, 'withdrawal', id, who);
      if (approvals < 2) return { waiting: true as const, approvals };
    }
    return { withdrawal: await decideWithdrawal(tx, id, 'approved', who.adminId) };
  });
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
