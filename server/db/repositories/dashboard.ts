import type { Queryable } from '../types';

/** Read-only totals across tables for the operator's dashboard and a player's activity view. */

export interface DashboardRow {
  main: number;
  starline: number;
  galidisawar: number;
  bid_count: number;
  bid_paise: number;
  win_paise: number;
  settled_count: number;
  settled_paise: number;
  pending_count: number;
  pending_paise: number;
  funds: number;
  withdrawals: number;
  balance_paise: number;
}

/**
 * Games per family, bids and winnings of market day `today` (those with a result apart from those
 * still waiting for one), pending requests and all balances.
 */
export async function dashboardTotals(q: Queryable, today: string): Promise<DashboardRow | undefined> {
  const r = await q.query<DashboardRow>(
    `SELECT (SELECT count(*) FROM games WHERE family = 'main')::int8 AS main,
            (SELECT count(*) FROM games WHERE family = 'starline')::int8 AS starline,
            (SELECT count(*) FROM games WHERE family = 'galidisawar')::int8 AS galidisawar,
            b.bid_count, b.bid_paise, b.win_paise, b.settled_count, b.settled_paise, b.pending_count,
            b.pending_paise,
            (SELECT count(*) FROM fund_requests WHERE status = 'pending')::int8 AS funds,
            (SELECT count(*) FROM withdrawals WHERE status = 'pending')::int8 AS withdrawals,
            (SELECT COALESCE(sum(balance_paise), 0) FROM users)::int8 AS balance_paise
       FROM (SELECT count(*)::int8 AS bid_count, COALESCE(sum(amount_paise), 0)::int8 AS bid_paise,
                    COALESCE(sum(win_paise), 0)::int8 AS win_paise,
                    count(*) FILTER (WHERE status <> 'pending')::int8 AS settled_count,
                    COALESCE(sum(amount_paise) FILTER (WHERE status <> 'pending'), 0)::int8 AS settled_paise,
                    count(*) FILTER (WHERE status = 'pending')::int8 AS pending_count,
                    COALESCE(sum(amount_paise) FILTER (WHERE status = 'pending'), 0)::int8 AS pending_paise
               FROM bids WHERE bid_date = $1::date) b`,
    [today],
  );
  return r.rows[0];
}

export interface MarketDayRow {
  game_id: string;
  game_name: string;
  family: string;
  session: string | null;
  bids: number;
  stake_paise: number;
}

/** Bids and stakes of market day `today` per game and session, biggest stakes first. */
export async function marketDayStakes(q: Queryable, today: string): Promise<MarketDayRow[]> {
  const markets = await q.query<MarketDayRow>(
    `SELECT b.game_id, g.game_name, g.family, b.session, count(*)::int AS bids,
            COALESCE(sum(b.amount_paise), 0)::int8 AS stake_paise
       FROM bids b JOIN games g ON g.id = b.game_id
      WHERE b.bid_date = $1::date
      GROUP BY b.game_id, g.game_name, g.family, b.session
      ORDER BY stake_paise DESC, g.game_name, b.session`,
    [today],
  );
  return markets.rows;
}

export interface PlayerSeenRow {
  last_login: Date | null;
  last_seen: Date | null;
  referred_by: string | null;
}

/** A player's newest token issued and used, and the phone of who referred them; null: no player. */
export async function playerSeen(q: Queryable, userId: string): Promise<PlayerSeenRow | null> {
  const seen = await q.query<PlayerSeenRow>(
    `SELECT (SELECT max(created_at) FROM auth_tokens WHERE user_id = u.id) AS last_login,
            (SELECT max(last_used_at) FROM auth_tokens WHERE user_id = u.id) AS last_seen,
            (SELECT r.phone FROM users r WHERE r.id = u.referred_by) AS referred_by
       FROM users u WHERE u.id = $1`,
    [userId],
  );
  return seen.rows[0] ?? null;
}
