import type { Queryable } from '../types';

export interface TwoFactorRow {
  id: string;
  username: string;
  is_active: boolean;
  totp_secret: string | null;
  totp_pending: string | null;
  totp_enabled_at: Date | null;
}

export async function findTwoFactor(
  q: Queryable,
  adminId: string,
  lock = false,
): Promise<TwoFactorRow | null> {
  const r = await q.query<TwoFactorRow>(
    `SELECT id, username, is_active, totp_secret, totp_pending, totp_enabled_at FROM admins WHERE id = $1
     ${lock ? 'FOR UPDATE' : ''}`,
    [adminId],
  );
  return r.rows[0] ?? null;
}

export async function setPendingSecret(q: Queryable, adminId: string, sealed: string): Promise<void> {
  await q.query('UPDATE admins SET totp_pending = $2, updated_at = now() WHERE id = $1', [adminId, sealed]);
}

/**
 * Puts `sealed` in force with its first accepted step and fresh recovery codes, only while it is
 * still the pending secret (the one the code was checked against): false when a newer setup
 * replaced it, or two-factor sign-in is on already.
 */
export async function enableTwoFactor(
  q: Queryable,
  adminId: string,
  sealed: string,
  step: number,
  recoveryHashes: string[],
): Promise<boolean> {
  const r = await q.query(
    `UPDATE admins SET totp_secret = $2, totp_pending = NULL, totp_enabled_at = now(),
            totp_last_step = $3, updated_at = now()
      WHERE id = $1 AND totp_pending = $2 AND totp_enabled_at IS NULL`,
    [adminId, sealed, step],
  );
  if (r.rowCount === 0) return false;
  await q.query('DELETE FROM admin_recovery_codes WHERE admin_id = $1', [adminId]);
  await q.query(
    `INSERT INTO admin_recovery_codes (admin_id, code_hash)
     SELECT $1, h FROM unnest($2::text[]) AS h`,
    [adminId, recoveryHashes],
  );
  return true;
}

export async function disableTwoFactor(q: Queryable, adminId: string): Promise<boolean> {
  const r = await q.query(
    `UPDATE admins SET totp_secret = NULL, totp_pending = NULL, totp_enabled_at = NULL, updated_at = now()
      WHERE id = $1 AND (totp_enabled_at IS NOT NULL OR totp_pending IS NOT NULL)`,
    [adminId],
  );
  await q.query('DELETE FROM admin_recovery_codes WHERE admin_id = $1', [adminId]);
  return r.rowCount > 0;
}

/**
 * Takes a time step as used: true only when it is newer than every step accepted before, so two
 * requests racing with the same code (or a replayed one) get true once.
 */
export async function takeStep(q: Queryable, adminId: string, step: number): Promise<boolean> {
  const r = await q.query('UPDATE admins SET totp_last_step = $2 WHERE id = $1 AND totp_last_step < $2', [
    adminId,
    step,
  ]);
  return r.rowCount > 0;
}

/** Uses up one recovery code: true once. */
export async function spendRecoveryCode(q: Queryable, adminId: string, hash: string): Promise<boolean> {
  const r = await q.query(
    `UPDATE admin_recovery_codes SET used_at = now()
      WHERE admin_id = $1 AND code_hash = $2 AND used_at IS NULL`,
    [adminId, hash],
  );
  return r.rowCount > 0;
}

export async function insertChallenge(q: Queryable, adminId: string, hash: string, minutes: number) {
  await q.query(
    `INSERT INTO admin_login_challenges (challenge_hash, admin_id, expires_at)
     VALUES ($1, $2, now() + make_interval(mins => $3))`,
    [hash, adminId, minutes],
  );
}

/**
 * Takes one try of a live challenge (the count and the check in one statement): the operator's id,
 * 'spent' when its tries are used up, or 'unknown' (no such challenge, expired or already used).
 */
export async function tryChallenge(
  q: Queryable,
  hash: string,
  maxTries: number,
): Promise<{ adminId: string } | 'spent' | 'unknown'> {
  const r = await q.query<{ admin_id: string }>(
    `UPDATE admin_login_challenges SET attempts = attempts + 1
      WHERE challenge_hash = $1 AND used_at IS NULL AND expires_at > now() AND attempts < $2
      RETURNING admin_id`,
    [hash, maxTries],
  );
  const row = r.rows[0];
  if (row) return { adminId: row.admin_id };
  const spent = await q.query(
    `SELECT 1 FROM admin_login_challenges
      WHERE challenge_hash = $1 AND used_at IS NULL AND expires_at > now() AND attempts >= $2`,
    [hash, maxTries],
  );
  return spent.rows.length > 0 ? 'spent' : 'unknown';
}

/** Marks a challenge used: true once. */
export async function finishChallenge(q: Queryable, hash: string): Promise<boolean> {
  const r = await q.query(
    'UPDATE admin_login_challenges SET used_at = now() WHERE challenge_hash = $1 AND used_at IS NULL',
    [hash],
  );
  return r.rowCount > 0;
}
