import { AUDIT_ACTIONS, type AuditAction, auditActionOf } from '../../../src/contracts/audit-actions';
import type { AuditEntry, Operator, OperatorRole } from '../../../src/contracts/operators';
import {
  adminExists,
  adminPasswordHash,
  countOtherActiveOwners,
  findOperatorRow,
  listOperatorRows,
  lockActiveOwners,
  type OperatorRow,
  setAdminPassword,
  updateOperator,
} from '../../db/repositories/admins';
import { auditLogPage } from '../../db/repositories/audit-log';
import { revokeTokensOfAdmin } from '../../db/repositories/auth-tokens';
import { endSession, endSessions, listSessions } from '../../db/repositories/operator-sessions';
import { findUserIdByPhone } from '../../db/repositories/users';
import type { Db, PageRequest, Queryable } from '../../db/types';
import type { AdminPrincipal } from '../../deps';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { OWN_TWO_FACTOR, type Requested, raisingPart, requestRaise, waitingChanges } from './changes';

const toOperator = (r: OperatorRow): Operator => ({
  _id: r.id,
  username: r.username,
  role: r.role,
  isActive: r.is_active,
  twoFactor: r.two_factor === true,
  createdAt: new Date(r.created_at).toISOString(),
});

/** Every operator, each with the change waiting for a second owner, if any. */
export async function listOperators(q: Queryable): Promise<Operator[]> {
  const waiting = await waitingChanges(q);
  return (await listOperatorRows(q)).map((r) => ({
    ...toOperator(r),
    waiting: waiting.find((w) => w.operatorId === r.id) ?? null,
  }));
}

/** One operator with its waiting change (404 when unknown). */
export async function operatorById(q: Queryable, id: string): Promise<Operator> {
  const found = (await listOperators(q)).find((o) => o._id === id);
  if (!found) throw notFound('Operator');
  return found;
}

/**
 * Changes an operator's role or switches them off (their sessions end at once); a change that
 * gives power (a raise to owner, a switch on, another operator's second factor off) is instead
 * recorded for a second owner (changes.ts). The last active owner can be neither demoted
 * nor switched off, by anyone, themselves included: one statement checks and writes under a lock
 * on the owners, so two owners demoting each other at once cannot both succeed.
 */
export async function patchOperator(
  db: Db,
  id: string,
  patch: { role?: OperatorRole; isActive?: boolean; twoFactor?: false },
  who: Pick<AdminPrincipal, 'adminId' | 'username'>,
): Promise<{ operator: Operator } | { requested: Requested }> {
  if (patch.twoFactor === false && id === who.adminId) throw forbidden(OWN_TWO_FACTOR);
  const run = async (t: Queryable) => {
    await lockActiveOwners(t);
    const row = await findOperatorRow(t, id);
    if (!row) throw notFound('Operator');
    const raise = raisingPart(row, patch);
    if (raise) return { requested: await requestRaise(t, row, raise, who) };
    const staysOwner = (patch.role ?? row.role) === 'owner' && (patch.isActive ?? row.is_active);
    if (row.role === 'owner' && row.is_active && !staysOwner) {
      if ((await countOtherActiveOwners(t, id)) === 0)
        throw conflict('The last active owner must stay an active owner');
    }
    const updated = await updateOperator(t, id, patch.role ?? null, patch.isActive ?? null);
    if (patch.isActive === false) await revokeTokensOfAdmin(t, id);
    return { operator: toOperator(updated) };
  };
  return db.transaction(run);
}

const SIGN_INS = AUDIT_ACTIONS['sign-in'].routes;

/** The routes an action and a kind both allow (an action that is no sign-in, asked as sign-ins: none). */
function actionRoutes(action: AuditAction | undefined, kind: 'sign-ins' | 'actions' | undefined) {
  const routes = action ? AUDIT_ACTIONS[action].routes : undefined;
  if (kind !== 'sign-ins') return routes;
  return (routes ?? SIGN_INS).filter(([m, r]) => SIGN_INS.some(([sm, sr]) => sm === m && sr === r));
}

/**
 * The audit log, newest first, filtered by operator (id or username), route (contains), method,
 * action (its routes, contracts/audit-actions.ts), kind (sign-ins, or every row but them), player
 * (the writes whose path, request or resource names them) and market dates.
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
    /** sign-ins: only them; actions: every row but them. */
    kind?: 'sign-ins' | 'actions';
    operator?: string;
    player?: string;
    tz: string;
  },
  page: PageRequest,
): Promise<{ rows: AuditEntry[]; total: number }> {
  // A player by phone is looked up first; an unknown phone names no write at all.
  let playerId: string | undefined;
  if (filter.player) {
    const id = /^\d{10}$/.test(filter.player)
      ? await findUserIdByPhone(q, filter.player)
      : filter.player.toLowerCase();
    if (!id) return { rows: [], total: 0 };
    playerId = id;
  }
  const { rows, total } = await auditLogPage(
    q,
    {
      adminId: filter.adminId,
      route: filter.route,
      method: filter.method,
      operator: filter.operator,
      routes: actionRoutes(filter.action, filter.kind),
      notRoutes: filter.kind === 'actions' ? SIGN_INS : undefined,
      playerId,
      from: filter.from,
      to: filter.to,
      tz: filter.tz,
    },
    page,
  );
  return {
    total,
    rows: rows.map((r) => ({
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

/** An operator's live sessions, `currentTokenId` marked (docs/api.md "Operator accounts", Sessions). */
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
  if (!(await adminExists(q, adminId))) throw notFound('Operator');
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
  const hash = await adminPasswordHash(db, who.adminId);
  if (!hash || !(await verifyPassword(current, hash)))
    throw badRequest(WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD });
  const fresh = await hashPassword(next);
  return db.transaction(async (tx) => {
    await setAdminPassword(tx, who.adminId, fresh);
    return endSessions(tx, who.adminId, who.tokenId);
  });
}
