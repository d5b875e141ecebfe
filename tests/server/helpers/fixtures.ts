import { randomBytes } from 'node:crypto';
import { insertUser } from '../../../server/db/repositories/users';
import { hashPassword } from '../../../server/services/auth/passwords';
import { issueAdminToken, issuePlayerToken } from '../../../server/services/auth/tokens';
import type { TestContext, TestResponse } from './test-app';

let phoneCounter = 0;

/** A distinct valid Indian mobile number per call within a test file. */
export function nextPhone(): string {
  phoneCounter += 1;
  return `9${String(100_000_000 + ((process.pid * 7919 + phoneCounter) % 899_999_999)).padStart(9, '0')}`;
}

export interface PlayerFixture {
  id: string;
  phone: string;
  password: string;
  token: string;
}

/**
 * A verified player with a bearer token, written straight to the database (no OTP round trip).
 * `balance` in points is written as a ledger row plus the balance, like every real credit.
 */
export async function createPlayer(
  t: TestContext,
  opts: { phone?: string; name?: string; password?: string; balance?: number; verified?: boolean } = {},
): Promise<PlayerFixture> {
  const phone = opts.phone ?? nextPhone();
  const password = opts.password ?? 'secret123';
  const id = await insertUser(t.db, {
    name: opts.name ?? 'Test Player',
    phone,
    passwordHash: await hashPassword(password),
    referralCode: randomBytes(4).toString('hex').toUpperCase(),
    isVerified: opts.verified ?? true,
  });
  if (opts.balance && opts.balance > 0) {
    const paise = Math.round(opts.balance * 100);
    await t.db.query('UPDATE users SET balance_paise = $2 WHERE id = $1', [id, paise]);
    await t.db.query(
      `INSERT INTO ledger (user_id, amount_paise, kind, ref_id, description, balance_after_paise)
       VALUES ($1, $2, 'adjustment', $3, 'Test balance', $2)`,
      [id, paise, `test-${id}`],
    );
  }
  const token = await issuePlayerToken(t.db, id);
  return { id, phone, password, token };
}

export async function createAdmin(
  t: TestContext,
  username = `op${randomBytes(3).toString('hex')}`,
  role: 'owner' | 'staff' = 'owner',
) {
  const password = 'admin-pass-123';
  const r = await t.db.query<{ id: string }>(
    'INSERT INTO admins (username, password_hash, role) VALUES ($1, $2, $3) RETURNING id',
    [username, await hashPassword(password), role],
  );
  const id = r.rows[0]?.id as string;
  return { id, username, password, token: await issueAdminToken(t.db, id) };
}

/** The code of the newest SMS to a phone, read from the outbox table (outbox provider). */
export async function latestOtp(t: TestContext, phone: string): Promise<string> {
  const r = await t.db.query<{ text: string }>(
    'SELECT text FROM sms_outbox WHERE phone = $1 ORDER BY created_at DESC LIMIT 1',
    [phone],
  );
  const m = /^(\d{4}) /.exec(r.rows[0]?.text ?? '');
  if (!m?.[1]) throw new Error(`no OTP SMS for ${phone}`);
  return m[1];
}

/** Lets the 30 s resend cooldown pass without waiting (tests only). */
export async function clearOtpCooldown(t: TestContext, phone: string): Promise<void> {
  await t.db.query(`DELETE FROM rate_limit_buckets WHERE key LIKE $1`, [`otp-cooldown:${phone}:%`]);
}

const secondOwners = new WeakMap<object, Promise<{ token: string }>>();

/**
 * A manual wallet adjustment as four eyes have it (issue 19): requested by `token`'s owner, then
 * applied by a second owner made once per test context. Answers the approval's response (its
 * `data.balance` is the new balance), or the request's when the request itself was refused.
 */
export async function adjustWallet(
  t: TestContext,
  userId: string,
  body: unknown,
  token: string,
): Promise<TestResponse> {
  const requested = await t.request('POST', `/api/v1/admin/users/${userId}/wallet`, { token, body });
  if (requested.status !== 202) return requested;
  let second = secondOwners.get(t);
  if (!second) {
    second = createAdmin(t, `second-owner-${randomBytes(3).toString('hex')}`, 'owner');
    secondOwners.set(t, second);
  }
  return t.request('POST', `/api/v1/admin/wallet-adjustments/${requested.body.data._id}/approve`, {
    token: (await second).token,
  });
}
