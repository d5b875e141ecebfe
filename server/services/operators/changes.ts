import type { OperatorRole } from '../../../src/contracts/operators';
import {
  countOtherActiveOwners,
  findOperatorRow,
  type OperatorRow,
  setAdminPassword,
  updateOperator,
} from '../../db/repositories/admins';
import { revokeTokensOfAdmin } from '../../db/repositories/auth-tokens';
import { insertApproval, listApprovals } from '../../db/repositories/four-eyes';
import {
  decideChange,
  findWaitingChange,
  insertOperatorChange,
  insertWaitingOperator,
  listWaitingChanges,
  type OperatorChangeKind,
  type OperatorChangeRow,
} from '../../db/repositories/operator-changes';
import { disableTwoFactor } from '../../db/repositories/two-factor';
import type { Db, Queryable } from '../../db/types';
import type { AdminPrincipal } from '../../deps';
import { hashPassword } from '../auth/passwords';
import { badRequest, conflict, forbidden, notFound } from '../errors';

/**
 * Nobody alone (maker-checker on the checkers): making an operator, raising one to owner,
 * switching one back on and resetting another operator's password or second factor are requests
 * that a different owner approves. Until then a new or switched-off account cannot sign in, a
 * staff member stays staff and the old password and second factor stay in force. The request is
 * the first approval; the second is taken under the change's row lock, so it applies exactly once
 * however the approvals race (and across processes). A single active owner cannot make a second
 * from the console: the server's shell (`npm run admin -- create-admin`, ADMIN_USERNAME) does.
 */
export const WAITING_FOR_SECOND_OWNER = 'Waiting for a second owner';
export const ONLY_OWNER =
  "Waiting for a second owner. You are the only active owner: add a second owner from the server's shell (npm run admin -- create-admin <name>).";
export const ALREADY_WAITING = 'A change of this operator is already waiting for a second owner';
export const NOTHING_WAITING = 'Nothing is waiting for a second owner for this operator';
export const SAME_OWNER = 'You asked for this change: a second owner must approve it';
export const OWN_CHANGE = 'A change of your own account must be approved by another owner';
export const OWN_TWO_FACTOR =
  'Turn your own two-factor sign-in off with a code from your app (Security), not here';
export const ONE_AT_A_TIME =
  'Send one change at a time: a raise to owner, a switch on or a reset waits for a second owner';

type Who = Pick<AdminPrincipal, 'adminId' | 'username'>;
export type Requested = { _id: string; approvals: number; alone: boolean };

/** What a waiting change looks like to the console. */
export interface WaitingChange {
  _id: string;
  operatorId: string;
  kind: OperatorChangeKind;
  requestedBy: string;
  requestedAt: string;
  approvals: Array<{ adminId: string; username: string; at: string }>;
}

/** Records the change and its requester's approval; 409 when one already waits for that operator. */
async function request(
  tx: Queryable,
  adminId: string,
  kind: OperatorChangeKind,
  who: Who,
  passwordHash: string | null = null,
): Promise<Requested> {
  const id = await insertOperatorChange(tx, { adminId, kind, passwordHash, requestedBy: who.adminId });
  if (!id) throw conflict(ALREADY_WAITING);
  await insertApproval(tx, 'operator-change', id, who);
  const alone = (await countOtherActiveOwners(tx, who.adminId)) === 0;
  return { _id: adminId, approvals: 1, alone };
}

/** POST /admin/operators: the account exists, switched off, until a second owner approves it. */
export async function requestNewOperator(
  db: Db,
  input: { username: string; password: string; role: OperatorRole },
  who: Who,
): Promise<Requested> {
  const hash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const row = await insertWaitingOperator(tx, { username: input.username, hash, role: input.role });
    if (!row) throw conflict('An operator with this username already exists');
    return request(tx, row.id, 'create', who);
  });
}

/** POST /admin/operators/{id}/password: another operator's new password, once approved. */
export async function requestPasswordReset(
  db: Db,
  id: string,
  password: string,
  who: Who,
): Promise<Requested> {
  if (id === who.adminId)
    throw forbidden('Change your own password with your current one (POST /admin/password)');
  const hash = await hashPassword(password);
  return db.transaction(async (tx) => {
    if (!(await findOperatorRow(tx, id))) throw notFound('Operator');
    return request(tx, id, 'reset-password', who, hash);
  });
}

