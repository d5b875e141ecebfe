import type { Queryable } from '../db/types';
import type { Env } from '../env';
import { hitWindow } from './rate-limit';

/** The key of a client whose address could not be read (http/client-address.ts). */
export const UNKNOWN_ADDRESS = 'unknown';

/**
 * Limits per client address (http/client-address.ts), counted in the database so every server
 * process shares them. Each call counts one attempt in one atomic statement and refuses with 429
 * past the limit: attempts are counted, not successes, so a refused or failing request still
 * costs its sender (a walk over phone numbers pays for every attempt).
 * Call OUTSIDE the request's transaction, so the count survives a rollback.
 */
const LIMITS = {
  otp: {
    env: 'LIMIT_OTP_SENDS_PER_ADDRESS_HOUR',
    seconds: 3600,
    message: 'Too many OTP requests from your network. Please try again later.',
  },
  register: {
    env: 'LIMIT_REGISTRATIONS_PER_ADDRESS_HOUR',
    seconds: 3600,
    message: 'Too many registrations from your network. Please try again later.',
  },
  login: {
    env: 'LIMIT_LOGINS_PER_ADDRESS_15MIN',
    seconds: 900,
    message: 'Too many login attempts from your network. Please try again later.',
  },
  fund: {
    env: 'LIMIT_FUND_ORDERS_PER_ADDRESS_HOUR',
    seconds: 3600,
    message: 'Too many payment requests from your network. Please try again later.',
  },
} as const satisfies Record<string, { env: keyof Env; seconds: number; message: string }>;

export type AddressLimit = keyof typeof LIMITS;

export async function limitAddress(
  q: Queryable,
  env: Pick<Env, (typeof LIMITS)[AddressLimit]['env']>,
  kind: AddressLimit,
  address: string,
): Promise<void> {
  const l = LIMITS[kind];
  await hitWindow(q, `addr-${kind}:${address}`, env[l.env], l.seconds, l.message);
}
