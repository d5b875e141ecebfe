import { BET_TYPES, GAME_TYPES } from '../../../src/domain/bet-types';
import { paiseToPoints } from '../../../src/domain/money';
import type { Family } from '../../../src/domain/types';
import type { ResultRow } from '../../db/repositories/declared-results';
import { toDeclared } from '../../db/repositories/declared-results';
import { familyRates } from '../../db/repositories/rates';
import { pausedAmong } from '../../db/repositories/responsible-play';
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

/**
 * Pending bids settled by one set statement. Bid ids are random, so each id-range batch finds its
 * rows on nearly every page of the market day's bids: fewer, larger batches read those pages fewer
 * times (1M bids: 20 batches of 50,000 took 10.8 s of statements, 4 of 250,000 take 6.9 s).
 */
export const SETTLE_BATCH = 250_000;

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
 * once each by the domain engine, the players those wins pay are locked in id order, then id-range
 * batches of about `batchSize` bids (idBounds) are settled by one statement each (pending ->
 * won/lost, one 'win' ledger row per winning bid, balances moved by exactly the new rows; see
 * settleBatch). A second
 * run finds nothing pending and pays nothing; a process killed half-way rolls everything back.
 * Example: open 149 on a day with one Open single-digit '4' bid of 10 -> {settledBids:1, winners:1, ...}
 */
export async function settleResult(
  tx: Queryable,
  game: { id: string; gameName: string; family: Family },
  result: ResultRow,
  scope: 'open' | 'all',
  batchSize = SETTLE_BATCH,
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
  const pending = kinds.reduce((n, k) => n + Number(k.bids), 0);
  const bounds = idBounds(Math.ceil(pending / batchSize));
  for (let i = 0; i <= bounds.length; i++) {
    const batch = await settleBatch(tx, {
      scope: where,
      outcomes,
      after: bounds[i - 1] ?? null,
      upTo: bounds[i] ?? null,
      gameName: game.gameName,
      titles,
    });
    summary.settledBids += batch.settled;
    summary.winners += batch.winners;
    summary.totalWinPaise += batch.totalWinPaise;
    for (const [userId, paise] of batch.paid) winsByUser.set(userId, (winsByUser.get(userId) ?? 0) + paise);
  }
  // A paused player (time-out, self-exclusion) is not drawn back by result pushes; the win is paid.
  const paused = await pausedAmong(tx, [...winsByUser.keys()]);
  for (const [userId, paise] of winsByUser) {
    if (paused.has(userId)) continue;
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

/**
 * Splits the uuid space into `parts` equal id ranges (their inner bounds): bid ids are random
 * (v4), so each range holds about the same number of bids, found by the (game_id, bid_date, id)
 * index without a walk over the bids first. Uneven ids only make the batches uneven.
 * @example idBounds(2) // ['80000000-0000-0000-0000-000000000000']
 */
export function idBounds(parts: number): string[] {
  const out: string[] = [];
  for (let i = 1; i < parts; i++) {
    const hex = ((BigInt(i) << 128n) / BigInt(parts)).toString(16).padStart(32, '0');
    out.push(
      `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`,
    );
  }
  return out;
}
