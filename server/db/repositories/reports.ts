import type { PnlGrouping } from '../../../src/contracts/reports';
import type { Queryable } from '../types';

export interface PnlGroupRow {
  key: string;
  game_name: string | null;
  family: 'main' | 'starline' | 'galidisawar' | null;
  bids: number;
  stake_paise: number;
  payout_paise: number;
  pending_paise: number;
}

/**
 * The figures of one group of bids. `win_paise` is a bid's win as it stands: a revert puts it back
 * to 0 (and writes a 'win-reversal' for what was paid) and a new declaration settles it again, so
 * the sum is what the wins credited after every revert.
 */
const FIGURES = `count(*)::int8 AS bids, coalesce(sum(b.amount_paise), 0)::int8 AS stake_paise,
  coalesce(sum(b.win_paise), 0)::int8 AS payout_paise,
  coalesce(sum(b.amount_paise) FILTER (WHERE b.status = 'pending'), 0)::int8 AS pending_paise`;

/** The range of market days, read from bids_day_idx (migration 018). */
const RANGE = 'b.bid_date BETWEEN $1::date AND $2::date';

const BY: Record<PnlGrouping, string> = {
  day: `SELECT b.bid_date::text AS key, NULL AS game_name, NULL AS family, ${FIGURES}
          FROM bids b WHERE ${RANGE} GROUP BY b.bid_date ORDER BY b.bid_date`,
  gameType: `SELECT b.game_type AS key, NULL AS game_name, NULL AS family, ${FIGURES}
               FROM bids b WHERE ${RANGE} GROUP BY b.game_type ORDER BY stake_paise DESC, b.game_type`,
  market: `SELECT a.*, g.game_name, g.family FROM (
             SELECT b.game_id::text AS key, ${FIGURES} FROM bids b WHERE ${RANGE} GROUP BY b.game_id) a
             JOIN games g ON g.id = a.key::uuid
            ORDER BY a.stake_paise DESC, g.game_name`,
};

/** Profit and loss of market days from..to: one aggregate over their bids, one row per group. */
export async function pnlGroups(
  q: Queryable,
  by: PnlGrouping,
  from: string,
  to: string,
): Promise<PnlGroupRow[]> {
  const r = await q.query<PnlGroupRow>(BY[by], [from, to]);
  return r.rows;
}
