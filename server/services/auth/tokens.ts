import { randomBytes } from 'node:crypto';
import {
  insertAdminToken,
  insertPlayerToken,
  revokeTokenById,
  revokeTokensOfUser,
} from '../../db/repositories/auth-tokens';
import type { Queryable } from '../../db/types';

/** The session behind a token hash, and its "last used" stamp: for the bearer check (http/auth.ts). */
export { findLiveToken, type TokenRow, touchToken } from '../../db/repositories/auth-tokens';

import { hashToken } from './token-hash';

export const PLAYER_TOKEN_DAYS = 30;
export const ADMIN_TOKEN_HOURS = 12;

/** 32 random bytes (256 bits), base64url: what the client keeps; we store only its sha256. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export async function issuePlayerToken(q: Queryable, userId: string): Promise<string> {
  const token = newToken();
  await insertPlayerToken(q, hashToken(token), userId, PLAYER_TOKEN_DAYS);
  return token;
}

/** Where a session was opened: shown to the operator in their session list. */
export interface SessionMeta {
  address?: string | null;
  userAgent?: string | null;
}

/** An operator's session; `secondFactor` when it was opened with a code (it keeps that for life). */
export async function issueAdminToken(
  q: Queryable,
  adminId: string,
  meta: SessionMeta = {},
  secondFactor = false,
): Promise<string> {
  const token = newToken();
  await insertAdminToken(q, {
    tokenHash: hashToken(token),
    adminId,
    hours: ADMIN_TOKEN_HOURS,
    address: meta.address ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    secondFactor,
  });
  return token;
}

export async function revokeToken(q: Queryable, tokenId: string): Promise<void> {
  await revokeTokenById(q, tokenId);
}

/** Password reset and blocking end every session of the player. */
export async function revokeUserTokens(
  q: Queryable,
  userId: string,
  keep: string | null = null,
): Promise<void> {
  await revokeTokensOfUser(q, userId, keep);
}
