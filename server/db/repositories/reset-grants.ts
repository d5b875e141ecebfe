import type { Queryable } from '../types';

/**
 * A fresh password-reset grant for a phone, held by the holder of the token whose hash is given;
 * any earlier open grant of that phone ends.
 */
export async function replaceResetGrant(q: Queryable, phone: string, tokenHash: string, minutes: number) {
  await q.query(
    'UPDATE password_reset_grants SET consumed_at = now() WHERE phone = $1 AND consumed_at IS NULL',
    [phone],
  );
  await q.query(
    `INSERT INTO password_reset_grants (phone, token_hash, expires_at)
     VALUES ($1, $2, now() + make_interval(mins => $3))`,
    [phone, tokenHash, minutes],
  );
}

/** Uses up the open grant of this phone and token: true once, false for anything else. */
export async function consumeResetGrant(q: Queryable, phone: string, tokenHash: string): Promise<boolean> {
  const r = await q.query(
    `UPDATE password_reset_grants SET consumed_at = now()
      WHERE phone = $1 AND token_hash = $2 AND consumed_at IS NULL AND expires_at > now()`,
    [phone, tokenHash],
  );
  return r.rowCount > 0;
}
