import { paiseToPoints } from '../../../src/domain/money';
import {
  accountsFromOrigin,
  bidBursts,
  clearFlag,
  clearFlagByKey,
  depositsAndPlay,
  findFlag,
  type OriginAccount,
  type RiskFlagRow,
  raiseOnce,
  raiseOrRefresh,
  setRegistrationOrigin,
} from '../../db/repositories/risk-flags';
import { findUserById } from '../../db/repositories/users';
import type { Db, Queryable } from '../../db/types';
import type { Deps } from '../../deps';
import { UNKNOWN_ADDRESS } from '../address-limits';
import { conflict, notFound, unprocessable } from '../errors';
import { periodic } from '../periodic';
import { releaseReferral } from '../players/referrals';

// Risk flags for the money desk: something for an operator to look at, with its evidence. A flag
// never blocks a player, a bid or a withdrawal; only the referral bonus of a shared-origin pair
// waits (held) until an operator pays or refuses it.

/** "Several accounts": this many registered from one device or one address within 24 hours. */
export const ACCOUNTS_PER_ORIGIN_DAY = 3;
/** More bid submissions than this within any 60 seconds is a burst. */
export const BIDS_PER_MINUTE = 30;
/** A withdrawal within this many hours of a deposit ... */
export const QUICK_WITHDRAWAL_HOURS = 24;
/** ... after staking less than this share of what was deposited. */
export const LITTLE_PLAY_SHARE = 0.5;

export const FLAG_CLEARED = 'This flag was already cleared';
export const REFERRAL_DECISION = 'Pay or refuse the held referral bonus';

const LOOPBACK = /^(127\.|::1$|0:0:0:0:0:0:0:1$|0:0:0:0::\/64$)/;

/** A device id the app sends (X-Device-Id) or the push token: printable, bounded. */
const DEVICE_RE = /^[\w:.-]{8,300}$/;

const person = (a: { id: string; name: string; phone: string }) => ({
  _id: a.id,
  name: a.name,
  phone: a.phone,
});
const account = (a: OriginAccount) => ({ ...person(a), registeredAt: a.created_at.toISOString() });

/**
 * At registration: keep where the account came from, and flag the device or address once a third
 * account within 24 hours registers from it (the open flag's evidence grows with each one).
 */
export async function noteRegistration(
  tx: Queryable,
  userId: string,
  address: string,
  device: string | undefined | null,
): Promise<void> {
  // A loopback client is a proxy on this machine or a developer: not a player's network.
  const addr = address && address !== UNKNOWN_ADDRESS && !LOOPBACK.test(address) ? address : null;
  const dev = device && DEVICE_RE.test(device) ? device : null;
  await setRegistrationOrigin(tx, userId, addr, dev);
  for (const [by, value] of [
    ['device', dev],
    ['address', addr],
  ] as const) {
    if (!value) continue;
    const accounts = await accountsFromOrigin(tx, by, value);
    if (accounts.length < ACCOUNTS_PER_ORIGIN_DAY) continue;
    await raiseOrRefresh(tx, {
      kind: by === 'device' ? 'shared-device' : 'shared-address',
      key: `shared-${by}:${value}`,
      userIds: accounts.map((a) => a.id),
      evidence: { [by]: value, window: '24 hours', accounts: accounts.map(account) },
    });
  }
}

/**
 * The bids-a-minute flag, read from the bids table (never a hook in bid placement): every player's
 * busiest minute per hour over the last day with more than BIDS_PER_MINUTE submissions, raised
 * once. Run by a periodic job on every process and before the Risk screen is read.
 */
export async function scanBidBursts(db: Queryable): Promise<number> {
  let raised = 0;
  for (const b of await bidBursts(db, BIDS_PER_MINUTE, 24)) {
    const user = await findUserById(db, b.user_id);
    const ok = await raiseOnce(db, {
      kind: 'bid-burst',
      key: `bid-burst:${b.user_id}:${b.hour}`,
      userIds: [b.user_id],
      evidence: {
        player: user ? person(user) : { _id: b.user_id },
        submissions: b.peak,
        bids: Number(b.bids),
        stake: paiseToPoints(Number(b.stake_paise)),
        from: b.window_start.toISOString(),
        to: new Date(b.window_start.getTime() + 60_000).toISOString(),
        limit: BIDS_PER_MINUTE,
      },
    });
    if (ok) raised += 1;
  }
  return raised;
}

