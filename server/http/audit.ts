import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './types';

/** Request fields never written to the audit log. */
const SECRET = /pass(word)?|secret|token|otp|pin|key/i;

/** The body as the operator sent it, secrets replaced (nested objects too). */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k,
        SECRET.test(k) ? '[redacted]' : redact(v),
      ]),
    );
  }
  return value;
}

/** What the resource looks like, read through the API as the operator would read it. */
async function snapshot(c: Context<AppEnv>): Promise<unknown> {
  const read = c.get('readAsOperator');
  if (!read) return null;
  const path = new URL(c.req.url).pathname;
  // The written path itself (PUT /admin/game-point), else its parent (POST /admin/users/:id/wallet).
  for (const candidate of [path, path.replace(/\/[^/]+$/, '')]) {
    const data = await read(candidate);
    if (data !== undefined) return data;
  }
  return null;
}

async function bodyOf(c: Context<AppEnv>): Promise<unknown> {
  try {
    const text = await c.req.text();
    return text.trim() ? redact(JSON.parse(text)) : null;
  } catch {
    return null;
  }
}

async function dataOf(response: Response | undefined): Promise<unknown> {
  if (!response || !/json/.test(response.headers.get('content-type') ?? '')) return null;
  try {
    return ((await response.clone().json()) as { data?: unknown }).data ?? null;
  } catch {
    return null;
  }
}

/**
 * Middleware around one operator write route, before its authentication: the write is appended to
 * the audit log (migration 005: append-only) with who, when, the route, the body (secrets
 * redacted), the status, the resource before and after (read through the API: the same path, else
 * its parent; else the write's own answer) and the client address. Writes refused for the role and
 * failed writes are logged too, with their status; calls without an operator token are not. The row
 * is written after the write commits; if writing it fails, the write stands and the failure is
 * logged as an error.
 */
export function auditWrites(route: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const before = await snapshot(c).catch(() => null);
    await next();
    const who = c.get('principal');
    if (who?.kind !== 'admin') return;
    const response = c.res;
    const status = response.status;
    const after = status < 400 ? ((await snapshot(c).catch(() => null)) ?? (await dataOf(response))) : null;
    const { db, logger } = c.get('deps');
    try {
      await db.query(
        `INSERT INTO audit_log (admin_id, admin_username, admin_role, method, route, path, status,
                                request, before, after, client_address, request_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
        [
          who.adminId,
          who.username,
          who.role,
          c.req.method,
          route,
          new URL(c.req.url).pathname,
          status,
          JSON.stringify(await bodyOf(c)),
          JSON.stringify(status < 400 ? before : null),
          JSON.stringify(after),
          c.get('clientAddress'),
          c.get('requestId'),
        ],
      );
    } catch (error) {
      logger.error('audit log write failed', {
        requestId: c.get('requestId'),
        route,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  };
}
