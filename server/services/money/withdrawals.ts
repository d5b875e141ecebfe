import type { WithdrawalBody } from '../../../src/contracts/withdrawals';
import { maskAccount, maskPhone } from '../../../src/domain/format';
import { paiseToPoints, pointsToPaise } from '../../../src/domain/money';
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
import { paidPush, rejectedPush } from './withdrawal-pushes';

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
    paidAt: w.paid_at ? w.paid_at.toISOString() : null,
    /** Only once paid: a UTR named while a second approval waits is the desk's, not the player's. */
    payoutUtr: w.status === 'approved' ? w.payout_utr : null,
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
/** The reason a failed row of the bank's answer leaves on the withdrawal (the player reads it). */
export const BANK_FAILED_REASON = 'Payment failed at the bank';
export const BEING_PAID = 'This withdrawal is being paid and can no longer be cancelled';

/** An operator's decision: approve (with the payout's UTR when known), or reject with a reason. */
export type Decision =
  | { outcome: 'approved'; adminId: string; utr?: string | null; tz: string }
  | { outcome: 'rejected'; adminId: string; reason: string; bankFailed?: boolean };

/**
 * Operator decision. Approve completes the hold (its ledger row becomes completed) and stamps when
 * it was paid, with its UTR. Reject marks the hold failed and refunds it with a credit row (kind
 * 'withdrawal-refund', once per withdrawal); the reason is kept on the withdrawal for the player to
 * read. Either way the player gets a push in their language (withdrawal-pushes.ts).
 */
export async function decideWithdrawal(tx: Queryable, id: string, d: Decision) {
  const w = await findWithdrawal(tx, id, true);
  if (!w) throw notFound('Withdrawal');
  const approved = d.outcome === 'approved';
  const note = approved ? null : d.reason;
  const utr = approved ? (d.utr ?? null) : null;
  if (!(await setWithdrawalStatus(tx, id, d.outcome, d.adminId, note, utr))) throw conflict(ALREADY_DECIDED);
  const decided = (await findWithdrawal(tx, id)) as WithdrawalRow;
  if (approved) {
    await setEntryStatus(tx, 'withdrawal', id, 'completed');
    await enqueuePush(tx, paidPush(decided, d.tz));
  } else {
    const line = d.bankFailed ? ledgerText.withdrawalFailedAtBank : ledgerText.withdrawalRejected;
    await refundHold(tx, w, line, d.adminId);
    await enqueuePush(tx, rejectedPush(decided, d.bankFailed === true));
  }
  return decided;
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
  // The bank paid it (its UTR waits for a second operator's approval): no refund on top.
  if (w.status === 'pending' && w.payout_utr) throw conflict(BEING_PAID);
  if (!(await setWithdrawalStatus(tx, id, 'cancelled', null))) throw conflict(ALREADY_DECIDED);
  await refundHold(tx, w, ledgerText.withdrawalCancelled, null);
  const user = await findUserById(tx, userId);
  return {
    withdrawal: (await findWithdrawal(tx, id)) as WithdrawalRow,
    balancePaise: user?.balance_paise ?? 0,
  };
}
