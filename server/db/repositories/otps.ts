import type { OtpPurpose } from '../../../src/contracts/auth';
import type { Queryable } from '../types';

/** One-time codes (otps): only an HMAC of each code is stored (services/auth/otp.ts). */

/** Ends every pending code of a phone, whatever its purpose. */
export async function consumePendingOtps(q: Queryable, phone: string): Promise<void> {
  await q.query('UPDATE otps SET consumed_at = now() WHERE phone = $1 AND consumed_at IS NULL', [phone]);
}

export async function insertOtp(
  q: Queryable,
  o: { phone: string; purpose: OtpPurpose; codeHmac: string; ttlMinutes: number },
): Promise<void> {
  await q.query(
    `INSERT INTO otps (phone, purpose, code_hmac, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(mins => $4))`,
    [o.phone, o.purpose, o.codeHmac, o.ttlMinutes],
  );
}

/** The purpose of the phone's newest unused code with fewer than `maxAttempts` wrong tries. */
export async function newestPendingPurpose(
  q: Queryable,
  phone: string,
  maxAttempts: number,
): Promise<OtpPurpose | null> {
  const r = await q.query<{ purpose: OtpPurpose }>(
    `SELECT purpose FROM otps WHERE phone = $1 AND consumed_at IS NULL AND attempts < $2
      ORDER BY created_at DESC LIMIT 1`,
    [phone, maxAttempts],
  );
  return r.rows[0]?.purpose ?? null;
}

/**
 * One statement that both counts and decides: the newest live code of (phone, purpose), while it
 * has fewer than `maxAttempts` wrong tries, is consumed when its HMAC matches or gets one more
 * wrong try. Answers the row after, or null when no code was evaluated.
 */
export async function tryOtp(
  q: Queryable,
  phone: string,
  purpose: OtpPurpose,
  codeHmac: string,
  maxAttempts: number,
): Promise<{ consumed: boolean; attempts: number } | null> {
  const r = await q.query<{ consumed: boolean; attempts: number }>(
    `UPDATE otps
        SET consumed_at = CASE WHEN code_hmac = $3 THEN now() END,
            attempts = attempts + CASE WHEN code_hmac = $3 THEN 0 ELSE 1 END
      WHERE id = (SELECT id FROM otps WHERE phone = $1 AND purpose = $2 AND consumed_at IS NULL
                   ORDER BY created_at DESC LIMIT 1)
        AND consumed_at IS NULL AND attempts < $4 AND expires_at > now()
      RETURNING consumed_at IS NOT NULL AS consumed, attempts`,
    [phone, purpose, codeHmac, maxAttempts],
  );
  return r.rows[0] ?? null;
}

/** Wrong tries on the newest unused, unexpired code of (phone, purpose); 0 when there is none. */
export async function liveOtpAttempts(q: Queryable, phone: string, purpose: OtpPurpose): Promise<number> {
  const live = await q.query<{ attempts: number }>(
    `SELECT attempts FROM otps WHERE phone = $1 AND purpose = $2 AND consumed_at IS NULL AND expires_at > now()
      ORDER BY created_at DESC LIMIT 1`,
    [phone, purpose],
  );
  return live.rows[0]?.attempts ?? 0;
}
