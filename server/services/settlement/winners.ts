import type { MoneyMode } from '../../../src/domain/money';
import type { Family } from '../../../src/domain/types';
import { listBids, listWonBids, winnersOfDay } from '../../db/repositories/bids';
import { lockDayResults } from '../../db/repositories/declared-results';
import type { Queryable } from '../../db/types';
import { presentWinner } from '../bids/present';
import { conflict } from '../errors';
import { type SettlementSummary, settleResult } from './settle';

export const WINNERS_MISMATCH = 'The winners list does not match the server settlement';

/**
 * POST /admin/{starline,galidisawar}/winners: re-runs settlement of every declared result of that
 * family and market day (harmless: only pending bids can change) and answers the server's winners.
 * A client-supplied list is only compared, never trusted: a different set of bid ids is a 409.
 */
export async function rerunWinners(
  tx: Queryable,
  family: Family,
  resultDate: string,
  supplied: unknown,
  mode: MoneyMode,
): Promise<{ winners: ReturnType<typeof presentWinner>[]; settlement: SettlementSummary }> {
  const results = await lockDayResults(tx, family, resultDate);
  const total: SettlementSummary = { settledBids: 0, winners: 0, totalWinPaise: 0 };
  for (const r of results) {
    const s = await settleResult(tx, { id: r.game_id, gameName: r.game_name, family }, r, 'all', mode);
    total.settledBids += s.settledBids;
    total.winners += s.winners;
    total.totalWinPaise += s.totalWinPaise;
  }
  const rows = await winnersOfDay(tx, family, resultDate);
  const winners = rows.map(presentWinner);
  // Throwing rolls the caller's transaction back: a refused run settles nothing.
  if (Array.isArray(supplied) && !sameWinners(supplied, winners)) throw conflict(WINNERS_MISMATCH);
  return { winners, settlement: total };
}

/**
 * Whether a client's winners list says the same as the server's: the same winning bids, each once,
 * and for entries sent as objects the same player, stake and win. Bare bid ids compare by id.
 */
function sameWinners(supplied: unknown[], winners: ReturnType<typeof presentWinner>[]): boolean {
  if (supplied.length !== winners.length) return false;
  const byId = new Map(winners.map((w) => [w._id, w]));
  const seen = new Set<string>();
  for (const entry of supplied) {
    const claim = (typeof entry === 'string' ? { _id: entry } : entry) as Record<string, unknown> | null;
    const id = typeof claim?._id === 'string' ? claim._id : '';
    const w = byId.get(id);
    if (!w || seen.has(id)) return false;
    seen.add(id);
    for (const key of ['userId', 'amount', 'winAmount', 'gameType', 'resultDate'] as const) {
      if (claim && key in claim && claim[key] !== w[key]) return false;
    }
  }
  return true;
}

/** GET winners: operators see everyone's, a player sees their own. */
export async function listWinners(
  q: Queryable,
  f: { family: Family; userId: string | null; date?: string; tz: string },
  limit: number,
  offset: number,
) {
  if (f.userId) {
    const { rows, total } = await listBids(
      q,
      { userId: f.userId, family: f.family, date: f.date, tz: f.tz, status: 'won' },
      limit,
      offset,
    );
    return { rows: rows.map(presentWinner), total };
  }
  const { rows, total } = await listWonBids(q, { family: f.family, date: f.date }, limit, offset);
  return { rows: rows.map(presentWinner), total };
}
