import type { Context, MiddlewareHandler } from 'hono';
import { BLOCKED_MESSAGE } from '../../src/contracts/common';
import type { AdminPrincipal, PlayerPrincipal, Principal } from '../deps';
import { hashToken } from '../services/auth/token-hash';
import { findLiveToken, touchToken } from '../services/auth/tokens';
import { forbidden, unauthorized } from '../services/errors';
import { ADDRESS_NOT_ALLOWED, assertOperatorAddress, operatorAddressAllowed } from './address-allow';
import type { AppEnv, AuthRequirement } from './types';

export type { AuthRequirement };

export const OWNER_ONLY_MESSAGE = 'Only an owner may do this';

export const TWO_FACTOR_FIRST = 'Set up two-factor sign-in first';
/** What an operator without two-factor sign-in reaches while ADMIN_REQUIRE_2FA is on. */
const TWO_FACTOR_SETUP_PATHS = /^\/api\/v1\/admin\/(me|2fa\/[a-z]+)\/?$/;

function bearer(c: Context): string | null {
  const header = c.req.header('authorization');
  if (!header) return null;
  const m = /^Bearer\s+([A-Za-z0-9_-]{16,200})\s*$/i.exec(header);
  return m?.[1] ?? '';
}

/** How long a looked-up token is trusted without asking the database again. */
const TOKEN_CACHE_MS = 5000;
const TOKEN_CACHE_MAX = 50_000;

interface CachedToken {
  version: number;
  until: number;
  principal: Principal;
}

/**
 * Per database (per process): bearer token -> principal, dropped on every 'auth' change. Keyed by
 * the token as sent (it is in this process's memory with every request anyway), so a kept token
 * costs no hashing; the database only ever sees and stores its hash.
 */
const tokenCaches = new WeakMap<object, Map<string, CachedToken>>();

/**
 * Looks a bearer token up; null when absent, 401 when unknown, expired or revoked. A found token
 * is kept in memory for up to 5 s (never past its expiry); a revocation, a block, a betting switch
 * or an operator change anywhere drops every kept token at once (db/change-feed.ts, 'auth').
 */
export async function resolvePrincipal(c: Context<AppEnv>): Promise<Principal | null> {
  const token = bearer(c);
  if (token === null) return null;
  if (token === '') throw unauthorized();
  const { db } = c.get('deps');
  const feed = db.changes;
  let cache = tokenCaches.get(feed);
  if (!cache) {
    cache = new Map();
    tokenCaches.set(feed, cache);
  }
  const version = feed.version('auth');
  const hit = cache.get(token);
  if (feed.live && hit && hit.version === version && hit.until > Date.now()) return hit.principal;
  const found = await lookUp(db, hashToken(token));
  if (feed.live && feed.version('auth') === version) {
    if (cache.size >= TOKEN_CACHE_MAX) cache.clear();
    const until = Math.min(Date.now() + TOKEN_CACHE_MS, found.expiresAt);
    cache.set(token, { version, until, principal: found.principal });
  }
  return found.principal;
}

/**
 * Whether an Authorization header carries a bearer token this process already holds as valid (the
 * cache above, unexpired, its 'auth' version current): the fast read path (http/fast-read.ts)
 * serves such a request without looking the token up, and sends any other to the full path.
 */
export function isCachedToken(db: AppEnv['Variables']['deps']['db'], header: string): boolean {
  const m = /^Bearer\s+([A-Za-z0-9_-]{16,200})\s*$/i.exec(header);
  if (!m?.[1]) return false;
  const feed = db.changes;
  const hit = tokenCaches.get(feed)?.get(m[1]);
  return feed.live && hit !== undefined && hit.version === feed.version('auth') && hit.until > Date.now();
}

async function lookUp(
  db: AppEnv['Variables']['deps']['db'],
  hash: string,
): Promise<{ principal: Principal; expiresAt: number }> {
  const row = await findLiveToken(db, hash);
  if (!row) throw unauthorized();
  seen(db, row.id);
  const expiresAt = new Date(row.expires_at).getTime();
  if (row.user_id) {
    const p: PlayerPrincipal = {
      kind: 'player',
      userId: row.user_id,
      tokenId: row.id,
      isBlocked: row.is_blocked === true,
      globelBatting: row.globel_batting !== false,
      language: row.language ?? 'en',
    };
    return { principal: p, expiresAt };
  }
  if (!row.admin_id || row.admin_active === false) throw unauthorized();
  const a: AdminPrincipal = {
    kind: 'admin',
    adminId: row.admin_id,
    tokenId: row.id,
    username: row.username ?? '',
    role: row.role === 'owner' ? 'owner' : 'staff',
    twoFactor: row.two_factor === true,
  };
  return { principal: a, expiresAt };
}

/**
 * Stamps the token as used (who is online: the dashboard's players active in 5 minutes), at most
 * once a minute per token, without waiting for it: the request never pays for the stamp, and a
 * failed stamp costs nothing but the dashboard's precision. Migration 006 keeps this stamp from
 * flushing the token caches.
 */
function seen(db: AppEnv['Variables']['deps']['db'], tokenId: string): void {
  touchToken(db, tokenId).catch(() => undefined);
}

/** The middleware behind every route's `auth` setting (see http/router.ts). */
export function requireAuth(requirement: AuthRequirement): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (requirement === 'public') return next();
    // ADMIN_ALLOWED_CIDRS: a route that needs an operator answers 403 to other addresses, token or not.
    const { env } = c.get('deps');
    if ((requirement === 'admin' || requirement === 'owner') && !operatorAddressAllowed(c, env)) {
      // Refused, token or not; an operator's token still names who tried, for the audit row.
      const who = await resolvePrincipal(c).catch(() => null);
      if (who?.kind === 'admin') c.set('principal', who);
      throw forbidden(ADDRESS_NOT_ALLOWED);
    }
    const principal = await resolvePrincipal(c);
    if (principal) c.set('principal', principal);
    if (principal?.kind === 'admin' && requirement !== 'optional') assertOperatorAddress(c, env);
    if (requirement === 'optional') return next();
    if (!principal) throw unauthorized('Authentication required. Please login.');
    if (principal.kind === 'player' && principal.isBlocked) throw forbidden(BLOCKED_MESSAGE);
    if (
      principal.kind === 'admin' &&
      !principal.twoFactor &&
      env.ADMIN_REQUIRE_2FA &&
      !TWO_FACTOR_SETUP_PATHS.test(new URL(c.req.url).pathname)
    ) {
      throw forbidden(TWO_FACTOR_FIRST);
    }
    if ((requirement === 'admin' || requirement === 'owner') && principal.kind !== 'admin') {
      throw forbidden('Admin access required');
    }
    if (requirement === 'owner' && principal.kind === 'admin' && principal.role !== 'owner') {
      throw forbidden(OWNER_ONLY_MESSAGE);
    }
    if (requirement === 'player' && principal.kind !== 'player') {
      throw forbidden('This call is for players only');
    }
    return next();
  };
}

export function player(c: Context<AppEnv>): PlayerPrincipal {
  const p = c.get('principal');
  if (p?.kind !== 'player') throw forbidden('This call is for players only');
  return p;
}

export function admin(c: Context<AppEnv>): AdminPrincipal {
  const p = c.get('principal');
  if (p?.kind !== 'admin') throw forbidden('Admin access required');
  return p;
}
