import type { Queryable } from '../types';

export interface ReferralRow {
  id: string;
  referrer_id: string;
  referee_id: string;
  status: 'pending' | 'completed' | 'held' | 'refused';
}

/**
 * Moves one referral on, once: the referee's `pending` one (`by: 'referee_id'`) to 'completed'
 * (paid now) or 'held' (waits for an operator), or a `held` one (`by: 'id'`) to 'completed' or
 * 'refused' by an operator. The reward is recorded only when completed. Null when the referral is
 * not in the `from` state (already moved).
 */
export async function moveReferral(
  q: Queryable,
  by: 'referee_id' | 'id',
  value: string,
  from: 'pending' | 'held',
  to: 'completed' | 'held' | 'refused',
  rewardPaise: number,
): Promise<ReferralRow | null> {
  const r = await q.query<ReferralRow>(
    `UPDATE referrals SET status = $3, completed_at = CASE WHEN $3 = 'completed' THEN now() END,
                          reward_paise = CASE WHEN $3 = 'completed' THEN $4::int8 ELSE 0 END
      WHERE ${by === 'id' ? 'id' : 'referee_id'} = $1 AND status = $2
      RETURNING id, referrer_id, referee_id, status`,
    [value, from, to, rewardPaise],
  );
  return r.rows[0] ?? null;
}

/** The referrer of this player's referral while it is pending, else null. */
export async function pendingReferrerOf(q: Queryable, refereeId: string): Promise<string | null> {
  const r = await q.query<{ referrer_id: string }>(
    `SELECT referrer_id FROM referrals WHERE referee_id = $1 AND status = 'pending'`,
    [refereeId],
  );
  return r.rows[0]?.referrer_id ?? null;
}

/** At registration with a valid code; a player is referred at most once. */
export async function insertPendingReferral(
  q: Queryable,
  referrerId: string,
  refereeId: string,
): Promise<void> {
  await q.query(
    `INSERT INTO referrals (referrer_id, referee_id) VALUES ($1, $2) ON CONFLICT (referee_id) DO NOTHING`,
    [referrerId, refereeId],
  );
}

export interface MyReferralRow {
  id: string;
  name: string;
  status: 'pending' | 'completed' | 'held' | 'refused';
  completed_at: Date | null;
  created_at: Date;
}

/** The players a player referred, newest first (at most 1000). */
export async function listReferralsBy(q: Queryable, referrerId: string): Promise<MyReferralRow[]> {
  const r = await q.query<MyReferralRow>(
    `SELECT r.id, u.name, r.status, r.completed_at, r.created_at
       FROM referrals r JOIN users u ON u.id = r.referee_id
      WHERE r.referrer_id = $1 ORDER BY r.created_at DESC, r.id DESC LIMIT 1000`,
    [referrerId],
  );
  return r.rows;
}

export interface ReferredPlayerRow {
  name: string;
  phone: string;
  status: string;
  reward_paise: number;
  created_at: Date;
}

/** For operators: the players a player referred with each referral's state (newest 100). */
export async function referredPlayers(q: Queryable, referrerId: string): Promise<ReferredPlayerRow[]> {
  const referrals = await q.query<ReferredPlayerRow>(
    `SELECT u.name, u.phone, r.status, r.reward_paise, r.created_at FROM referrals r JOIN users u ON u.id = r.referee_id
      WHERE r.referrer_id = $1 ORDER BY r.created_at DESC LIMIT 100`,
    [referrerId],
  );
  return referrals.rows;
}
