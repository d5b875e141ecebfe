import type { WithdrawalBody } from '../../../src/contracts/withdrawals';
import { maskAccount, maskPhone } from '../../../src/domain/format';
import { formatRupees, paiseToPoints, pointsToPaise } from '../../../src/domain/money';
import { creditOnce, debitWithEntry, setEntryStatus } from '../../db/repositories/ledger';
import { findUserById } from '../../db/repositories/users';
import {
  findMethod,
  findWithdrawal,
  insertWithdrawal,
  type MethodRow,
  setWithdrawalStatus,
  type WithdrawalRow,
} from '../../db/repositories/withdrawals';
import type { Queryable } from '../../db/types';
import { ledgerText } from '../../i18n/ledger-text';
import { conflict, notFound, unprocessable } from '../errors';
import { enqueuePush } from '../push/queue';
import { clearWithdrawalFlag, flagQuickWithdrawal } from './risk';

export const METHOD_NOT_SAVED = 'Please save this withdrawal method first';
export const AMOUNT_OVER_BALANCE = 'Amount cannot exceed your balance';

export function presentMethod(m: MethodRow) {
  return {
    _id: m.id,
    method: m.method,
    phoneNumber: m.phone_number,
    accountHolderName: m.account_holder_name,
    accountNumber: m.account_number,
    ifscCode: m.ifsc_code,
    bankName: m.bank_name,
    branchName: m.branch_name,
    createdAt: m.created_at.toISOString(),
    updatedAt: m.updated_at.toISOString(),
  };
}

export function presentWithdrawal(w: WithdrawalRow) {
  return {
    _id: w.id,
    id: w.id,
    createdAt: w.created_at.toISOString(),
    method: w.method,
    methodDetails: w.method_details,
    amount: paiseToPoints(w.amount_paise),
    status: w.status,
    /** The operator's reason, on a rejected withdrawal. */
    reason: w.status === 'rejected' ? w.note : null,
    /** When it left pending: approved, rejected or cancelled at. */
    decidedAt: w.decided_at ? w.decided_at.toISOString() : null,
    user: w.phone ? { _id: w.user_id, name: w.name, phone: w.phone } : undefined,
  };
}

/**
 * POST /user/withdrawal: the method must be saved; the amount (whole points) is held at once by the
 * same conditional debit as a bid, as a pending debit ledger row, so it cannot be bid again.
 */
export async function requestWithdrawal(tx: Queryable, userId: string, body: WithdrawalBody) {
  const saved = await findMethod(tx, userId, body.method);
  if (!saved) throw unprocessable(METHOD_NOT_SAVED, { method: METHOD_NOT_SAVED });
  const details = presentMethod(saved);
  const w = await insertWithdrawal(tx, userId, saved.method, details, pointsToPaise(body.amount));
  const label =
    saved.method === 'bank' ? maskAccount(saved.account_number ?? '') : maskPhone(saved.phone_number ?? '');
  const balance = await debitWithEntry(tx, {
    userId,
    amountPaise: -w.amount_paise,
    kind: 'withdrawal',
    refId: w.id,
    description: ledgerText.withdrawal(saved.method, label),
    status: 'pending',
  });
  if (balance === null) throw unprocessable(AMOUNT_OVER_BALANCE, { amount: AMOUNT_OVER_BALANCE });
  // A flag for the money desk, never a refusal: the withdrawal waits for an operator as always.
  await flagQuickWithdrawal(tx, userId, w);
  return { withdrawal: w, balancePaise: balance };
}

export const ALREADY_DECIDED = 'This withdrawal was already decided';

/**
 * Operator decision. Approve completes the hold (its ledger row becomes completed). Reject marks the
 * hold failed and refunds it with a credit row (kind 'withdrawal-refund', once per withdrawal); the
 * reason is kept on the withdrawal for the player to read.
 */
export async function decideWithdrawal(
  tx: Queryable,
  id: string,
  outcome: 'approved' | 'rejected',
  adminId: string,
  reason: string | null = null,
) {
  const w = await findWithdrawal(tx, id, true);
  if (!w) throw notFound('Withdrawal');
  const note = outcome === 'rejected' ? reason : null;
  if (!(await setWithdrawalStatus(tx, id, outcome, adminId, note))) throw conflict(ALREADY_DECIDED);
  const points = paiseToPoints(w.amount_paise);
  if (outcome === 'approved') {
    await setEntryStatus(tx, 'withdrawal', id, 'completed');
  } else {
    await refundHold(tx, w, ledgerText.withdrawalRejected, adminId);
  }
  await enqueuePush(tx, {
    userId: w.user_id,
    title: outcome === 'approved' ? 'Withdrawal approved' : 'Withdrawal rejected',
    body:
      outcome === 'approved'
        ? `Your withdrawal of ${formatRupees(points)} has been paid.`
        : `Your withdrawal of ${formatRupees(points)} was rejected and refunded to your wallet.${note ? ` Reason: ${note}` : ''}`,
    link: '/withdrawal',
    topic: 'funds',
    dedupeKey: `withdrawal:${id}`,
  });
  return (await findWithdrawal(tx, id)) as WithdrawalRow;
}

/** The hold's ledger row fails and its amount comes back once (kind 'withdrawal-refund'). */
async function refundHold(tx: Queryable, w: WithdrawalRow, description: string, adminId: string | null) {
  await setEntryStatus(tx, 'withdrawal', w.id, 'failed');
  await clearWithdrawalFlag(tx, w.id, adminId === null ? 'cancelled' : 'rejected');
  await creditOnce(tx, {
    userId: w.user_id,
    amountPaise: w.amount_paise,
    kind: 'withdrawal-refund',
    refId: w.id,
    description,
    createdBy: adminId,
  });
}

/**
 * POST /user/withdrawal/{id}/cancel: the player takes back their own pending withdrawal; the hold
 * is refunded once. The withdrawal's row lock orders it against an operator's decision: whichever
 * commits first wins and the other finds it no longer pending (409). Another player's id is a 404.
 */
export async function cancelWithdrawal(tx: Queryable, id: string, userId: string) {
  const w = await findWithdrawal(tx, id, true);
  if (!w || w.user_id !== userId) throw notFound('Withdrawal');
  if (!(await setWithdrawalStatus(tx, id, 'cancelled', null))) throw conflict(ALREADY_DECIDED);
  await refundHold(tx, w, ledgerText.withdrawalCancelled, null);
  const user = await findUserById(tx, userId);
  return {
    withdrawal: (await findWithdrawal(tx, id)) as WithdrawalRow,
    balancePaise: user?.balance_paise ?? 0,
  };
}
