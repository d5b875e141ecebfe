import { raiseTokenFactor } from '../../db/repositories/auth-tokens';
import { endSessions } from '../../db/repositories/operator-sessions';
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
} from '../../db/repositories/two-factor';
import type { Deps } from '../../deps';
import { hashToken } from '../auth/token-hash';
import { issueAdminToken, newToken, type SessionMeta } from '../auth/tokens';
import { badRequest, conflict, tooManyRequests, unauthorized } from '../errors';
import { qrSvg } from '../qr-svg';
import { lockedOutCheck } from '../rate-limit';
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
/** Wrong second-factor codes one operator may have evaluated per window, from every address. */
const OPERATOR_CODE_LIMIT = 10;
export const SETUP_CHANGED =
  'The two-factor setup was started again since this code was made. Scan the new code and try again.';

const nowSeconds = async (deps: Deps) => Math.floor((await deps.clock.now()).getTime() / 1000);
const keyOf = (deps: Deps, sealed: string) => base32Decode(unseal(deps.env.OTP_SECRET, sealed));

/** Whether the operator has two-factor sign-in in force now (their account, not this session). */
export async function twoFactorInForce(deps: Deps, adminId: string): Promise<boolean> {
  return Boolean((await findTwoFactor(deps.db, adminId))?.totp_enabled_at);
}

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
  return { secret, otpauthUrl: url, qrSvg: await qrSvg(url) };
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

/**
 * POST /admin/2fa/enable {code}: in force from now; answers the ten recovery codes, once. The
 * secret put in force is the one the code was checked against: a setup started meanwhile (another
 * session of the same operator) makes the statement match nothing, and the operator starts again.
 * Every other session of the operator ends, and this one, which has just shown a code, counts as
 * opened with two factors.
 */
export async function enableTwoFactorWith(
  deps: Deps,
  who: { adminId: string; tokenId: string },
  code: string,
): Promise<string[]> {
  const { adminId } = who;
  const row = await findTwoFactor(deps.db, adminId);
  if (!row) throw unauthorized();
  if (row.totp_enabled_at) throw conflict('Two-factor sign-in is already on');
  const pending = row.totp_pending;
  if (!pending) throw conflict('Start the setup first (POST /admin/2fa/setup)');
  const now = await nowSeconds(deps);
  let step: number | null = null;
  await checkedCode(deps, adminId, async () => {
    step = matchingStep(keyOf(deps, pending), code, now);
    return step !== null;
  });
  const codes = newRecoveryCodes();
  const enabled = await deps.db.transaction(async (tx) => {
    if (!(await enableTwoFactor(tx, adminId, pending, step as number, codes.map(recoveryCodeHash))))
      return false;
    await endSessions(tx, adminId, who.tokenId);
    await raiseTokenFactor(tx, who.tokenId);
    return true;
  });
  if (!enabled) throw conflict(SETUP_CHANGED);
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
  // Per operator too, whatever the challenge or address: 40 sign-ins from 40 addresses still
  // have at most OPERATOR_CODE_LIMIT wrong codes evaluated per window between them.
  const right = await lockedOutCheck(
    db,
    {
      key: `2fa-login:${row.id}`,
      limit: OPERATOR_CODE_LIMIT,
      windowSeconds: CHECK_WINDOW_SECONDS,
      message: CHECKS_LOCKED,
    },
    async () => {
      if (factor.code !== undefined) {
        const step = matchingStep(keyOf(deps, secret), factor.code, await nowSeconds(deps));
        return step !== null && (await takeStep(db, row.id, step));
      }
      if (factor.recoveryCode !== undefined)
        return spendRecoveryCode(db, row.id, recoveryCodeHash(factor.recoveryCode));
      return false;
    },
  );
  if (!right) throw unauthorized(WRONG_CODE, { code: WRONG_CODE });
  if (!(await finishChallenge(db, hash))) throw unauthorized(CHALLENGE_EXPIRED);
  return issueAdminToken(db, row.id, meta, true);
}
