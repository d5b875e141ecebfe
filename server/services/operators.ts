import { AUDIT_ACTIONS, type AuditAction, auditActionOf } from '../../src/contracts/audit-actions';
import type { AuditEntry, Operator, OperatorRole } from '../../src/contracts/operators';
import { endSession, endSessions, listSessions } from '../db/repositories/operator-sessions';
import { disableTwoFactor } from '../db/repositories/two-factor';
import type { Db, PageRequest, Queryable } from '../db/types';
import { badRequest, conflict, notFound } from './errors';
import { hashPassword, verifyPassword } from './passwords';

interface OperatorRow {
  id: string;
  username: string;
  role: OperatorRole;
  is_active: boolean;
  two_factor: boolean;
  created_at: Date;
}

const toOperator = (r: OperatorRow): Operator => ({
  _id: r.id,
  username: r.username,
  role: r.role,
  isActive: r.is_active,
  twoFactor: r.two_factor === true,
  createdAt: new Date(r.created_at).toISOString(),
});

export async function listOperators(q: Queryable): Promise<Operator[]> {
  const r = await q.query<OperatorRow>(
    'SELECT id, username, role, is_active, totp_enabled_at IS NOT NULL AS two_factor, created_at FROM admins ORDER BY created_at, username',
  );
  return r.rows.map(toOperator);
}

export async function createOperator(
  q: Queryable,
  input: { username: string; password: string; role: OperatorRole },
): Promise<Operator> {
  const hash = await hashPassword(input.password);
  const r = await q.query<OperatorRow>(
    `INSERT INTO admins (username, password_hash, role) VALUES ($1, $2, $3)
     ON CONFLICT (username) DO NOTHING
     RETURNING id, username, role, is_active, totp_enabled_at IS NOT NULL AS two_factor, created_at`,
    [input.username, hash, input.role],
  );
  const row = r.rows[0];
  if (!row) throw conflict('An operator with this username already exists');
  return toOperator(row);
}

/**
 * Changes an operator's role or switches them off (their sessions end at once). The last active
 * owner can be neither demoted nor switched off, by anyone, themselves included: one statement
 * checks and writes under a lock on the owners, so two owners demoting each other at once cannot
 * both succeed.
 */
export async function patchOperator(
  db: Db,
  id: string,
  patch: { role?: OperatorRole; isActive?: boolean; twoFactor?: false },
): Promise<Operator> {
  const run = async (t: Queryable) => {
    await t.query("SELECT id FROM admins WHERE role = 'owner' AND is_active ORDER BY id FOR UPDATE");
    const current = await t.query<OperatorRow>(
      'SELECT id, username, role, is_active, totp_enabled_at IS NOT NULL AS two_factor, created_at FROM admins WHERE id = $1',
      [id],
    );
    const row = current.rows[0];
    if (!row) throw notFound('Operator');
    const staysOwner = (patch.role ?? row.role) === 'owner' && (patch.isActive ?? row.is_active);
    if (row.role === 'owner' && row.is_active && !staysOwner) {
      const others = await t.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM admins WHERE role = 'owner' AND is_active AND id <> $1",
        [id],
      );
      if ((others.rows[0]?.n ?? 0) === 0) throw conflict('The last active owner must stay an active owner');
    }
    // A lost phone: an owner turns the operator's second factor off (they set it up again).
    if (patch.twoFactor === false) await disableTwoFactor(t, id);
    const r = await t.query<OperatorRow>(
      `UPDATE admins SET role = COALESCE($2, role), is_active = COALESCE($3, is_active), updated_at = now()
        WHERE id = $1 RETURNING id, username, role, is_active, totp_enabled_at IS NOT NULL AS two_factor, created_at`,
      [id, patch.role ?? null, patch.isActive ?? null],
    );
    if (patch.isActive === false) {
      await t.query('UPDATE auth_tokens SET revoked_at = now() WHERE admin_id = $1 AND revoked_at IS NULL', [
        id,
      ]);
    }
    return toOperator(r.rows[0] as OperatorRow);
  };
  return db.transaction(run);
}

interface AuditRow {
  id: string;
  at: Date;
  admin_id: string | null;
  admin_username: string;
  admin_role: string;
  method: string;
  route: string;
  path: string;
  status: number;
  request: unknown;
  before: unknown;
  after: unknown;
  client_address: string;
  request_id: string;
}

/**
 * The audit log, newest first, filtered by operator (id or username), route (contains), method,
 * action (its routes, contracts/audit-actions.ts), player (the writes whose path, request or
 * resource names them) and market dates.
 */
