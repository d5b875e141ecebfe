import type { Queryable } from '../db/types';
import { unauthorized } from '../http/errors';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords';
import { hitWindow, resetKey, windowCount } from './rate-limit';
import { issueAdminToken } from './tokens';

const FAIL_LIMIT = 5;
const FAIL_WINDOW_SECONDS = 15 * 60;

/** Creates the operator or sets a new password on it (ADMIN_USERNAME bootstrap, CLI). */
export async function upsertAdmin(
  q: Queryable,
  username: string,
  password: string,
): Promise<'created' | 'updated'> {
  const hash = await hashPassword(password);
  const r = await q.query<{ created: boolean }>(
    `INSERT INTO admins (username, password_hash) VALUES ($1, $2)
     ON CONFLICT (username) DO UPDATE SET password_hash = EXCLUDED.password_hash, is_active = true, updated_at = now()
     RETURNING (xmax = 0) AS created`,
    [username, hash],
  );
  if (r.rows[0]?.created === false) {
    // A new password ends the operator's open sessions.
    await q.query(
      `UPDATE auth_tokens SET revoked_at = now()
        WHERE revoked_at IS NULL AND admin_id = (SELECT id FROM admins WHERE username = $1)`,
      [username],
    );
    return 'updated';
  }
  return 'created';
}

/** Checks the operator's password; 5 wrong tries in 15 minutes answer 429. */
export async function adminLogin(q: Queryable, username: string, password: string): Promise<string> {
  const failKey = `admin-login-fail:${username.toLowerCase()}`;
  if ((await windowCount(q, failKey, FAIL_WINDOW_SECONDS)) >= FAIL_LIMIT) {
    await hitWindow(
      q,
      failKey,
      FAIL_LIMIT,
      FAIL_WINDOW_SECONDS,
      'Too many login attempts. Please try again later.',
    );
  }
  const r = await q.query<{ id: string; password_hash: string; is_active: boolean }>(
    'SELECT id, password_hash, is_active FROM admins WHERE username = $1',
    [username],
  );
  const row = r.rows[0];
  let good = false;
  if (row) good = await verifyPassword(password, row.password_hash);
  else await burnPasswordCheck(password);
  if (!row || !good || !row.is_active) {
    await hitWindow(
      q,
      failKey,
      FAIL_LIMIT,
      FAIL_WINDOW_SECONDS,
      'Too many login attempts. Please try again later.',
    );
    throw unauthorized('Invalid username or password');
  }
  await resetKey(q, failKey);
  return issueAdminToken(q, row.id);
}
