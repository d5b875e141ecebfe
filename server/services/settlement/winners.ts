import type { Family } from '../../../src/domain/types';
import { BID_COLUMNS, type BidRow, listBids } from '../../db/repositories/bids';
import type { ResultRow } from '../../db/repositories/declared-results';
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
): Promise<{ winners: ReturnType<typeof presentWinner>[]; settlement: SettlementSummary }> {
  const results = await tx.query<ResultRow & { game_name: string }>(
    `SELECT r.*, g.game_name FROM results r JOIN games g ON g.id = r.game_id
      WHERE r.family = $1 AND r.result_date = $2 ORDER BY g.id FOR UPDATE OF g, r`,
    [family, resultDate],
  );
  const total: SettlementSummary = { settledBids: 0, winners: 0, totalWinPaise: 0 };
  for (const r of results.rows) {
    const s = await settleResult(tx, { id: r.game_id, gameName: r.game_name, family }, r, 'all');
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

async function winnersOfDay(q: Queryable, family: Family, day: string): Promise<BidRow[]> {
  const r = await q.query<BidRow>(
    `SELECT ${BID_COLUMNS}
       FROM bids b JOIN games g ON g.id = b.game_id
      WHERE b.family = $1 AND b.bid_date = $2 AND b.status = 'won' ORDER BY b.id LIMIT 10000`,
    [family, day],
  );
  return r.rows;
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
  const params: unknown[] = [f.family];
  let where = `b.family = $1 AND b.status = 'won'`;
  if (f.date) {
    params.push(f.date);
    where += ` AND b.bid_date = $2`;
  }
  const total = await q.query<{ n: number }>(`SELECT count(*)::int8 AS n FROM bids b WHERE ${where}`, params);
  const rows = await q.query<BidRow>(
    `SELECT ${BID_COLUMNS}
       FROM bids b JOIN games g ON g.id = b.game_id WHERE ${where}
      ORDER BY b.settled_at DESC NULLS LAST, b.id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, limit, offset],
  );
  return { rows: rows.rows.map(presentWinner), total: total.rows[0]?.n ?? 0 };
}
