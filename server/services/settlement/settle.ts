import { BET_TYPES, GAME_TYPES } from '../../../src/domain/bet-types';
import { paiseToPoints } from '../../../src/domain/money';
import type { Family } from '../../../src/domain/types';
import type { ResultRow } from '../../db/repositories/declared-results';
import { toDeclared } from '../../db/repositories/declared-results';
import { familyRates } from '../../db/repositories/rates';
import { applyLedgerBatch, lockUsers, markSettled, pendingBidsPage } from '../../db/repositories/settlement';
import type { Queryable } from '../../db/types';
import { enqueuePush } from '../push';
import { planOutcomes } from './plan';

export const SETTLE_BATCH = 2000;

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
 * Settles a declared result from the stored bids, in keyset batches inside the caller's
 * transaction (which holds the game's row lock): each batch decides outcomes with the domain
 * engine, flips pending -> won/lost (only rows still pending), then writes one 'win' ledger row per
 * winning bid (UNIQUE (kind, ref_id) makes a repeat a no-op) and moves balances by exactly those.
 * Example: open 149 on a day with one Open single-digit '4' bid of 10 -> {settledBids:1, winners:1, ...}
 */
export async function settleResult(
  tx: Queryable,
  game: { id: string; gameName: string; family: Family },
  result: ResultRow,
  scope: 'open' | 'all',
): Promise<SettlementSummary> {
  const rates = await familyRates(tx, game.family);
  const declared = toDeclared(result);
  const summary: SettlementSummary = { settledBids: 0, winners: 0, totalWinPaise: 0 };
  const winsByUser = new Map<string, number>();
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const page = await pendingBidsPage(tx, {
      gameId: game.id,
      day: result.result_date,
      openOnly: scope === 'open',
      sessionTypes: SESSION_TYPES,
      after,
      limit: SETTLE_BATCH,
    });
    if (page.length === 0) break;
    after = page[page.length - 1]?.id ?? after;
    const outcomes = planOutcomes(
      page.map((b) => ({
        id: b.id,
        userId: b.user_id,
        gameType: b.game_type,
        atom: b.atom,
        amountPaise: b.amount_paise,
      })),
      game.family,
      declared,
      rates,
    );
    const settled = await markSettled(tx, outcomes);
    const won = settled.filter((b) => b.status === 'won' && b.win_paise > 0);
    await lockUsers(
      tx,
      won.map((b) => b.user_id),
    );
    await applyLedgerBatch(
      tx,
      won.map((b) => ({
        userId: b.user_id,
        amountPaise: b.win_paise,
        kind: 'win',
        refId: winRef(b.id, b.settle_count),
        description: `Winning: ${game.gameName} (${BET_TYPES[b.game_type]?.title ?? b.game_type})`,
      })),
    );
    summary.settledBids += settled.length;
    summary.winners += settled.filter((b) => b.status === 'won').length;
    for (const b of won) {
      summary.totalWinPaise += b.win_paise;
      winsByUser.set(b.user_id, (winsByUser.get(b.user_id) ?? 0) + b.win_paise);
    }
    if (page.length < SETTLE_BATCH) break;
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
