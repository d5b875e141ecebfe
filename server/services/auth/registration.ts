import { randomBytes } from 'node:crypto';
import type { RegistrationAnswer } from '../../../src/contracts/auth';
import type { Lang } from '../../../src/i18n/languages';
import { confirmAdult } from '../../db/repositories/responsible-play';
import {
  findUserByPhone,
  findUserIdByReferralCode,
  insertUser,
  referralCodeTaken,
  refreshUnverifiedUser,
  upsertDeviceToken,
} from '../../db/repositories/users';
import type { Queryable } from '../../db/types';
import type { Deps } from '../../deps';
import { limitAddress } from '../address-limits';
import { badRequest } from '../errors';
import { noteRegistration } from '../money/risk';
import { recordPendingReferral } from '../players/referrals';
import { checkSendLimits } from './otp';
import { hashPassword } from './passwords';
import { sendCodeOrStandIn } from './send-code';

/** Eight characters without look-alikes (no 0/O, 1/I). */
function newReferralCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from(randomBytes(8), (b) => alphabet[b % alphabet.length]).join('');
}

export interface RegisterInput {
  name: string;
  phone: string;
  password: string;
  deviceToken?: string;
  referralCode?: string;
}

/**
 * Creates (or refreshes an unverified) player and sends the registration OTP. Registration does not
 * tell who is registered (docs/api.md "Auth"): a verified phone gets the same answer, after the same
 * limits and the same password hashing, but no account is touched and no code goes out; its owner
 * gets an SMS saying someone tried (send-code.ts). So the answer is built from the request alone.
 * Every attempt counts against the client address first (registrations and OTP sends).
 */
export async function register(
  deps: Deps,
  input: RegisterInput,
  address: string,
  asked: Lang | null,
  deviceId?: string,
): Promise<RegistrationAnswer> {
  const { db, env } = deps;
  await limitAddress(db, env, 'register', address);
  await limitAddress(db, env, 'otp', address);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const referrerId = input.referralCode ? await findUserIdByReferralCode(tx, input.referralCode) : null;
    if (input.referralCode && !referrerId)
      throw badRequest('Invalid referral code', { referralCode: 'Invalid referral code' });
    await checkSendLimits(tx, input.phone, 'registration');
    const existing = await findUserByPhone(tx, input.phone);
    if (!existing?.is_verified)
      await saveUnverified(tx, input, existing?.id ?? null, passwordHash, {
        referrerId,
        address,
        deviceId,
        language: asked,
      });
    await sendCodeOrStandIn(
      tx,
      deps,
      input.phone,
      'registration',
      await findUserByPhone(tx, input.phone),
      asked,
    );
  });
  return { name: input.name, phone: input.phone };
}

/** A new player, or a phone nobody proved yet taken over by this registration (name, password, language). */
async function saveUnverified(
  tx: Queryable,
  input: RegisterInput,
  existingId: string | null,
  passwordHash: string,
  from: { referrerId: string | null; address: string; deviceId?: string; language: Lang | null },
): Promise<void> {
  let userId: string;
  if (existingId) {
    userId = existingId;
    await refreshUnverifiedUser(tx, userId, {
      name: input.name,
      passwordHash,
      deviceToken: input.deviceToken ?? null,
      language: from.language,
    });
  } else {
    userId = await insertUserWithCode(tx, input, passwordHash, from.referrerId, from.language ?? 'en');
  }
  // The route refuses a registration without the player's 18+ confirmation; its time is kept.
  await confirmAdult(tx, userId);
  if (from.referrerId && from.referrerId !== userId) await recordPendingReferral(tx, from.referrerId, userId);
  // The device list and result pushes read device_tokens: a token given at sign-up joins it.
  if (input.deviceToken) await upsertDeviceToken(tx, userId, input.deviceToken);
  await noteRegistration(tx, userId, from.address, from.deviceId || input.deviceToken);
}

async function insertUserWithCode(
  tx: Queryable,
  input: RegisterInput,
  passwordHash: string,
  referrerId: string | null,
  language: Lang,
) {
  // A referral-code collision is astronomically rare; the unique index catches it, we never loop long.
  for (let i = 0; ; i++) {
    const code = newReferralCode();
    if ((await referralCodeTaken(tx, code)) && i < 5) continue;
    return insertUser(tx, {
      name: input.name,
      phone: input.phone,
      passwordHash,
      referralCode: code,
      referredBy: referrerId,
      deviceToken: input.deviceToken ?? null,
      // A new account takes the language it registered in (issue 45), not chosen until the player does.
      language,
    });
  }
}
