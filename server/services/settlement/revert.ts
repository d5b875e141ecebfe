import type { Family } from '../../../src/domain/types';
import { findGame } from '../../db/repositories/bid-games';
import {
  deleteResult,
  lockResultById,
  type ResultRow,
  resultGameId,
} from '../../db/repositories/declared-results';
import {
  applyLedgerBatch,
  lockUsers,
  playersShortOf,
  reopenBids,
  settledBids,
} from '../../db/repositories/settlement';
import type { Queryable } from '../../db/types';
import { conflict, notFound } from '../errors';
import { winRef } from './settle';

export const REVERT_WOULD_OVERDRAW =
  'Cannot revert: a player has already used winnings from this result (the balance would go negative)';

/**
 * Reverts a declared result (DELETE /admin/results/{family}/{id}): every bid it settled goes back to
 * pending and every win it paid is taken back with a 'win-reversal' ledger row (the win row stays:
 * history is never deleted). Policy when a player has spent the winnings: the revert is refused
 * with 409 and nothing changes (no clamping), so the ledger always equals the balance and no
 * reversal is ever recorded for less than was paid. The result row itself is removed.
 */
export async function revertResult(
  tx: Queryable,
  family: Family,
  resultId: string,
): Promise<{ result: ResultRow; revertedBids: number; winners: number; totalWinPaise: number }> {
  const gameId = await resultGameId(tx, resultId, family);
  if (!gameId) throw notFound('Result');
  // Same lock order as a declaration: game, then result, then bids, then players (sorted).
  const game = await findGame(tx, gameId, 'FOR UPDATE');
  const result = await lockResultById(tx, resultId);
  if (!game || !result) throw notFound('Result');
  const bids = await settledBids(tx, result.game_id, result.result_date);
  const won = bids.filter((b) => b.status === 'won' && b.win_paise > 0);
  const owed = new Map<string, number>();
  for (const b of won) owed.set(b.user_id, (owed.get(b.user_id) ?? 0) + b.win_paise);
  await lockUsers(tx, [...owed.keys()]);
  if (owed.size > 0 && (await playersShortOf(tx, [...owed])).length > 0) {
    throw conflict(REVERT_WOULD_OVERDRAW);
  }
  await applyLedgerBatch(
    tx,
    won.map((b) => ({
      userId: b.user_id,
      amountPaise: -b.win_paise,
      kind: 'win-reversal',
      refId: winRef(b.id, b.settle_count),
      description: `Result reverted: ${game.gameName}`,
    })),
  );
  await reopenBids(
    tx,
    bids.map((b) => b.id),
  );
  await deleteResult(tx, result.id);
  return {
    result,
    revertedBids: bids.length,
    winners: bids.filter((b) => b.status === 'won').length,
    totalWinPaise: won.reduce((s, b) => s + b.win_paise, 0),
  };
}
