import type { User, UserCounts } from '../../../src/contracts/user';
import { paiseToPoints } from '../../../src/domain/money';
import type { Lang } from '../../../src/i18n/languages';
import type { Queryable } from '../types';

export interface UserRow {
  id: string;
  name: string;
  phone: string;
  password_hash: string;
  image: string | null;
  is_verified: boolean;
  balance_paise: number;
  globel_batting: boolean;
  is_blocked: boolean;
  referral_code: string;
  referral_paise: number;
  referral_count: number;
  created_at: Date;
  language: Lang;
  /** The end of the player's last time-out or self-exclusion (past once it is over); null: never. */
  paused_until: Date | null;
}

// Referral totals come from the referrals table (written by the referral service), so they can
// never drift from the rows they summarise.
const SELECT_USER = `
  SELECT u.id, u.name, u.phone, u.password_hash, u.image, u.is_verified, u.balance_paise,
         u.globel_batting, u.is_blocked, u.referral_code, u.created_at, u.language,
         u.paused_until,
         COALESCE(r.reward, 0)::int8 AS referral_paise, COALESCE(r.n, 0)::int8 AS referral_count
    FROM users u
    LEFT JOIN LATERAL (
      SELECT sum(reward_paise) AS reward, count(*) AS n FROM referrals
       WHERE referrer_id = u.id AND status = 'completed'
    ) r ON true`;

export function toUser(row: UserRow): User {
  return {
    _id: row.id,
    name: row.name,
    phone: row.phone,
    image: row.image,
    isVerified: row.is_verified,
    balance: paiseToPoints(row.balance_paise),
    globel_batting: row.globel_batting,
    isBlocked: row.is_blocked,
    referralCode: row.referral_code,
    referralPoint: paiseToPoints(row.referral_paise),
    referralCount: row.referral_count,
    createdAt: row.created_at.toISOString(),
    language: row.language,
    pausedUntil: row.paused_until ? row.paused_until.toISOString() : null,
  };
}

export async function findUserById(q: Queryable, id: string): Promise<UserRow | null> {
  const r = await q.query<UserRow>(`${SELECT_USER} WHERE u.id = $1`, [id]);
  return r.rows[0] ?? null;
}

export async function findUserByPhone(q: Queryable, phone: string): Promise<UserRow | null> {
  const r = await q.query<UserRow>(`${SELECT_USER} WHERE u.phone = $1`, [phone]);
  return r.rows[0] ?? null;
}

export async function findUserIdByReferralCode(q: Queryable, code: string): Promise<string | null> {
  const r = await q.query<{ id: string }>('SELECT id FROM users WHERE upper(referral_code) = upper($1)', [
    code,
  ]);
  return r.rows[0]?.id ?? null;
}

export interface NewUser {
  name: string;
  phone: string;
  passwordHash: string;
  referralCode: string;
  referredBy?: string | null;
  deviceToken?: string | null;
  isVerified?: boolean;
  /** The language the account registers in (issue 45); not a choice (language_chosen stays false). */
  language?: Lang;
}

export async function insertUser(q: Queryable, u: NewUser): Promise<string> {
  const r = await q.query<{ id: string }>(
    `INSERT INTO users (name, phone, password_hash, referral_code, referred_by, device_token,
                        device_token_updated_at, is_verified, verified_at, language)
     VALUES ($1, $2, $3, $4, $5, $6::text, CASE WHEN $6::text IS NULL THEN NULL ELSE now() END,
             $7, CASE WHEN $7 THEN now() END, $8)
     RETURNING id`,
    [
      u.name,
      u.phone,
      u.passwordHash,
      u.referralCode,
      u.referredBy ?? null,
      u.deviceToken ?? null,
      u.isVerified ?? false,
      u.language ?? 'en',
    ],
  );
  const id = r.rows[0]?.id;
  if (!id) throw new Error('insertUser returned no id');
  return id;
}

export async function listUsers(
  q: Queryable,
  opts: { limit: number; offset: number; search?: string },
): Promise<{ rows: UserRow[]; total: number }> {
  const params: unknown[] = [];
  let where = '';
  if (opts.search) {
    params.push(`%${opts.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
    where = `WHERE u.name ILIKE $1 OR u.phone LIKE $1`;
  }
  const total = await q.query<{ n: number }>(`SELECT count(*)::int8 AS n FROM users u ${where}`, params);
  const rows = await q.query<UserRow>(
    `${SELECT_USER} ${where} ORDER BY u.created_at DESC, u.id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, opts.limit, opts.offset],
  );
  return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
}

/** The phone a gateway needs for its customer details. */
export async function phoneOf(q: Queryable, id: string): Promise<string> {
  const r = await q.query<{ phone: string }>('SELECT phone FROM users WHERE id = $1', [id]);
  return r.rows[0]?.phone ?? '';
}

/** Saves a player's own choice of language, which wins from then on; false when there is no such player. */
export async function updateUserLanguage(q: Queryable, id: string, language: Lang): Promise<boolean> {
  const r = await q.query('UPDATE users SET language = $2, language_chosen = true WHERE id = $1', [
    id,
    language,
  ]);
  return (r.rowCount ?? 0) > 0;
}

