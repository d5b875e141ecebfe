import { countRecentPendingFunds } from '../../db/repositories/funds';
import { lockUser } from '../../db/repositories/users';
import type { Queryable } from '../../db/types';
import { unprocessable } from '../errors';

export const tooManyPendingFunds = (cap: number) =>
  `You already have ${cap} pending payments. Please complete them or wait a while before adding more funds.`;

/**
 * A player may hold at most `cap` pending fund orders from the last 24 hours that can still be paid
 * (older ones, and those whose window ended without a UTR, are left to expire). The player's row
 * is locked first, so parallel requests of one player count in turn and the cap holds however many
 * arrive at once. Call inside the fund request's transaction.
 */
export async function assertPendingFundCap(
  tx: Queryable,
  userId: string,
  cap: number,
  now: Date,
): Promise<void> {
  await lockUser(tx, userId);
  const pending = await countRecentPendingFunds(tx, userId, now);
  if (pending >= cap) throw unprocessable(tooManyPendingFunds(cap), { amount: tooManyPendingFunds(cap) });
}
