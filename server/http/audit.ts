import type { Context, MiddlewareHandler } from 'hono';
import { unavailable } from '../services/errors';
import { completeAuditRow, insertAuditRow, signInSubject } from '../services/operators/audit-log';
import { storable } from './clean-input';
import type { AppEnv } from './types';

/** Fields never written to the audit log (requests and the resource before and after). */
const SECRET = /pass(word)?|secret|token|otp|pin|key|recovery|challenge|qr|^code$/i;

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
  // An audited read records what was asked for (its query).
  if (c.req.method === 'GET') return Object.fromEntries(new URL(c.req.url).searchParams);
  let text = '';
  try {
    text = await c.req.text();
    return text.trim() ? redact(JSON.parse(text)) : null;
  } catch {
    // A body that is not JSON (a chart file): what was asked for and how much was sent.
    return text
      ? redact({ ...Object.fromEntries(new URL(c.req.url).searchParams), bytes: text.length })
      : null;
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

/** jsonb text of a value, whatever strings it holds (NUL and lone surrogates become U+FFFD). */
const jsonb = (value: unknown) => JSON.stringify(storable(value) ?? null);

export const AUDIT_UNAVAILABLE = 'The audit log cannot be written; nothing was changed';

/** Status of a row written ahead of its write and not (yet) completed: the outcome is unknown. */
const IN_PROGRESS = 0;

async function insertRow(
  c: Context<AppEnv>,
  route: string,
  status: number,
  before: unknown,
): Promise<string> {
  const who = c.get('principal');
  if (who?.kind !== 'admin') throw new Error('audit rows are for operators');
  return insertAuditRow(c.get('deps').db, {
    adminId: who.adminId,
    username: who.username,
    role: who.role,
    method: c.req.method,
    route,
    path: new URL(c.req.url).pathname,
    status,
    requestJson: jsonb(await bodyOf(c)),
    beforeJson: jsonb(before),
    clientAddress: c.get('clientAddress'),
    requestId: c.get('requestId'),
  });
}

/**
 * Middleware around one operator write route, before its authentication. Every operator write is
 * in the audit log (append-only: server/db/functions/audit_log_append_only.sql) with who, when, the route, the body (secrets
 * redacted; characters no store takes replaced), the status, the resource before and after (read
 * through the API: the same path, else its parent; else the write's own answer) and the client
 * address. The row is written AHEAD of the write (auditAhead, after authentication): if it cannot
 * be stored, the write does not run (503). Once the write has answered, the row gets its status
 * and the resource after (migration 008 allows exactly that one completion). Writes refused before
 * they reach the route (the role, a bad token of an operator) get one complete row here.
 */
export function auditWrites(route: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const who = c.get('principal');
    if (who?.kind !== 'admin') return;
    const response = c.res;
    const status = response.status;
    const { db, logger } = c.get('deps');
    try {
      const id = c.get('auditRowId');
      if (id === undefined) {
        await insertRow(c, route, status, null);
        return;
      }
      // A read's answer is not copied into the log (the SMS outbox holds login codes).
      const after =
        status < 400 && c.req.method !== 'GET'
          ? redact((await snapshot(c).catch(() => null)) ?? (await dataOf(response)))
          : null;
      await completeAuditRow(db, id, status, jsonb(after), IN_PROGRESS);
    } catch (error) {
      // The row written ahead stays, with status 0: the write was attempted, its outcome unknown.
      logger.error('audit log write failed', {
        requestId: c.get('requestId'),
        route,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  };
}

/**
 * After authentication, before the route: the audit row of this write, with the resource before.
 * No row, no write: a failure answers 503 and the route never runs.
 */
export function auditAhead(route: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const before = redact(await snapshot(c).catch(() => null));
    let id: string;
    try {
      id = await insertRow(c, route, IN_PROGRESS, before);
    } catch (error) {
      c.get('deps').logger.error('audit log write failed', {
        requestId: c.get('requestId'),
        route,
        error: error instanceof Error ? error.message : String(error),
      });
      throw unavailable(AUDIT_UNAVAILABLE);
    }
    c.set('auditRowId', id);
    await next();
  };
}

/**
 * Around an operator sign-in route (password or second step): every attempt that got past the
 * per-address limit (the route sets `signIn`) leaves one complete row, right or wrong, with the
 * operator it named (or the typed name when no operator has it), the status and the client
 * address; the password, code and challenge are redacted. The answer says which step it reached.
 */
export function auditSignIns(route: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const named = c.get('signIn');
    if (!named) return;
    const { db, logger } = c.get('deps');
    try {
      const who = await signInSubject(db, named);
      const answer =
        c.res.status === 200
          ? await c.res
              .clone()
              .json()
              .catch(() => null)
          : null;
      const after =
        answer && typeof answer === 'object'
          ? { step: 'twoFactorRequired' in answer ? 'second-factor' : 'signed-in' }
          : null;
      await insertAuditRow(db, {
        adminId: who?.id ?? null,
        username: who?.username ?? ('username' in named ? named.username : ''),
        role: who?.role ?? '',
        method: c.req.method,
        route,
        path: new URL(c.req.url).pathname,
        status: c.res.status,
        requestJson: jsonb(await bodyOf(c)),
        beforeJson: jsonb(null),
        clientAddress: c.get('clientAddress'),
        requestId: c.get('requestId'),
        afterJson: jsonb(after),
      });
    } catch (error) {
      logger.error('audit log write failed', {
        requestId: c.get('requestId'),
        route,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  };
}
