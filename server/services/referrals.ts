import { REFERRAL_REWARD_POINTS } from '../../src/contracts/referrals';
import { pointsToPaise } from '../../src/domain/money';
import { creditOnce } from '../db/repositories/ledger';
import { lockUsers } from '../db/repositories/settlement';
import type { Queryable } from '../db/types';

const REWARD_PAISE = pointsToPaise(REFERRAL_REWARD_POINTS);

/** At registration with a valid code: the referral waits until the new player verifies. */
export async function recordPendingReferral(
  q: Queryable,
  referrerId: string,
  refereeId: string,
): Promise<void> {
  await q.query(
    `INSERT INTO referrals (referrer_id, referee_id) VALUES ($1, $2) ON CONFLICT (referee_id) DO NOTHING`,
    [referrerId, refereeId],
  );
}

/**
 * The hook called when a player's phone is verified (registration, or a first login of an
 * unverified player). Completes their pending referral once and pays 5 points to the referrer and
 * 5 to the new player (product.md: "referrer and invitee both get 5"). Ledger (kind, ref_id)
 * uniqueness makes a second call pay nothing.
 */
export async function completeReferral(q: Queryable, refereeId: string): Promise<boolean> {
  const r = await q.query<{ id: string; referrer_id: string }>(
    `UPDATE referrals SET status = 'completed', completed_at = now(), reward_paise = $2
      WHERE referee_id = $1 AND status = 'pending'
      RETURNING id, referrer_id`,
    [refereeId, REWARD_PAISE],
  );
  const row = r.rows[0];
  if (!row) return false;
  // Both players' rows in id order, like every other multi-player money change (no deadlocks).
  await lockUsers(q, [row.referrer_id, refereeId]);
  await creditOnce(q, {
    userId: row.referrer_id,
    amountPaise: REWARD_PAISE,
    kind: 'referral',
    refId: `${row.id}:referrer`,
    description: 'Referral reward',
  });
  await creditOnce(q, {
    userId: refereeId,
    amountPaise: REWARD_PAISE,
    kind: 'referral',
    refId: `${row.id}:referee`,
    description: 'Referral sign-up bonus',
  });
  return true;
}

/**
 * GET /api/v1/referrals: the players this player referred, newest first ({_id, referee: {name},
 * status, completedAt}); pending until the new player verifies their phone.
 */
export async function listReferrals(q: Queryable, referrerId: string) {
  const r = await q.query<{
    id: string;
    name: string;
    status: 'pending' | 'completed';
    completed_at: Date | null;
    created_at: Date;
  }>(
    `SELECT r.id, u.name, r.status, r.completed_at, r.created_at
       FROM referrals r JOIN users u ON u.id = r.referee_id
      WHERE r.referrer_id = $1 ORDER BY r.created_at DESC, r.id DESC LIMIT 1000`,
    [referrerId],
  );
  return r.rows.map((row) => ({
    _id: row.id,
    referee: { name: row.name },
    status: row.status,
    completedAt: row.completed_at ? row.completed_at.toISOString() : null,
    createdAt: row.created_at.toISOString(),
  }));
}
