import { createHmac, randomBytes, randomInt } from 'node:crypto';
import type { OtpPurpose } from '../../../src/contracts/auth';
import type { Lang } from '../../../src/i18n/languages';
import {
  consumePendingOtps,
  insertOtp,
  liveOtpAttempts,
  newestPendingPurpose,
  tryOtp,
} from '../../db/repositories/otps';
import { newestCooldownKey } from '../../db/repositories/rate-limits';
import { languageOfPhone } from '../../db/repositories/users';
import type { Queryable } from '../../db/types';
import type { Env } from '../../env';
import { translate } from '../../i18n/translate';
import type { Logger } from '../../logger';
import { badRequest, tooManyRequests } from '../errors';
import { hitCooldown, hitWindow } from '../rate-limit';
import { queueSms } from '../sms/queue';

export const OTP_TTL_MINUTES = 5;
export const OTP_MAX_ATTEMPTS = 5;
export const RESEND_COOLDOWN_SECONDS = 30;
export const SENDS_PER_HOUR = 5;

export const OTP_INVALID = 'Invalid OTP';
export const OTP_EXPIRED = 'OTP expired or not found. Please request a new OTP.';
export const OTP_LOCKED = 'Too many wrong attempts. Please request a new OTP.';

/** 4 digits from a CSPRNG, zero-padded: '0042' is a valid code. */
export function newOtpCode(): string {
  return String(randomInt(0, 10_000)).padStart(4, '0');
}

export function otpHmac(secret: string, phone: string, purpose: OtpPurpose, code: string): string {
  return createHmac('sha256', secret).update(`${phone}:${purpose}:${code}`).digest('hex');
}

const PURPOSE_TEXT: Record<OtpPurpose, string> = {
  login: 'login',
  registration: 'registration',
  password: 'password reset',
};

/**
 * Checks the send limits for a phone (whether or not it is registered, so limits reveal nothing):
 * one send per 30 s per purpose (so logging in right after registering works) and 5 per hour.
 */
export async function checkSendLimits(
  q: Queryable,
  phone: string,
  purpose: OtpPurpose | 'any',
): Promise<void> {
  await hitCooldown(
    q,
    `otp-cooldown:${phone}:${purpose}`,
    RESEND_COOLDOWN_SECONDS,
    (wait) => `Please wait ${wait} seconds before requesting another OTP`,
  );
  await hitWindow(
    q,
    `otp-hour:${phone}`,
    SENDS_PER_HOUR,
    3600,
    'Too many OTP requests. Please try again later.',
  );
}

/**
 * The purpose of the last send attempt on a phone, read from its cooldowns rather than from the
 * codes: forget-password starts the same cooldown for unknown phones as for players, so a resend
 * keyed on this answers alike for both (keyed on the pending code it would reveal the player).
 */
export async function lastSendPurpose(q: Queryable, phone: string): Promise<OtpPurpose | 'any'> {
  const key = await newestCooldownKey(q, `otp-cooldown:${phone}:%`);
  const purpose = key?.split(':')[2];
  return purpose === 'login' || purpose === 'registration' || purpose === 'password' ? purpose : 'any';
}

/**
 * The OTP SMS in a language: the English sentence through the server catalogue, with the purpose
 * word translated on its own.
 * @example otpText('1234', 'login', 'en') // '1234 is your login OTP. It is valid for 10 minutes. ...'
 */
export function otpText(code: string, purpose: OtpPurpose, lang: Lang): string {
  const english = `${code} is your ${PURPOSE_TEXT[purpose]} OTP. It is valid for ${OTP_TTL_MINUTES} minutes. Do not share it with anyone.`;
  if (lang === 'en') return english;
  return translate(english, lang).replace(PURPOSE_TEXT[purpose], translate(PURPOSE_TEXT[purpose], lang));
}

/**
 * Replaces any pending code for (phone, purpose) with a new one and sends it, in the language the
 * app asked in (`asked`, from the request's Accept-Language), else the player's saved one.
 */
export async function issueOtp(
  q: Queryable,
  deps: { env: Env; logger: Logger },
  phone: string,
  purpose: OtpPurpose,
  asked: Lang | null,
): Promise<void> {
  const code = newOtpCode();
  await replaceCode(q, deps.env, phone, purpose, code);
  // The language the app asked in, else the player's saved one (issue 22).
  const saved = await languageOfPhone(q, phone);
  const lang = asked ?? saved ?? 'en';
  await queueSms(q, deps, {
    phone,
    purpose,
    text: otpText(code, purpose, lang),
    secret: code,
    ttlSeconds: OTP_TTL_MINUTES * 60,
  });
}

/**
 * Stands in for issueOtp where no code may go out (an unknown or blocked phone's reset, a second
 * registration of a registered phone): the phone's pending codes end and a live code of `purpose`
 * is stored exactly as a real one, with its expiry and its five wrong tries, but it is the HMAC of
 * 32 hex digits that nobody was sent and no 4-digit entry can match. So every later answer about
 * this phone (a wrong code, the fifth, a resend) is the one a real code would give (issue 45).
 */
export async function issueUnguessableOtp(
  q: Queryable,
  env: Pick<Env, 'OTP_SECRET'>,
  phone: string,
  purpose: OtpPurpose,
): Promise<void> {
  await replaceCode(q, env, phone, purpose, randomBytes(16).toString('hex'));
}

async function replaceCode(
  q: Queryable,
  env: Pick<Env, 'OTP_SECRET'>,
  phone: string,
  purpose: OtpPurpose,
  code: string,
): Promise<void> {
  await consumePendingOtps(q, phone);
  await insertOtp(q, {
    phone,
    purpose,
    codeHmac: otpHmac(env.OTP_SECRET, phone, purpose, code),
    ttlMinutes: OTP_TTL_MINUTES,
  });
}

/** The purpose of the phone's pending (unused, unexpired) code, for resend-otp. */
export async function pendingPurpose(q: Queryable, phone: string): Promise<OtpPurpose | null> {
  return newestPendingPurpose(q, phone, OTP_MAX_ATTEMPTS);
}

/**
 * Verifies and consumes a code in ONE statement that both counts and decides (STYLE.md habit 11):
 * the newest live code of (phone, purpose) is updated only while it has fewer than 5 wrong tries,
 * and the same UPDATE either consumes it (right code) or adds a wrong try. Concurrent tries on one
 * code queue on its row lock and each re-checks `attempts < 5`, so however many guesses arrive at
 * once, at most 5 are ever evaluated, and after the fifth even the right code is refused.
 * Call it OUTSIDE a transaction: a wrong try must stay counted although the request fails.
 */
export async function consumeOtp(
  q: Queryable,
  secret: string,
  phone: string,
  purpose: OtpPurpose,
  code: string,
): Promise<void> {
  const row = await tryOtp(q, phone, purpose, otpHmac(secret, phone, purpose, code), OTP_MAX_ATTEMPTS);
  if (row?.consumed) return;
  if (row) {
    if (row.attempts >= OTP_MAX_ATTEMPTS) throw tooManyRequests(OTP_LOCKED, 30);
    throw badRequest(OTP_INVALID, { otp: OTP_INVALID });
  }
  // Nothing was evaluated: say why without comparing anything.
  if ((await liveOtpAttempts(q, phone, purpose)) >= OTP_MAX_ATTEMPTS) throw tooManyRequests(OTP_LOCKED, 30);
  throw badRequest(OTP_EXPIRED, { otp: OTP_EXPIRED });
}
