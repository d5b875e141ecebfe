import type { Lang } from '../../../src/i18n/languages';
import type { Queryable } from '../types';

/**
 * Session tokens (auth_tokens): players' and operators'. Only the sha256 of a token is stored;
 * the caller hashes it (services/auth/token-hash.ts). An operator's own session list and ends live in
 * operator-sessions.ts.
 */

export async function insertPlayerToken(
  q: Queryable,
  tokenHash: string,
  userId: string,
  days: number,
): Promise<void> {
  await q.query(
    `INSERT INTO auth_tokens (token_hash, user_id, expires_at)
     VALUES ($1, $2, now() + make_interval(days => $3))`,
    [tokenHash, userId, days],
  );
}

export async function insertAdminToken(
  q: Queryable,
  t: {
    tokenHash: string;
    adminId: string;
    hours: number;
    address: string | null;
    userAgent: string | null;
    secondFactor: boolean;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO auth_tokens (token_hash, admin_id, expires_at, client_address, user_agent, second_factor)
     VALUES ($1, $2, now() + make_interval(hours => $3), $4, $5, $6)`,
    [t.tokenHash, t.adminId, t.hours, t.address, t.userAgent, t.secondFactor],
  );
}

/**
 * The session that put the operator's second factor in force has just shown a code: it counts as
 * opened with two factors from now on (every other session of theirs is ended in the same step).
 */
export async function raiseTokenFactor(q: Queryable, tokenId: string): Promise<void> {
  await q.query('UPDATE auth_tokens SET second_factor = true WHERE id = $1 AND revoked_at IS NULL', [
    tokenId,
  ]);
}

export async function revokeTokenById(q: Queryable, tokenId: string): Promise<void> {
  await q.query('UPDATE auth_tokens SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [tokenId]);
}

/** Ends a player's sessions, all of them or all but `keep` (the one that asked). */
export async function revokeTokensOfUser(
  q: Queryable,
  userId: string,
  keep: string | null = null,
): Promise<void> {
  await q.query(
    `UPDATE auth_tokens SET revoked_at = now()
      WHERE user_id = $1 AND revoked_at IS NULL AND ($2::uuid IS NULL OR id <> $2::uuid)`,
    [userId, keep],
  );
}

export async function revokeTokensOfAdmin(q: Queryable, adminId: string): Promise<void> {
  await q.query('UPDATE auth_tokens SET revoked_at = now() WHERE admin_id = $1 AND revoked_at IS NULL', [
    adminId,
  ]);
}

export async function revokeTokensOfAdminNamed(q: Queryable, username: string): Promise<void> {
  await q.query(
    `UPDATE auth_tokens SET revoked_at = now()
      WHERE revoked_at IS NULL AND admin_id = (SELECT id FROM admins WHERE username = $1)`,
    [username],
  );
}

/** A live token with what the auth middleware needs of its player or operator. */
export interface TokenRow {
  id: string;
  user_id: string | null;
  admin_id: string | null;
  is_blocked: boolean | null;
  globel_batting: boolean | null;
  language: Lang | null;
  username: string | null;
  role: 'owner' | 'staff' | null;
  admin_active: boolean | null;
  /** The session was opened with the second factor (migration 016), not the operator's setting now. */
  two_factor: boolean | null;
  expires_at: Date;
}

/** The token with this hash, when it is neither revoked nor expired. */
export async function findLiveToken(q: Queryable, tokenHash: string): Promise<TokenRow | null> {
  const r = await q.query<TokenRow>(
    `SELECT t.id, t.user_id, t.admin_id, u.is_blocked, u.globel_batting, u.language, a.username, a.role,
            a.is_active AS admin_active, t.second_factor AS two_factor, t.expires_at
       FROM auth_tokens t
       LEFT JOIN users u ON u.id = t.user_id
       LEFT JOIN admins a ON a.id = t.admin_id
      WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND t.expires_at > now()`,
    [tokenHash],
  );
  return r.rows[0] ?? null;
}

/** Stamps a token's last use, at most once a minute. */
export async function touchToken(q: Queryable, tokenId: string): Promise<void> {
  await q.query(
    `UPDATE auth_tokens SET last_used_at = now()
      WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
    [tokenId],
  );
}

/** Players with a live token used in the last 5 minutes. */
export async function countPlayersOnline(q: Queryable): Promise<number> {
  const online = await q.query<{ n: number }>(
    `SELECT count(DISTINCT user_id)::int AS n FROM auth_tokens
      WHERE user_id IS NOT NULL AND revoked_at IS NULL AND last_used_at > now() - interval '5 minutes'`,
  );
  return online.rows[0]?.n ?? 0;
}
