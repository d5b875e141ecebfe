import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/types';
import { hashToken } from './token-hash';

export const PLAYER_TOKEN_DAYS = 30;
export const ADMIN_TOKEN_HOURS = 12;

/** 32 random bytes (256 bits), base64url: what the client keeps; we store only its sha256. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export async function issuePlayerToken(q: Queryable, userId: string): Promise<string> {
  const token = newToken();
  await q.query(
    `INSERT INTO auth_tokens (token_hash, user_id, expires_at)
     VALUES ($1, $2, now() + make_interval(days => $3))`,
    [hashToken(token), userId, PLAYER_TOKEN_DAYS],
  );
  return token;
}

/** Where a session was opened: shown to the operator in their session list. */
export interface SessionMeta {
  address?: string | null;
  userAgent?: string | null;
}

export async function issueAdminToken(
  q: Queryable,
  adminId: string,
  meta: SessionMeta = {},
): Promise<string> {
  const token = newToken();
  await q.query(
    `INSERT INTO auth_tokens (token_hash, admin_id, expires_at, client_address, user_agent)
     VALUES ($1, $2, now() + make_interval(hours => $3), $4, $5)`,
    [
      hashToken(token),
      adminId,
      ADMIN_TOKEN_HOURS,
      meta.address ?? null,
      meta.userAgent?.slice(0, 300) ?? null,
    ],
  );
  return token;
}

export async function revokeToken(q: Queryable, tokenId: string): Promise<void> {
  await q.query('UPDATE auth_tokens SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [tokenId]);
}

/** Password reset and blocking end every session of the player. */
export async function revokeUserTokens(q: Queryable, userId: string): Promise<void> {
  await q.query('UPDATE auth_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [
    userId,
  ]);
}
