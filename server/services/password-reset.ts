import type { Lang } from '../../src/i18n/languages';
import { consumeResetGrant } from '../db/repositories/reset-grants';
import { findUserByPhone, setUserPassword } from '../db/repositories/users';
import type { Deps } from '../deps';
import { limitAddress } from './address-limits';
import { LOGIN_FAIL_LIMIT, LOGIN_FAIL_WINDOW, loginFailKey } from './auth';
import { forbidden } from './errors';
import { checkSendLimits, issueOtp } from './otp';
import { hashPassword } from './passwords';
import { lockedOutCheck, resetKey } from './rate-limit';
import { hashToken } from './token-hash';
import { revokeUserTokens } from './tokens';

// Forgotten passwords: a password OTP, then (with the grant verify-otp hands out) a new password.

/** Sends a password OTP when the phone belongs to a player; the answer is the same either way. */
export async function forgetPassword(
  deps: Deps,
  phone: string,
  address: string,
  asked: Lang | null,
): Promise<void> {
  await limitAddress(deps.db, deps.env, 'otp', address);
  await deps.db.transaction(async (tx) => {
    await checkSendLimits(tx, phone, 'password');
    const user = await findUserByPhone(tx, phone);
    if (user && !user.is_blocked) await issueOtp(tx, deps, phone, 'password', asked);
  });
}

export const RESET_NEEDS_GRANT = 'Please verify the OTP before resetting your password';
const RESET_LOCKED = 'Too many password reset attempts. Please try again later.';
const resetFailKey = (phone: string) => `reset-fail:${phone}`;

/**
 * Needs the grant's resetToken from verify-otp (purpose password) for this phone; ends every session
 * of the player. Limited like login attempts: per client address, and 5 wrong tries per phone in 15
 * minutes (the slot is taken before the token is evaluated, so parallel guesses evaluate at most 5).
 */
export async function resetPassword(
  deps: Deps,
  input: { phone: string; resetToken: string; newPassword: string },
  address: string,
): Promise<void> {
  const { db, env } = deps;
  const { phone } = input;
  await limitAddress(db, env, 'login', address);
  const hash = await hashPassword(input.newPassword);
  const right = await lockedOutCheck(
    db,
    {
      key: resetFailKey(phone),
      limit: LOGIN_FAIL_LIMIT,
      windowSeconds: LOGIN_FAIL_WINDOW,
      message: RESET_LOCKED,
    },
    () =>
      db.transaction(async (tx) => {
        const user = await findUserByPhone(tx, phone);
        if (!user || !(await consumeResetGrant(tx, phone, hashToken(input.resetToken)))) return false;
        await setUserPassword(tx, user.id, hash);
        await revokeUserTokens(tx, user.id);
        await resetKey(tx, loginFailKey(phone));
        return true;
      }),
  );
  if (!right) throw forbidden(RESET_NEEDS_GRANT);
  await resetKey(db, resetFailKey(phone));
}
