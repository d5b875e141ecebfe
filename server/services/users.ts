import { UUID_RE } from '../../src/contracts/common';
import type { DashboardStats, User, UserCounts, UserPatch } from '../../src/contracts/user';
import { paiseToPoints } from '../../src/domain/money';
import type { Lang } from '../../src/i18n/languages';
import { findUserById, toUser, updateUserLanguage } from '../db/repositories/users';
import type { Db, Queryable } from '../db/types';
import { notFound } from './errors';
import { revokeUserTokens } from './tokens';

export async function getUser(q: Queryable, id: string): Promise<User> {
  if (!UUID_RE.test(id)) throw notFound('User');
  const row = await findUserById(q, id);
  if (!row) throw notFound('User');
  return toUser(row);
}

/** The player's choice of language (issue 22): later messages, SMS texts and pushes follow it. */
export async function setLanguage(q: Queryable, id: string, language: Lang): Promise<User> {
  if (!(await updateUserLanguage(q, id, language))) throw notFound('User');
  return getUser(q, id);
}

/** Operator switch for betting and blocking; blocking ends the player's sessions at once. */
export async function patchUser(db: Db, id: string, patch: UserPatch): Promise<User> {
  if (!UUID_RE.test(id)) throw notFound('User');
  return db.transaction(async (tx) => {
    const r = await tx.query(
      `UPDATE users SET globel_batting = COALESCE($2, globel_batting), is_blocked = COALESCE($3, is_blocked),
              updated_at = now()
        WHERE id = $1`,
      [id, patch.globel_batting ?? null, patch.isBlocked ?? null],
    );
    if (r.rowCount === 0) throw notFound('User');
    if (patch.isBlocked === true) await revokeUserTokens(tx, id);
    return getUser(tx, id);
  });
}

/**
 * `today` is the market day of deps.clock (marketDayOf), not the database's date: the one "now"
 * for market days, so a fixed test clock and a server near midnight agree on what today is.
 */
export async function userCounts(q: Queryable, marketTz: string, today: string): Promise<UserCounts> {
  const r = await q.query<UserCounts>(
    `SELECT count(*)::int8 AS total,
            count(*) FILTER (WHERE is_verified)::int8 AS verified,
            count(*) FILTER (WHERE NOT is_verified)::int8 AS unverified,
            count(*) FILTER (WHERE is_blocked)::int8 AS blocked,
            count(*) FILTER (WHERE NOT globel_batting)::int8 AS "bettingDisabled",
            count(*) FILTER (WHERE (created_at AT TIME ZONE $1)::date = $2::date)::int8 AS today
       FROM users`,
    [marketTz, today],
  );
  return r.rows[0] as UserCounts;
}

export async function dashboardStats(q: Queryable, marketTz: string, today: string): Promise<DashboardStats> {
  const users = await userCounts(q, marketTz, today);
  const r = await q.query<{
    main: number;
    starline: number;
    galidisawar: number;
    bid_count: number;
    bid_paise: number;
    win_paise: number;
    funds: number;
    withdrawals: number;
    balance_paise: number;
  }>(
    `SELECT (SELECT count(*) FROM games WHERE family = 'main')::int8 AS main,
            (SELECT count(*) FROM games WHERE family = 'starline')::int8 AS starline,
            (SELECT count(*) FROM games WHERE family = 'galidisawar')::int8 AS galidisawar,
            b.bid_count, b.bid_paise, b.win_paise,
            (SELECT count(*) FROM fund_requests WHERE status = 'pending')::int8 AS funds,
            (SELECT count(*) FROM withdrawals WHERE status = 'pending')::int8 AS withdrawals,
            (SELECT COALESCE(sum(balance_paise), 0) FROM users)::int8 AS balance_paise
       FROM (SELECT count(*)::int8 AS bid_count, COALESCE(sum(amount_paise), 0)::int8 AS bid_paise,
                    COALESCE(sum(win_paise), 0)::int8 AS win_paise
               FROM bids WHERE bid_date = $1::date) b`,
    [today],
  );
  const s = r.rows[0];
  if (!s) throw new Error('dashboard query returned no row');
  return {
    users,
    games: { main: s.main, starline: s.starline, galidisawar: s.galidisawar },
    bidsToday: { count: s.bid_count, amount: paiseToPoints(s.bid_paise) },
    winningsToday: paiseToPoints(s.win_paise),
    pendingFundRequests: s.funds,
    pendingWithdrawals: s.withdrawals,
    totalBalance: paiseToPoints(s.balance_paise),
  };
}

/**
 * Today on the operator's dashboard (issue 12): players active in the last 5 minutes (a token
 * used, server/http/auth.ts), and bids and stakes per market and session of the market day.
 */
export async function todayActivity(q: Queryable, today: string) {
  const online = await q.query<{ n: number }>(
    `SELECT count(DISTINCT user_id)::int AS n FROM auth_tokens
      WHERE user_id IS NOT NULL AND revoked_at IS NULL AND last_used_at > now() - interval '5 minutes'`,
  );
  const markets = await q.query<{
    game_id: string;
    game_name: string;
    family: string;
    session: string | null;
    bids: number;
    stake_paise: number;
  }>(
    `SELECT b.game_id, g.game_name, g.family, b.session, count(*)::int AS bids,
            COALESCE(sum(b.amount_paise), 0)::int8 AS stake_paise
       FROM bids b JOIN games g ON g.id = b.game_id
      WHERE b.bid_date = $1::date
      GROUP BY b.game_id, g.game_name, g.family, b.session
      ORDER BY stake_paise DESC, g.game_name, b.session`,
    [today],
  );
  return {
    playersOnline: online.rows[0]?.n ?? 0,
    markets: markets.rows.map((m) => ({
      gameId: m.game_id,
      gameName: m.game_name,
      family: m.family,
      session: m.session,
      bids: m.bids,
      stakes: paiseToPoints(Number(m.stake_paise)),
    })),
  };
}

/**
 * A player's account activity for operators (issue 12): the last login (newest token issued), when
 * they were last seen (a token used; stamped at most once a minute), who referred them, and the
 * players they referred with each referral's state and reward.
 */
export async function playerActivity(q: Queryable, userId: string) {
  const seen = await q.query<{ last_login: Date | null; last_seen: Date | null; referred_by: string | null }>(
    `SELECT (SELECT max(created_at) FROM auth_tokens WHERE user_id = u.id) AS last_login,
            (SELECT max(last_used_at) FROM auth_tokens WHERE user_id = u.id) AS last_seen,
            (SELECT r.phone FROM users r WHERE r.id = u.referred_by) AS referred_by
       FROM users u WHERE u.id = $1`,
    [userId],
  );
  const row = seen.rows[0];
  if (!row) return null;
  const referrals = await q.query<{
    name: string;
    phone: string;
    status: string;
    reward_paise: number;
    created_at: Date;
  }>(
    `SELECT u.name, u.phone, r.status, r.reward_paise, r.created_at FROM referrals r JOIN users u ON u.id = r.referee_id
      WHERE r.referrer_id = $1 ORDER BY r.created_at DESC LIMIT 100`,
    [userId],
  );
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  return {
    lastLoginAt: iso(row.last_login),
    lastSeenAt: iso(row.last_seen),
    referredBy: row.referred_by,
    referrals: referrals.rows.map((r) => ({
      name: r.name,
      phone: r.phone,
      status: r.status,
      reward: paiseToPoints(Number(r.reward_paise)),
      createdAt: iso(r.created_at),
    })),
  };
}
