import type { Family } from '../../../src/domain/types';
import { findGame } from '../../db/repositories/bid-games';
import {
  deleteResult,
  lockResultById,
  type ResultRow,
  resultGameId,
} from '../../db/repositories/declared-results';
import {
  lockUsers,
  owedBySettlement,
  playersShortOf,
  reopenSettledDay,
} from '../../db/repositories/settlement';
import type { Queryable } from '../../db/types';
import { conflict, notFound } from '../errors';
import { recordReverted } from '../live/result-events';

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
  // Same lock order as a declaration: game, then result, then the players it pays (sorted), then
  // the bids, all set-based: a market day of a million bids is three statements, not a million rows
  // through this process.
  const game = await findGame(tx, gameId, 'FOR UPDATE');
  const result = await lockResultById(tx, resultId);
  if (!game || !result) throw notFound('Result');
  const owed = await owedBySettlement(tx, result.game_id, result.result_date);
  await lockUsers(
    tx,
    owed.map(([userId]) => userId),
  );
  if (owed.length > 0 && (await playersShortOf(tx, owed)).length > 0) {
    throw conflict(REVERT_WOULD_OVERDRAW);
  }
  const reopened = await reopenSettledDay(tx, {
    gameId: result.game_id,
    day: result.result_date,
    gameName: game.gameName,
  });
  await deleteResult(tx, result.id);
  await recordReverted(tx, game, result.result_date);
  return {
    result,
    revertedBids: reopened.reverted,
    winners: reopened.winners,
    totalWinPaise: reopened.totalWinPaise,
  };
}
