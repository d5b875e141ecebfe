import QRCode from 'qrcode';
import {
  disableTwoFactor,
  enableTwoFactor,
  findTwoFactor,
  finishChallenge,
  insertChallenge,
  setPendingSecret,
  spendRecoveryCode,
  takeStep,
  tryChallenge,
} from '../db/repositories/two-factor';
import type { Deps } from '../deps';
import { badRequest, conflict, tooManyRequests, unauthorized } from './errors';
import { lockedOutCheck } from './rate-limit';
import { hashToken } from './token-hash';
import { issueAdminToken, newToken, type SessionMeta } from './tokens';
import {
  base32Decode,
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUrl,
  recoveryCodeHash,
  seal,
  unseal,
} from './totp';

const ISSUER = 'Matka';
const CHALLENGE_MINUTES = 5;
const CHALLENGE_TRIES = 5;
const CHECK_LIMIT = 5;
const CHECK_WINDOW_SECONDS = 15 * 60;

export const WRONG_CODE = 'The code is not right. Check the time on your phone and try again.';
export const CHALLENGE_EXPIRED = 'The sign-in has expired. Please sign in again.';
export const CHALLENGE_SPENT = 'Too many wrong codes. Please sign in again.';
const CHECKS_LOCKED = 'Too many wrong codes. Please try again later.';

const nowSeconds = async (deps: Deps) => Math.floor((await deps.clock.now()).getTime() / 1000);
const keyOf = (deps: Deps, sealed: string) => base32Decode(unseal(deps.env.OTP_SECRET, sealed));

/**
 * POST /admin/2fa/setup: a new secret, not yet in force (a code from the app puts it in force).
 * Refused while two-factor sign-in is on: turning it off first needs a code.
 */
export async function setUpTwoFactor(deps: Deps, adminId: string) {
  const row = await findTwoFactor(deps.db, adminId);
  if (!row) throw unauthorized();
  if (row.totp_enabled_at)
    throw conflict('Two-factor sign-in is already on. Turn it off first to start again.');
  const secret = newTotpSecret();
  await setPendingSecret(deps.db, adminId, seal(deps.env.OTP_SECRET, secret));
  const url = otpauthUrl(ISSUER, row.username, secret);
  const qrSvg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, width: 240 });
  return { secret, otpauthUrl: url, qrSvg };
}

/** A code check of a signed-in operator (enable, disable): 5 wrong ones per 15 minutes, then 429. */
async function checkedCode(deps: Deps, adminId: string, check: () => Promise<boolean>): Promise<void> {
  const right = await lockedOutCheck(
    deps.db,
    {
      key: `2fa-check:${adminId}`,
      limit: CHECK_LIMIT,
      windowSeconds: CHECK_WINDOW_SECONDS,
      message: CHECKS_LOCKED,
    },
    check,
  );
  if (!right) throw badRequest(WRONG_CODE, { code: WRONG_CODE });
}

/** POST /admin/2fa/enable {code}: in force from now; answers the ten recovery codes, once. */
export async function enableTwoFactorWith(deps: Deps, adminId: string, code: string): Promise<string[]> {
  const row = await findTwoFactor(deps.db, adminId);
  if (!row) throw unauthorized();
  if (row.totp_enabled_at) throw conflict('Two-factor sign-in is already on');
  const pending = row.totp_pending;
  if (!pending) throw conflict('Start the setup first (POST /admin/2fa/setup)');
  const now = await nowSeconds(deps);
  const codes = newRecoveryCodes();
  await checkedCode(deps, adminId, async () => {
    const step = matchingStep(keyOf(deps, pending), code, now);
    if (step === null) return false;
    return deps.db.transaction((tx) => enableTwoFactor(tx, adminId, step, codes.map(recoveryCodeHash)));
  });
  return codes;
}

/** POST /admin/2fa/disable {code}: a current code (never a replayed one) turns it off. */
export async function disableTwoFactorWith(deps: Deps, adminId: string, code: string): Promise<void> {
  const row = await findTwoFactor(deps.db, adminId);
  if (!row) throw unauthorized();
  const secret = row.totp_secret;
  if (!row.totp_enabled_at || !secret) throw conflict('Two-factor sign-in is not on');
  const now = await nowSeconds(deps);
  await checkedCode(deps, adminId, async () => {
    const step = matchingStep(keyOf(deps, secret), code, now);
    if (step === null || !(await takeStep(deps.db, adminId, step))) return false;
    await disableTwoFactor(deps.db, adminId);
    return true;
  });
}

/** After a right password: a challenge for the second factor (5 minutes, 5 tries, once). */
export async function newLoginChallenge(deps: Deps, adminId: string): Promise<string> {
  const challenge = newToken();
  await insertChallenge(deps.db, adminId, hashToken(challenge), CHALLENGE_MINUTES);
  return challenge;
}

/**
 * POST /admin/login/2fa: the challenge and a code (or a recovery code) answer the token. Each try
 * is counted before it is evaluated (in one statement), so parallel wrong codes evaluate at most 5;
 * a code's time step is taken once, so an accepted code is never accepted again.
 */
export async function completeLogin(
  deps: Deps,
  challenge: string,
  factor: { code?: string; recoveryCode?: string },
  meta: SessionMeta = {},
): Promise<string> {
  const { db } = deps;
  const hash = hashToken(challenge);
  const taken = await tryChallenge(db, hash, CHALLENGE_TRIES);
  if (taken === 'spent') throw tooManyRequests(CHALLENGE_SPENT, CHALLENGE_MINUTES * 60);
  if (taken === 'unknown') throw unauthorized(CHALLENGE_EXPIRED);
  const row = await findTwoFactor(db, taken.adminId);
  const secret = row?.totp_secret;
  if (!row?.is_active || !row.totp_enabled_at || !secret) throw unauthorized(CHALLENGE_EXPIRED);
  let right = false;
  if (factor.code !== undefined) {
    const step = matchingStep(keyOf(deps, secret), factor.code, await nowSeconds(deps));
    right = step !== null && (await takeStep(db, row.id, step));
  } else if (factor.recoveryCode !== undefined) {
    right = await spendRecoveryCode(db, row.id, recoveryCodeHash(factor.recoveryCode));
  }
  if (!right) throw unauthorized(WRONG_CODE, { code: WRONG_CODE });
  if (!(await finishChallenge(db, hash))) throw unauthorized(CHALLENGE_EXPIRED);
  return issueAdminToken(db, row.id, meta);
}