/**
 * Which part of a PATCH gives power (and so waits for a second owner): a raise to owner, a switch
 * on, another operator's second factor off. Null when none does; 400 when it comes with anything
 * else that would change (one change at a time).
 */
export function raisingPart(
  row: OperatorRow,
  patch: { role?: OperatorRole; isActive?: boolean; twoFactor?: false },
): OperatorChangeKind | null {
  const raises: OperatorChangeKind[] = [];
  if (patch.role === 'owner' && row.role !== 'owner') raises.push('make-owner');
  if (patch.isActive === true && !row.is_active) raises.push('reactivate');
  if (patch.twoFactor === false) raises.push('reset-2fa');
  if (raises.length === 0) return null;
  const lowers =
    (patch.role !== undefined && patch.role !== 'owner' && patch.role !== row.role) ||
    (patch.isActive === false && row.is_active);
  if (raises.length > 1 || lowers) throw badRequest(ONE_AT_A_TIME);
  return raises[0] as OperatorChangeKind;
}

/** A raising PATCH: recorded for a second owner (checked inside the caller's transaction). */
export async function requestRaise(
  tx: Queryable,
  row: OperatorRow,
  kind: OperatorChangeKind,
  who: Who,
): Promise<Requested> {
  if (kind === 'reset-2fa') {
    if (row.id === who.adminId) throw forbidden(OWN_TWO_FACTOR);
    if (!row.two_factor) throw conflict('Two-factor sign-in is not on for this operator');
  }
  return request(tx, row.id, kind, who);
}

/** Applies an approved change to the operator's row; sessions end where the way in changed. */
async function apply(tx: Queryable, change: OperatorChangeRow): Promise<void> {
  const id = change.admin_id;
  switch (change.kind) {
    case 'create':
    case 'reactivate':
      await updateOperator(tx, id, null, true);
      return;
    case 'make-owner':
      await updateOperator(tx, id, 'owner', null);
      return;
    case 'reset-password':
      await setAdminPassword(tx, id, change.password_hash as string);
      await revokeTokensOfAdmin(tx, id);
      return;
    case 'reset-2fa':
      await disableTwoFactor(tx, id);
      await revokeTokensOfAdmin(tx, id);
      return;
  }
}

/**
 * POST /admin/operators/{id}/approve: a second owner, neither the requester nor the operator the
 * change is about, applies it (once). Answers the operator after the change.
 */
export async function approveOperatorChange(db: Db, id: string, who: Who): Promise<OperatorRow> {
  return db.transaction(async (tx) => {
    const change = await findWaitingChange(tx, id, true);
    if (!change) throw notFound(NOTHING_WAITING);
    if (change.admin_id === who.adminId) throw conflict(OWN_CHANGE);
    if (!(await insertApproval(tx, 'operator-change', change.id, who))) throw conflict(SAME_OWNER);
    await apply(tx, change);
    await decideChange(tx, change.id, 'applied', who.adminId);
    return (await findOperatorRow(tx, id)) as OperatorRow;
  });
}

/**
 * POST /admin/operators/{id}/reject: any owner, the requester too, drops a waiting change (nothing
 * gains power by it). A new operator whose creation is rejected stays switched off.
 */
export async function rejectOperatorChange(db: Db, id: string, who: Who): Promise<void> {
  await db.transaction(async (tx) => {
    const change = await findWaitingChange(tx, id, true);
    if (!change || !(await decideChange(tx, change.id, 'rejected', who.adminId)))
      throw notFound(NOTHING_WAITING);
  });
}

/** Every change waiting for a second owner, with who asked and who approved so far. */
export async function waitingChanges(q: Queryable): Promise<WaitingChange[]> {
  const rows = await listWaitingChanges(q);
  const approvals = await listApprovals(
    q,
    'operator-change',
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    _id: r.id,
    operatorId: r.admin_id,
    kind: r.kind,
    requestedBy: r.requested_by_username,
    requestedAt: r.created_at.toISOString(),
    approvals: approvals
      .filter((a) => a.subject_id === r.id)
      .map((a) => ({ adminId: a.admin_id, username: a.admin_username, at: a.created_at.toISOString() })),
  }));
}
