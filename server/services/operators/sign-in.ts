import {
  type AdminLoginRow,
  findAdminCredentials,
  findAdminLogin,
  upsertAdminPassword,
} from '../../db/repositories/admins';
import { revokeTokensOfAdminNamed } from '../../db/repositories/auth-tokens';
import { closeWaitingActivation } from '../../db/repositories/operator-changes';
import type { Queryable } from '../../db/types';
import type { Deps } from '../../deps';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../auth/passwords';
import { issueAdminToken, type SessionMeta } from '../auth/tokens';
import { unauthorized } from '../errors';
import { lockedOutCheck, resetKey } from '../rate-limit';
import { newLoginChallenge } from './two-factor';

const FAIL_LIMIT = 5;
const FAIL_WINDOW_SECONDS = 15 * 60;

/**
 * Creates the operator or sets a new password on it (ADMIN_USERNAME bootstrap, CLI). A password
 * that is already the operator's changes nothing: a restart, or a second server process starting
 * with the same ADMIN_PASSWORD, keeps every operator signed in. A new password ends that
 * operator's sessions (and only that operator's). An operator an owner switched off stays off and
 * untouched ('switched-off'): a restart must not undo the owner's decision. Only the shell's
 * `create-admin` passes `reactivate` (someone with the server's shell and database is the way back
 * when every owner is locked out).
 */
export async function upsertAdmin(
  q: Queryable,
  username: string,
  password: string,
  opts: { reactivate?: boolean } = {},
): Promise<'created' | 'updated' | 'unchanged' | 'switched-off' | 'reactivated'> {
  const known = await findAdminCredentials(q, username);
  if (known && !known.is_active && !opts.reactivate) return 'switched-off';
  if (known?.is_active && (await verifyPassword(password, known.password_hash))) return 'unchanged';
  const hash = await hashPassword(password);
  // is_active is only ever set by an explicit reactivation; a concurrent switch-off between the
  // read above and this write is kept (the row lock orders them; is_active is not overwritten).
  const created = await upsertAdminPassword(q, username, hash, opts.reactivate === true);
  if (created === false) {
    // A new password ends the operator's open sessions.
    await revokeTokensOfAdminNamed(q, username);
    if (opts.reactivate) await closeWaitingActivation(q, username);
    return known && !known.is_active ? 'reactivated' : 'updated';
  }
  return 'created';
}

/**
 * Checks the operator's password; 5 wrong tries per username in 15 minutes answer 429, however
 * many arrive at once (the lockout slot is taken before the password is evaluated). An operator
 * with two-factor sign-in gets a challenge instead of a token (POST /admin/login/2fa completes it).
 */
export async function adminLogin(
  deps: Deps,
  username: string,
  password: string,
  meta: SessionMeta = {},
): Promise<{ token: string } | { challenge: string }> {
  const q = deps.db;
  const failKey = `admin-login-fail:${username.toLowerCase()}`;
  let row: AdminLoginRow | undefined;
  const right = await lockedOutCheck(
    q,
    {
      key: failKey,
      limit: FAIL_LIMIT,
      windowSeconds: FAIL_WINDOW_SECONDS,
      message: 'Too many login attempts. Please try again later.',
    },
    async () => {
      row = await findAdminLogin(q, username);
      if (!row) {
        await burnPasswordCheck(password);
        return false;
      }
      return (await verifyPassword(password, row.password_hash)) && row.is_active;
    },
  );
  if (!right || !row) throw unauthorized('Invalid username or password');
  await resetKey(q, failKey);
  if (row.two_factor) return { challenge: await newLoginChallenge(deps, row.id) };
  return { token: await issueAdminToken(q, row.id, meta) };
}
