import { paiseToPoints } from '../../../src/domain/money';
import { findAdjustment, listAdjustments } from '../../db/repositories/four-eyes';
import { listEntriesWithBalance } from '../../db/repositories/ledger';
import { userExists } from '../../db/repositories/users';
import type { Queryable } from '../../db/types';
import { notFound } from '../errors';
import { approvalsOf, presentAdjustment } from './four-eyes';
import { presentTransaction } from './ledger';

// The operators' reads of players' money (docs/api.md "Operator calls"): a player's ledger with the
// running balance, and the manual wallet adjustments with who requested and approved them.

interface Page {
  limit: number;
  offset: number;
}

/** A player's ledger, newest first, each entry with the balance right after it (404: no player). */
export async function playerLedger(q: Queryable, userId: string, page: Page) {
  if (!(await userExists(q, userId))) throw notFound('User');
  const { rows, total } = await listEntriesWithBalance(q, userId, page.limit, page.offset);
  const items = rows.map((e) => ({
    ...presentTransaction(e),
    balanceAfter: paiseToPoints(Number(e.balance_after_paise)),
  }));
  return { rows: items, total };
}

/** Manual wallet adjustments, newest first, pending or applied or both. */
export async function walletAdjustments(q: Queryable, status: 'pending' | 'applied' | undefined, page: Page) {
  const { rows, total } = await listAdjustments(q, status, page.limit, page.offset);
  const approvals = await approvalsOf(
    q,
    'wallet-adjustment',
    rows.map((a) => a.id),
  );
  return { rows: rows.map((a) => presentAdjustment(a, approvals)), total };
}

/** One wallet adjustment with its approvals (404 when there is none). */
export async function walletAdjustment(q: Queryable, id: string) {
  const a = await findAdjustment(q, id);
  if (!a) throw notFound('Wallet adjustment');
  return presentAdjustment(a, await approvalsOf(q, 'wallet-adjustment', [a.id]));
}
