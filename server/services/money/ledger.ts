import { randomUUID } from 'node:crypto';
import type { WalletAdjust } from '../../../src/contracts/wallet';
import { paiseToPoints, pointsToPaise } from '../../../src/domain/money';
import type { Lang } from '../../../src/i18n/languages';
import { creditOnce, debitWithEntry, type TransactionRow } from '../../db/repositories/ledger';
import { userExists } from '../../db/repositories/users';
import type { Queryable } from '../../db/types';
import { renderLedgerLine } from '../../i18n/ledger-text';
import { notFound, unprocessable } from '../errors';

export const ADJUST_OVER_BALANCE = 'Debit exceeds the player balance';

/**
 * POST /admin/users/{id}/wallet: an operator's manual credit or debit, as one ledger row
 * (kind 'adjustment'), through the same once-only credit and conditional debit as everything else.
 * Answers the new balance in paise.
 */
export async function adjustWallet(
  tx: Queryable,
  userId: string,
  body: WalletAdjust,
  adminId: string,
  refId: string = randomUUID(),
): Promise<number> {
  if (!(await userExists(tx, userId))) throw notFound('Player');
  const entry = {
    userId,
    kind: 'adjustment',
    refId,
    description: body.description,
    createdBy: adminId,
  };
  const paise = pointsToPaise(body.amount);
  if (body.type === 'credit') return (await creditOnce(tx, { ...entry, amountPaise: paise })) as number;
  const balance = await debitWithEntry(tx, { ...entry, amountPaise: -paise });
  if (balance === null) throw unprocessable(ADJUST_OVER_BALANCE, { amount: ADJUST_OVER_BALANCE });
  return balance;
}

/**
 * A ledger row as the transaction lists answer it (the player's own in the request's language,
 * the operators' view in English): the line is rendered from its kind at read time.
 */
export function presentTransaction(e: TransactionRow, lang: Lang = 'en') {
  const held = e.kind === 'withdrawal' && e.status === 'failed' ? e.withdrawal_status : null;
  return {
    _id: e.id,
    description: renderLedgerLine(e.kind, e.description, lang),
    createdAt: e.created_at.toISOString(),
    type: e.amount_paise > 0 ? ('credit' as const) : ('debit' as const),
    amount: paiseToPoints(Math.abs(e.amount_paise)),
    status: e.status,
    /** A failed withdrawal hold: the player cancelled it or an operator rejected it. */
    ...(held === 'cancelled' || held === 'rejected' ? { statusDetail: held } : {}),
    kind: e.kind,
  };
}
