import { BET_TYPES, GAME_TYPES } from '../../../src/domain/bet-types';
import { paiseToPoints } from '../../../src/domain/money';
import type { Family } from '../../../src/domain/types';
import type { ResultRow } from '../../db/repositories/declared-results';
import { toDeclared } from '../../db/repositories/declared-results';
import { familyRates } from '../../db/repositories/rates';
import {
  type KindOutcome,
  lockWinners,
  pendingKinds,
  type SettleScope,
  settleBatch,
} from '../../db/repositories/settlement';
import type { Queryable } from '../../db/types';
import { enqueuePush } from '../push';
import { planOutcomes } from './plan';

/** Pending bids settled by one set statement. */
export const SETTLE_BATCH = 50_000;

/** The Open-session gameTypes an open declaration settles (whole-day bets wait for the close). */
const SESSION_TYPES = GAME_TYPES.filter((t) => BET_TYPES[t].sessionKind === 'session');

/** Ledger ref of a bid's win: the bid id, plus the round after a revert re-opened it. */
export function winRef(bidId: string, settleCount: number): string {
  return settleCount <= 1 ? bidId : `${bidId}#${settleCount}`;
}

export interface SettlementSummary {
  settledBids: number;
  winners: number;
  totalWinPaise: number;
}

/**
 * Settles a declared result from the stored bids inside the caller's transaction (which holds the
 * game's lock), set-based: the pending bids' distinct kinds (gameType, atom, stake) are decided
 * once each by the domain engine, the players those wins pay are locked in id order, then keyset
 * batches of SETTLE_BATCH bids are settled by one statement each (pending -> won/lost, one 'win'
 * ledger row per winning bid, balances moved by exactly the new rows; see settleBatch). A second
 * run finds nothing pending and pays nothing; a process killed half-way rolls everything back.
 * Example: open 149 on a day with one Open single-digit '4' bid of 10 -> {settledBids:1, winners:1, ...}
 */
export async function settleResult(
  tx: Queryable,
  game: { id: string; gameName: string; family: Family },
  result: ResultRow,
  scope: 'open' | 'all',
): Promise<SettlementSummary> {
  const where: SettleScope = {
    gameId: game.id,
    day: result.result_date,
    openOnly: scope === 'open',
    sessionTypes: SESSION_TYPES,
  };
  const summary: SettlementSummary = { settledBids: 0, winners: 0, totalWinPaise: 0 };
  const kinds = await pendingKinds(tx, where);
  if (kinds.length === 0) return summary;
  const rates = await familyRates(tx, game.family);
  const decided = planOutcomes(
    kinds.map((k, i) => ({
      id: String(i),
      userId: '',
      gameType: k.game_type,
      atom: k.atom,
      amountPaise: Number(k.amount_paise),
    })),
    game.family,
    toDeclared(result),
    rates,
  );
  const outcomes: KindOutcome[] = decided.map((o) => {
    const k = kinds[Number(o.id)] as (typeof kinds)[number];
    return {
      game_type: k.game_type,
      atom: k.atom,
      amount_paise: Number(k.amount_paise),
      status: o.status,
      win_paise: o.winPaise,
    };
  });
  if (outcomes.length === 0) return summary;
  await lockWinners(tx, where, outcomes);
  const titles = Object.fromEntries(outcomes.map((o) => [o.game_type, titleOf(o.game_type)]));
  const winsByUser = new Map<string, number>();
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const batch = await settleBatch(tx, {
      scope: where,
      outcomes,
      after,
      limit: SETTLE_BATCH,
      gameName: game.gameName,
      titles,
    });
    summary.settledBids += batch.settled;
    summary.winners += batch.winners;
    summary.totalWinPaise += batch.totalWinPaise;
    for (const [userId, paise] of batch.paid) winsByUser.set(userId, (winsByUser.get(userId) ?? 0) + paise);
    if (batch.seen < SETTLE_BATCH || batch.last === null) break;
    after = batch.last;
  }
  for (const [userId, paise] of winsByUser) {
    await enqueuePush(tx, {
      userId,
      title: 'You won!',
      body: `${paiseToPoints(paise)} points won in ${game.gameName} have been added to your wallet.`,
      link: '/win-history',
      dedupeKey: `win:${result.id}:${userId}:${result.open_declared_at?.getTime() ?? 0}:${result.close_declared_at?.getTime() ?? 0}`,
    });
  }
  return summary;
}

function titleOf(gameType: string): string {
  return (BET_TYPES as Record<string, { title: string } | undefined>)[gameType]?.title ?? gameType;
}
