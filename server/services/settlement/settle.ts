import { BET_TYPES, GAME_TYPES } from '../../../src/domain/bet-types';
import { formatAmount, type MoneyMode, paiseToPoints } from '../../../src/domain/money';
import type { Family } from '../../../src/domain/types';
import type { ResultRow } from '../../db/repositories/declared-results';
import { toDeclared } from '../../db/repositories/declared-results';
import { familyRates } from '../../db/repositories/rates';
import { pausedAmong } from '../../db/repositories/responsible-play';
import {
  type KindOutcome,
  keptRate,
  pendingKinds,
  type SettleScope,
  settleKinds,
} from '../../db/repositories/settlement';
import type { Queryable } from '../../db/types';
import { enqueuePushes } from '../push/queue';
import { needsTable, type PendingBid, planOutcomes } from './plan';

/** The Open-session gameTypes an open declaration settles (whole-day bets wait for the close). */
const SESSION_TYPES = GAME_TYPES.filter((t) => BET_TYPES[t].sessionKind === 'session');

export interface SettlementSummary {
  settledBids: number;
  winners: number;
  totalWinPaise: number;
}

/**
 * Settles a declared result from the stored bids inside the caller's transaction (which holds the
 * game's lock), set-based: the pending bids' distinct kinds (gameType, atom, stake) are decided
 * once each by the domain engine at the rate those bids keep, then one statement settles every pending bid (pending ->
 * won/lost, the paid players locked in id order, one 'win' ledger row per winning bid, balances
 * moved by exactly the new rows; see settleKinds). One pass over the market day's bids: id-range
 * batches each read nearly every page again (bid ids are random), and 1M bids settled in 10.8-11.5 s as
 * one statement against 16.4 s as four of 250,000 (AMD EPYC, 2 vCPU). A second run finds nothing
 * pending and pays nothing; a process killed half-way rolls everything back.
 * Example: open 149 on a day with one Open single-digit '4' bid of 10 -> {settledBids:1, winners:1, ...}
 */
export async function settleResult(
  tx: Queryable,
  game: { id: string; gameName: string; family: Family },
  result: ResultRow,
  scope: 'open' | 'all',
  mode: MoneyMode,
): Promise<SettlementSummary> {
  const where: SettleScope = {
    gameId: game.id,
    day: result.result_date,
    openOnly: scope === 'open',
    sessionTypes: SESSION_TYPES,
  };
  const none: SettlementSummary = { settledBids: 0, winners: 0, totalWinPaise: 0 };
  const kinds = await pendingKinds(tx, where);
  if (kinds.length === 0) return none;
  const bids: PendingBid[] = kinds.map((k, i) => ({
    id: String(i),
    userId: '',
    gameType: k.game_type,
    atom: k.atom,
    amountPaise: Number(k.amount_paise),
    rate: keptRate(k),
  }));
  // Each bid pays the rate it keeps; the table is read only for bids placed before they kept one.
  const rates = needsTable(bids) ? await familyRates(tx, game.family) : {};
  const decided = planOutcomes(bids, game.family, toDeclared(result), rates);
  const outcomes: KindOutcome[] = decided.map((o) => {
    const k = kinds[Number(o.id)] as (typeof kinds)[number];
    return {
      game_type: k.game_type,
      atom: k.atom,
      amount_paise: Number(k.amount_paise),
      rate_point: k.rate_point,
      rate_amount: k.rate_amount,
      status: o.status,
      win_paise: o.winPaise,
    };
  });
  if (outcomes.length === 0) return none;
  const titles = Object.fromEntries(outcomes.map((o) => [o.game_type, titleOf(o.game_type)]));
  const settled = await settleKinds(tx, { scope: where, outcomes, gameName: game.gameName, titles });
  const summary: SettlementSummary = {
    settledBids: settled.settled,
    winners: settled.winners,
    totalWinPaise: settled.totalWinPaise,
  };
  // A paused player (time-out, self-exclusion) is not drawn back by result pushes; the win is paid.
  const paused = await pausedAmong(
    tx,
    settled.paid.map(([userId]) => userId),
  );
  const stamp = `${result.open_declared_at?.getTime() ?? 0}:${result.close_declared_at?.getTime() ?? 0}`;
  await enqueuePushes(
    tx,
    settled.paid
      .filter(([userId]) => !paused.has(userId))
      .map(([userId, paise]) => ({
        userId,
        title: 'You won!',
        body: winPushBody(paise, game.gameName, mode),
        link: '/win-history',
        topic: 'win' as const,
        dedupeKey: `win:${result.id}:${userId}:${stamp}`,
      })),
  );
  return summary;
}

/**
 * A win push's words, in the money mode's unit as the app says it (issue 49).
 * @example winPushBody(95000, 'KALYAN', 'real') // '₹950 won in KALYAN has been added to your wallet.'
 */
export function winPushBody(paise: number, gameName: string, mode: MoneyMode): string {
  return `${formatAmount(paiseToPoints(paise), mode)} won in ${gameName} has been added to your wallet.`;
}

function titleOf(gameType: string): string {
  return (BET_TYPES as Record<string, { title: string } | undefined>)[gameType]?.title ?? gameType;
}
