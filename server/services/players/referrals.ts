import { REFERRAL_REWARD_POINTS } from '../../../src/contracts/referrals';
import { pointsToPaise } from '../../../src/domain/money';
import { creditOnce } from '../../db/repositories/ledger';
import {
  insertPendingReferral,
  listReferralsBy,
  moveReferral,
  pendingReferrerOf,
  type ReferralRow,
} from '../../db/repositories/referrals';
import { raiseOnce, sharedOrigin } from '../../db/repositories/risk-flags';
import { lockUsers } from '../../db/repositories/settlement';
import { findUserById } from '../../db/repositories/users';
import type { Queryable } from '../../db/types';
import { ledgerText } from '../../i18n/ledger-text';

const REWARD_PAISE = pointsToPaise(REFERRAL_REWARD_POINTS);

/** At registration with a valid code: the referral waits until the new player verifies. */
export async function recordPendingReferral(
  q: Queryable,
  referrerId: string,
  refereeId: string,
): Promise<void> {
  await insertPendingReferral(q, referrerId, refereeId);
}

/**
 * The hook called when a player's phone is verified (registration, or a first login of an
 * unverified player). Completes their pending referral once and pays 5 points to the referrer and
 * 5 to the new player (docs/product.md section 9: "referrer and invitee both get 5"). Ledger (kind, ref_id)
 * uniqueness makes a second call pay nothing. When the two registered from one device or one
 * address (services/money/risk.ts), nothing is paid: the referral is 'held' with a risk flag until an
 * operator pays or refuses it (never an automatic refusal).
 */
export async function completeReferral(q: Queryable, refereeId: string): Promise<boolean> {
  const referrerId = await pendingReferrerOf(q, refereeId);
  if (!referrerId) return false;
  const shared = await sharedOrigin(q, referrerId, refereeId);
  if (shared.device || shared.address) {
    const held = await moveReferral(q, 'referee_id', refereeId, 'pending', 'held', 0);
    if (held) await flagSharedReferral(q, held.id, referrerId, refereeId, shared);
    return false;
  }
  const row = await moveReferral(q, 'referee_id', refereeId, 'pending', 'completed', REWARD_PAISE);
  if (!row) return false;
  await payReferral(q, row);
  return true;
}

/** 5 points each to referrer and referee, once per referral. */
export async function payReferral(q: Queryable, row: ReferralRow): Promise<void> {
  // Both players' rows in id order, like every other multi-player money change (no deadlocks).
  await lockUsers(q, [row.referrer_id, row.referee_id]);
  await creditOnce(q, {
    userId: row.referrer_id,
    amountPaise: REWARD_PAISE,
    kind: 'referral',
    refId: `${row.id}:referrer`,
    description: ledgerText.referralReward,
  });
  await creditOnce(q, {
    userId: row.referee_id,
    amountPaise: REWARD_PAISE,
    kind: 'referral',
    refId: `${row.id}:referee`,
    description: ledgerText.referralBonus,
  });
}

/** An operator's answer to a held referral bonus: pay it now, or refuse it. False if not held. */
export async function releaseReferral(q: Queryable, referralId: string, pay: boolean): Promise<boolean> {
  const row = await moveReferral(q, 'id', referralId, 'held', pay ? 'completed' : 'refused', REWARD_PAISE);
  if (!row) return false;
  if (pay) await payReferral(q, row);
  return true;
}

/** Flags a referral whose bonus was held because referrer and invitee share a device or address. */
async function flagSharedReferral(
  q: Queryable,
  referralId: string,
  referrerId: string,
  refereeId: string,
  shared: { device: string | null; address: string | null },
): Promise<void> {
  const [referrer, referee] = await Promise.all([findUserById(q, referrerId), findUserById(q, refereeId)]);
  if (!referrer || !referee) return;
  await raiseOnce(q, {
    kind: 'referral-shared',
    key: `referral:${referralId}`,
    userIds: [referrerId, refereeId],
    evidence: {
      referralId,
      referrer: { _id: referrer.id, name: referrer.name, phone: referrer.phone },
      referee: { _id: referee.id, name: referee.name, phone: referee.phone },
      device: shared.device,
      address: shared.address,
      bonusHeld: true,
    },
  });
}

/**
 * GET /api/v1/referrals: the players this player referred, newest first ({_id, referee: {name},
 * status, completedAt}); pending until the new player verifies their phone.
 */
export async function listReferrals(q: Queryable, referrerId: string) {
  const rows = await listReferralsBy(q, referrerId);
  return rows.map((row) => ({
    _id: row.id,
    referee: { name: row.name },
    // A held bonus still waits for the player: pending until an operator pays or refuses it.
    status: row.status === 'held' ? ('pending' as const) : row.status,
    completedAt: row.completed_at ? row.completed_at.toISOString() : null,
    createdAt: row.created_at.toISOString(),
  }));
}