/** The phone's language at sign-in becomes the account's, unless the player ever chose one. */
export async function adoptUnchosenLanguage(q: Queryable, id: string, language: Lang): Promise<void> {
  await q.query('UPDATE users SET language = $2 WHERE id = $1 AND NOT language_chosen AND language <> $2', [
    id,
    language,
  ]);
}

/** Whether a player with this id exists (operator reads answer 404 for anyone else). */
export async function userExists(q: Queryable, id: string): Promise<boolean> {
  const r = await q.query('SELECT 1 FROM users WHERE id = $1', [id]);
  return r.rows.length > 0;
}

export async function findUserIdByPhone(q: Queryable, phone: string): Promise<string | null> {
  const r = await q.query<{ id: string }>('SELECT id FROM users WHERE phone = $1', [phone]);
  return r.rows[0]?.id ?? null;
}

/** The saved language of the player with this phone (undefined: no such player). */
export async function languageOfPhone(q: Queryable, phone: string): Promise<Lang | undefined> {
  const saved = await q.query<{ language: Lang }>('SELECT language FROM users WHERE phone = $1', [phone]);
  return saved.rows[0]?.language;
}

/** Locks the player's row (FOR UPDATE) until the transaction ends. */
export async function lockUser(q: Queryable, id: string): Promise<void> {
  await q.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [id]);
}

export async function referralCodeTaken(q: Queryable, code: string): Promise<boolean> {
  const taken = await q.query('SELECT 1 FROM users WHERE referral_code = $1', [code]);
  return taken.rows.length > 0;
}

/** The operator's switches; null leaves a switch as it is. False when there is no such player. */
export async function updateUserFlags(
  q: Queryable,
  id: string,
  globelBatting: boolean | null,
  isBlocked: boolean | null,
): Promise<boolean> {
  const r = await q.query(
    `UPDATE users SET globel_batting = COALESCE($2, globel_batting), is_blocked = COALESCE($3, is_blocked),
              updated_at = now()
        WHERE id = $1`,
    [id, globelBatting, isBlocked],
  );
  return r.rowCount !== 0;
}

/** A registration again on an unverified player: new name and password, the device token if given. */
export async function refreshUnverifiedUser(
  q: Queryable,
  id: string,
  u: { name: string; passwordHash: string; deviceToken: string | null; language: Lang | null },
): Promise<void> {
  await q.query(
    `UPDATE users SET name = $2, password_hash = $3, device_token = COALESCE($4, device_token),
                      language = CASE WHEN language_chosen THEN language ELSE COALESCE($5, language) END,
                      updated_at = now()
          WHERE id = $1`,
    [id, u.name, u.passwordHash, u.deviceToken, u.language],
  );
}

/** Marks the phone verified; true only the first time. */
export async function markUserVerified(q: Queryable, id: string): Promise<boolean> {
  const r = await q.query(
    'UPDATE users SET is_verified = true, verified_at = now(), updated_at = now() WHERE id = $1 AND NOT is_verified',
    [id],
  );
  return r.rowCount > 0;
}

export async function setUserPassword(q: Queryable, id: string, passwordHash: string): Promise<void> {
  await q.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [id, passwordHash]);
}

/**
 * A push token belongs to one player at a time: the newest to register it (another player's row
 * stops naming it too). `device` is the browser and system it registered from, when known.
 */
export async function upsertDeviceToken(
  q: Queryable,
  userId: string,
  token: string,
  device: { browser: string | null; os: string | null } = { browser: null, os: null },
): Promise<void> {
  await q.query(
    `INSERT INTO device_tokens (user_id, token, browser, os) VALUES ($1, $2, $3, $4)
       ON CONFLICT (token) DO UPDATE SET user_id = EXCLUDED.user_id, updated_at = now(),
         browser = coalesce(EXCLUDED.browser, device_tokens.browser), os = coalesce(EXCLUDED.os, device_tokens.os)`,
    [userId, token, device.browser, device.os],
  );
  await q.query('UPDATE users SET device_token = NULL WHERE device_token = $2 AND id <> $1', [userId, token]);
}

export async function setUserDeviceToken(q: Queryable, userId: string, token: string): Promise<void> {
  await q.query('UPDATE users SET device_token = $2, device_token_updated_at = now() WHERE id = $1', [
    userId,
    token,
  ]);
}

/** Player counts for the dashboard; `today` is a market day ('YYYY-MM-DD') in `marketTz`. */
export async function countUsers(q: Queryable, marketTz: string, today: string): Promise<UserCounts> {
  const r = await q.query<UserCounts>(
    `SELECT count(*)::int8 AS total,
            count(*) FILTER (WHERE is_verified)::int8 AS verified,
            count(*) FILTER (WHERE NOT is_verified)::int8 AS unverified,
            count(*) FILTER (WHERE is_blocked)::int8 AS blocked,
            count(*) FILTER (WHERE NOT globel_batting)::int8 AS "bettingDisabled",
            count(*) FILTER (WHERE (created_at AT TIME ZONE $1)::date = $2::date)::int8 AS today
       FROM users`,
    [marketTz, today],
  );
  return r.rows[0] as UserCounts;
}