/** Inside the withdrawal's transaction: a withdrawal soon after a deposit with little play. */
export async function flagQuickWithdrawal(
  tx: Queryable,
  userId: string,
  withdrawal: { id: string; amount_paise: number; created_at: Date },
): Promise<void> {
  const d = await depositsAndPlay(tx, userId, QUICK_WITHDRAWAL_HOURS);
  if (!(d.deposits_paise > 0) || !d.first_deposit_at) return;
  if (d.stakes_paise >= d.deposits_paise * LITTLE_PLAY_SHARE) return;
  await raiseOnce(tx, {
    kind: 'quick-withdrawal',
    key: `quick-withdrawal:${withdrawal.id}`,
    userIds: [userId],
    evidence: {
      withdrawalId: withdrawal.id,
      withdrawal: paiseToPoints(withdrawal.amount_paise),
      deposits: paiseToPoints(d.deposits_paise),
      firstDepositAt: d.first_deposit_at.toISOString(),
      staked: paiseToPoints(d.stakes_paise),
      minutesAfterDeposit: Math.max(
        0,
        Math.round((withdrawal.created_at.getTime() - d.first_deposit_at.getTime()) / 60_000),
      ),
    },
  });
}

/** The clear note of a quick-withdrawal flag whose withdrawal never paid out. */
export const WITHDRAWAL_GONE = {
  cancelled: 'The player cancelled the withdrawal and got the amount back',
  rejected: 'The withdrawal was rejected and refunded',
} as const;

/**
 * Inside the transaction that cancels or rejects a withdrawal: its "withdrawal soon after a
 * deposit" flag has nothing left to look at (no money left), so it is cleared with a note saying
 * why. An approved withdrawal keeps its flag for the record.
 */
export async function clearWithdrawalFlag(
  tx: Queryable,
  withdrawalId: string,
  how: keyof typeof WITHDRAWAL_GONE,
): Promise<void> {
  await clearFlagByKey(tx, `quick-withdrawal:${withdrawalId}`, WITHDRAWAL_GONE[how]);
}

export function presentFlag(f: RiskFlagRow) {
  return {
    _id: f.id,
    kind: f.kind,
    userIds: f.user_ids,
    players: f.players ?? [],
    evidence: f.evidence,
    createdAt: f.created_at.toISOString(),
    updatedAt: f.updated_at.toISOString(),
    clearedAt: f.cleared_at ? f.cleared_at.toISOString() : null,
    clearedBy: f.cleared_by_username,
    clearNote: f.clear_note,
  };
}

/**
 * An operator clears a flag with a note (the write is audited like every operator write). A held
 * referral bonus needs the decision with it: `referral: 'pay'` credits both players once,
 * `'refuse'` leaves them unpaid.
 */
export async function clearRiskFlag(
  db: Db,
  id: string,
  adminId: string,
  body: { note: string; referral?: 'pay' | 'refuse' },
) {
  return db.transaction(async (tx) => {
    const flag = await findFlag(tx, id, true);
    if (!flag) throw notFound('Flag');
    if (flag.cleared_at) throw conflict(FLAG_CLEARED);
    if (flag.kind === 'referral-shared') {
      if (!body.referral) throw unprocessable(REFERRAL_DECISION, { referral: REFERRAL_DECISION });
      await releaseReferral(tx, String(flag.evidence.referralId), body.referral === 'pay');
    }
    if (!(await clearFlag(tx, id, adminId, body.note))) throw conflict(FLAG_CLEARED);
    return presentFlag((await findFlag(tx, id)) as RiskFlagRow);
  });
}

/** Every process scans for bid bursts once a minute (raiseOnce keeps one flag per burst). */
export function startRiskScanner(deps: Pick<Deps, 'db' | 'logger'>, ms = 60_000): () => Promise<void> {
  return periodic(deps.logger, 'risk-scan', ms, async () => {
    const n = await scanBidBursts(deps.db);
    if (n > 0) deps.logger.info('risk flags raised', { kind: 'bid-burst', count: n });
  });
}
