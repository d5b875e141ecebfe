import type { Lang } from '../../../src/i18n/languages';
import { consumeResetGrant } from '../../db/repositories/reset-grants';
import { findUserById, findUserByPhone, setUserPassword } from '../../db/repositories/users';
import type { Deps } from '../../deps';
import { limitAddress } from '../address-limits';
import { badRequest, forbidden, notFound } from '../errors';
import { lockedOutCheck, resetKey } from '../rate-limit';
import { checkSendLimits } from './otp';
import { hashPassword, verifyPassword } from './passwords';
import { sendCodeOrStandIn } from './send-code';
import { LOGIN_FAIL_LIMIT, LOGIN_FAIL_WINDOW, LOGIN_LOCKED, loginFailKey } from './sign-in';
import { hashToken } from './token-hash';
import { revokeUserTokens } from './tokens';

// Forgotten passwords: a password OTP, then (with the grant verify-otp hands out) a new password.

/**
 * Sends a password OTP when the phone belongs to a player; the answer is the same either way, and
 * so is every later one about the phone: an unknown or blocked phone gets a stand-in code
 * (send-code.ts), which a guess, a fifth guess and a resend answer as they would a real one.
 */
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
    await sendCodeOrStandIn(tx, deps, phone, 'password', user, asked);
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
        // The grant is looked up for an unknown phone too: the answer takes the same time.
        const granted = await consumeResetGrant(tx, phone, hashToken(input.resetToken));
        const user = await findUserByPhone(tx, phone);
        if (!user || !granted) return false;
        await setUserPassword(tx, user.id, hash);
        await revokeUserTokens(tx, user.id);
        await resetKey(tx, loginFailKey(phone));
        return true;
      }),
  );
  if (!right) throw forbidden(RESET_NEEDS_GRANT);
  await resetKey(db, resetFailKey(phone));
}

export const WRONG_CURRENT_PASSWORD = 'The current password is not right';
export const PASSWORD_CHANGED = 'Password changed. Your other sessions have ended.';

/**
 * POST /user/password: a signed-in player sets a new password from Profile. The current one must be
 * right; a wrong one counts as a wrong login password (5 per phone in 15 minutes, and against the
 * client address), so a borrowed phone cannot guess it. Every other session of the player ends.
 */
export async function changePassword(
  deps: Deps,
  who: { userId: string; tokenId: string },
  body: { currentPassword: string; newPassword: string },
  address: string,
): Promise<void> {
  const { db, env } = deps;
  await limitAddress(db, env, 'login', address);
  const user = await findUserById(db, who.userId);
  if (!user) throw notFound('User');
  const hash = await hashPassword(body.newPassword);
  const right = await lockedOutCheck(
    db,
    {
      key: loginFailKey(user.phone),
      limit: LOGIN_FAIL_LIMIT,
      windowSeconds: LOGIN_FAIL_WINDOW,
      message: LOGIN_LOCKED,
    },
    () => verifyPassword(body.currentPassword, user.password_hash),
  );
  if (!right) throw badRequest(WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD });
  await db.transaction(async (tx) => {
    await setUserPassword(tx, user.id, hash);
    await revokeUserTokens(tx, user.id, who.tokenId);
  });
}