export async function auditPage(
  q: Queryable,
  filter: {
    adminId?: string;
    route?: string;
    method?: string;
    from?: string;
    to?: string;
    action?: AuditAction;
    operator?: string;
    player?: string;
    tz: string;
  },
  page: PageRequest,
): Promise<{ rows: AuditEntry[]; total: number }> {
  const where: string[] = [];
  const args: unknown[] = [];
  const add = (sql: string, value: unknown) => {
    args.push(value);
    where.push(sql.replace('?', `$${args.length}`));
  };
  if (filter.adminId) add('admin_id = ?', filter.adminId);
  if (filter.route)
    add(
      "route ILIKE '%' || ?::text || '%'",
      filter.route.replace(/[%_\\]/g, (m) => `\\${m}`),
    );
  if (filter.method) add('method = ?', filter.method);
  if (filter.operator) add('lower(admin_username) = lower(?::text)', filter.operator);
  if (filter.action) {
    const pairs = AUDIT_ACTIONS[filter.action].routes;
    args.push(
      pairs.map(([m]) => m),
      pairs.map(([, r]) => r),
    );
    where.push(
      `(method, route) IN (SELECT * FROM unnest($${args.length - 1}::text[], $${args.length}::text[]))`,
    );
  }
  if (filter.player) {
    const id = /^\d{10}$/.test(filter.player)
      ? ((await q.query<{ id: string }>('SELECT id FROM users WHERE phone = $1', [filter.player])).rows[0]
          ?.id ?? null)
      : filter.player.toLowerCase();
    if (!id) return { rows: [], total: 0 };
    args.push(id);
    const p = `$${args.length}::text`;
    where.push(
      `(path LIKE '%/' || ${p} || '%' OR request->>'userId' = ${p}
        OR after->'user'->>'_id' = ${p} OR before->'user'->>'_id' = ${p}
        OR after->>'_id' = ${p} OR after->>'userId' = ${p} OR after->'userIds' @> to_jsonb(${p}))`,
    );
  }
  if (filter.from || filter.to) {
    args.push(filter.tz);
    const tzArg = `$${args.length}::text`;
    if (filter.from) add(`(at AT TIME ZONE ${tzArg})::date >= ?::date`, filter.from);
    if (filter.to) add(`(at AT TIME ZONE ${tzArg})::date <= ?::date`, filter.to);
  }
  const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const total = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log ${clause}`, args);
  const rows = await q.query<AuditRow>(
    `SELECT * FROM audit_log ${clause} ORDER BY at DESC, id DESC LIMIT ${page.limit} OFFSET ${page.offset}`,
    args,
  );
  return {
    total: total.rows[0]?.n ?? 0,
    rows: rows.rows.map((r) => ({
      _id: String(r.id),
      at: new Date(r.at).toISOString(),
      adminId: r.admin_id,
      username: r.admin_username,
      role: r.admin_role,
      method: r.method,
      route: r.route,
      path: r.path,
      status: r.status,
      request: r.request,
      before: r.before,
      after: r.after,
      clientAddress: r.client_address,
      requestId: r.request_id,
      action: auditActionOf(r.method, r.route),
    })),
  };
}

/** An operator's live sessions, `currentTokenId` marked (api.md "Operator accounts", Sessions). */
export async function sessionsOf(q: Queryable, adminId: string, currentTokenId: string | null) {
  const rows = await listSessions(q, adminId);
  return rows.map((r) => ({
    _id: r.id,
    createdAt: new Date(r.created_at).toISOString(),
    lastUsedAt: r.last_used_at ? new Date(r.last_used_at).toISOString() : null,
    address: r.client_address,
    userAgent: r.user_agent,
    current: r.id === currentTokenId,
  }));
}

/** Ends one of the operator's own sessions (404 when it is not theirs or already over). */
export async function endOwnSession(q: Queryable, adminId: string, sessionId: string): Promise<void> {
  if (!(await endSession(q, adminId, sessionId))) throw notFound('Session');
}

async function assertOperator(q: Queryable, adminId: string): Promise<void> {
  const known = await q.query('SELECT 1 FROM admins WHERE id = $1', [adminId]);
  if (known.rows.length === 0) throw notFound('Operator');
}

/** An owner's view of an operator's sessions (404 for an unknown operator). */
export async function operatorSessions(q: Queryable, adminId: string, currentTokenId: string) {
  await assertOperator(q, adminId);
  return sessionsOf(q, adminId, currentTokenId);
}

/** An owner ends every session of an operator (404 for an unknown operator). */
export async function endOperatorSessions(q: Queryable, adminId: string): Promise<number> {
  await assertOperator(q, adminId);
  return endSessions(q, adminId, null);
}

export const WRONG_CURRENT_PASSWORD = 'The current password is not right';

/** A new password for the signed-in operator; every other session of theirs ends. */
export async function changeOwnPassword(
  db: Db,
  who: { adminId: string; tokenId: string },
  current: string,
  next: string,
): Promise<number> {
  const row = await db.query<{ password_hash: string }>('SELECT password_hash FROM admins WHERE id = $1', [
    who.adminId,
  ]);
  const hash = row.rows[0]?.password_hash;
  if (!hash || !(await verifyPassword(current, hash)))
    throw badRequest(WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD });
  const fresh = await hashPassword(next);
  return db.transaction(async (tx) => {
    await tx.query('UPDATE admins SET password_hash = $2, updated_at = now() WHERE id = $1', [
      who.adminId,
      fresh,
    ]);
    return endSessions(tx, who.adminId, who.tokenId);
  });
}
