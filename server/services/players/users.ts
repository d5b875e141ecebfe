import { UUID_RE } from '../../../src/contracts/common';
import type { DashboardStats, User, UserCounts, UserPatch } from '../../../src/contracts/user';
import { paiseToPoints } from '../../../src/domain/money';
import type { Lang } from '../../../src/i18n/languages';
import { countPlayersOnline } from '../../db/repositories/auth-tokens';
import { dashboardTotals, marketDayStakes, playerSeen } from '../../db/repositories/dashboard';
import { referredPlayers } from '../../db/repositories/referrals';
import {
  countUsers,
  findUserById,
  toUser,
  updateUserFlags,
  updateUserLanguage,
} from '../../db/repositories/users';
import type { Db, Queryable } from '../../db/types';
import { revokeUserTokens } from '../auth/tokens';
import { notFound } from '../errors';

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
    if (!(await updateUserFlags(tx, id, patch.globel_batting ?? null, patch.isBlocked ?? null)))
      throw notFound('User');
    if (patch.isBlocked === true) await revokeUserTokens(tx, id);
    return getUser(tx, id);
  });
}

/**
 * `today` is the market day of deps.clock (marketDayOf), not the database's date: the one "now"
 * for market days, so a fixed test clock and a server near midnight agree on what today is.
 */
export async function userCounts(q: Queryable, marketTz: string, today: string): Promise<UserCounts> {
  return countUsers(q, marketTz, today);
}

export async function dashboardStats(q: Queryable, marketTz: string, today: string): Promise<DashboardStats> {
  const users = await userCounts(q, marketTz, today);
  const s = await dashboardTotals(q, today);
  if (!s) throw new Error('dashboard query returned no row');
  return {
    users,
    games: { main: s.main, starline: s.starline, galidisawar: s.galidisawar },
    bidsToday: { count: s.bid_count, amount: paiseToPoints(s.bid_paise) },
    winningsToday: paiseToPoints(s.win_paise),
    // A bid waiting for its result has win 0: its stake is not the house's until it loses.
    settledToday: {
      count: s.settled_count,
      stake: paiseToPoints(s.settled_paise),
      payout: paiseToPoints(s.win_paise),
      net: paiseToPoints(s.settled_paise - s.win_paise),
    },
    pendingToday: { count: s.pending_count, stake: paiseToPoints(s.pending_paise) },
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
  const playersOnline = await countPlayersOnline(q);
  const markets = await marketDayStakes(q, today);
  return {
    playersOnline,
    markets: markets.map((m) => ({
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
  const row = await playerSeen(q, userId);
  if (!row) return null;
  const referrals = await referredPlayers(q, userId);
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  return {
    lastLoginAt: iso(row.last_login),
    lastSeenAt: iso(row.last_seen),
    referredBy: row.referred_by,
    referrals: referrals.map((r) => ({
      name: r.name,
      phone: r.phone,
      status: r.status,
      reward: paiseToPoints(Number(r.reward_paise)),
      createdAt: iso(r.created_at),
    })),
  };
}
