import type { OtpPurpose } from '../../../src/contracts/auth';
import { BLOCKED_MESSAGE } from '../../../src/contracts/common';
import type { User } from '../../../src/contracts/user';
import { marketDayOf } from '../../../src/domain/market-time';
import type { Lang } from '../../../src/i18n/languages';
import { replaceResetGrant } from '../../db/repositories/reset-grants';
import {
  adoptUnchosenLanguage,
  findUserByPhone,
  markUserVerified,
  setUserDeviceToken,
  toUser,
  upsertDeviceToken,
} from '../../db/repositories/users';
import type { Db, Queryable } from '../../db/types';
import type { Deps } from '../../deps';
import { limitAddress } from '../address-limits';
import { badRequest, forbidden, unauthorized } from '../errors';
import { completeReferral } from '../players/referrals';
import { grantDailyPoints } from '../players/responsible-play';
import { lockedOutCheck, resetKey } from '../rate-limit';
import { deviceOf } from './device-label';
import { checkSendLimits, consumeOtp, issueOtp, lastSendPurpose, OTP_EXPIRED, pendingPurpose } from './otp';
import { burnPasswordCheck, verifyPassword } from './passwords';
import { sendCodeOrStandIn } from './send-code';
import { hashToken } from './token-hash';
import { issuePlayerToken, newToken } from './tokens';

export const LOGIN_FAILED = 'Invalid phone number or password';
export const LOGIN_LOCKED = 'Too many login attempts. Please try again later.';
export const LOGIN_FAIL_LIMIT = 5;
export const LOGIN_FAIL_WINDOW = 15 * 60;
export const loginFailKey = (phone: string) => `login-fail:${phone}`;
const RESET_GRANT_MINUTES = 10;

async function toUserOrThrow(q: Queryable, phone: string): Promise<User> {
  const row = await findUserByPhone(q, phone);
  if (!row) throw new Error('user vanished inside its own transaction');
  return toUser(row);
}

/**
 * Right password: sends the login OTP. Five wrong passwords per phone in 15 minutes lock it (429),
 * however many arrive at once: a lockout slot is taken before the password is evaluated. Login
 * attempts also count against the client address, so one address cannot lock out many players.
 */
export async function login(
  deps: Deps,
  phone: string,
  password: string,
  address: string,
  asked: Lang | null,
): Promise<User> {
  const { db, env } = deps;
  await limitAddress(db, env, 'login', address);
  const user = await findUserByPhone(db, phone);
  const right = await lockedOutCheck(
    db,
    {
      key: loginFailKey(phone),
      limit: LOGIN_FAIL_LIMIT,
      windowSeconds: LOGIN_FAIL_WINDOW,
      message: LOGIN_LOCKED,
    },
    async () => {
      if (user) return verifyPassword(password, user.password_hash);
      await burnPasswordCheck(password);
      return false;
    },
  );
  if (!user || !right) throw unauthorized(LOGIN_FAILED);
  if (user.is_blocked) throw forbidden(BLOCKED_MESSAGE);
  return db.transaction(async (tx) => {
    await checkSendLimits(tx, phone, 'login');
    await issueOtp(tx, deps, phone, 'login', asked);
    return toUser(user);
  });
}

/** Marks the phone verified (once) and runs the referral hook in the same transaction. */
async function markVerified(tx: Queryable, userId: string): Promise<void> {
  if (await markUserVerified(tx, userId)) await completeReferral(tx, userId);
}

/**
 * Login and registration both sign the player in: a registration's code proves the phone as a
 * login's does, and its password was set in the same request, so a new player is not asked for a
 * second code at once (issue 39).
 */
export type VerifyResult =
  | { purpose: 'login' | 'registration'; token: string; user: User }
  | { purpose: 'password'; resetToken: string };

export async function verifyOtp(
  deps: Deps,
  phone: string,
  purpose: OtpPurpose,
  code: string,
  asked: Lang | null,
): Promise<VerifyResult> {
  const { db, env } = deps;
  await consumeOtp(db, env.OTP_SECRET, phone, purpose, code);
  if (purpose === 'password') {
    // The grant belongs to whoever verified the code: they get the one-time token, we keep its hash.
    const resetToken = newToken();
    await db.transaction((tx) => replaceResetGrant(tx, phone, hashToken(resetToken), RESET_GRANT_MINUTES));
    return { purpose, resetToken };
  }
  // Points mode: the first sign-in of a market day tops the wallet up (once per day).
  const grantDay = env.MONEY_MODE === 'points' ? marketDayOf(await deps.clock.now(), env.MARKET_TZ) : null;
  return db.transaction(async (tx) => {
    const user = await findUserByPhone(tx, phone);
    if (!user) throw badRequest(OTP_EXPIRED);
    if (user.is_blocked) throw forbidden(BLOCKED_MESSAGE);
    await markVerified(tx, user.id);
    // The language on the phone's screen wins over one the player never chose (issue 45).
    if (asked) await adoptUnchosenLanguage(tx, user.id, asked);
    if (purpose === 'login') await resetKey(tx, loginFailKey(phone));
    if (grantDay) await grantDailyPoints(tx, user.id, grantDay, env.POINTS_DAILY_GRANT);
    const fresh = await toUserOrThrow(tx, phone);
    return { purpose, token: await issuePlayerToken(tx, user.id), user: fresh };
  });
}

/**
 * Re-sends the pending purpose's code. Answers alike for unknown phones (no enumeration): a phone
 * that may not have the code gets a new stand-in instead (send-code.ts), as a real one would.
 */
export async function resendOtp(
  deps: Deps,
  phone: string,
  address: string,
  asked: Lang | null,
): Promise<void> {
  await limitAddress(deps.db, deps.env, 'otp', address);
  await deps.db.transaction(async (tx) => {
    await checkSendLimits(tx, phone, await lastSendPurpose(tx, phone));
    const purpose = await pendingPurpose(tx, phone);
    const user = await findUserByPhone(tx, phone);
    if (purpose) await sendCodeOrStandIn(tx, deps, phone, purpose, user, asked);
  });
}

export async function saveDeviceToken(
  db: Db,
  userId: string,
  token: string,
  userAgent?: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await upsertDeviceToken(tx, userId, token, deviceOf(userAgent));
    await setUserDeviceToken(tx, userId, token);
  });
}
