import type { Context } from 'hono';
import { UUID_RE } from '../../src/contracts/common';
import {
  AuditEntrySchema,
  AuditQuerySchema,
  OperatorCreateSchema,
  OperatorMeSchema,
  OperatorPasswordSchema,
  OperatorPatchSchema,
  OperatorRequestedSchema,
  OperatorResetPasswordSchema,
  OperatorSchema,
  OperatorSessionSchema,
} from '../../src/contracts/operators';
import { admin } from '../http/auth';
import { ok, okMessage, okPaged } from '../http/envelope';
import { pagination } from '../http/paging';
import { createRouter } from '../http/router';
import type { AppEnv } from '../http/types';
import { notFound } from '../services/errors';
import {
  auditPage,
  changeOwnPassword,
  endOperatorSessions,
  endOwnSession,
  listOperators,
  operatorById,
  operatorSessions,
  patchOperator,
  sessionsOf,
} from '../services/operators/accounts';
import {
  approveOperatorChange,
  ONLY_OWNER,
  type Requested,
  rejectOperatorChange,
  requestNewOperator,
  requestPasswordReset,
  WAITING_FOR_SECOND_OWNER,
} from '../services/operators/changes';
import { twoFactorInForce } from '../services/operators/two-factor';

/** 202 "Waiting for a second owner" (and, for a lone owner, where the second comes from). */
const requested = (c: Context<AppEnv>, r: Requested) =>
  ok(c, { _id: r._id, approvals: r.approvals }, r.alone ? ONLY_OWNER : WAITING_FOR_SECOND_OWNER, 202);

/** Operators: who am I, the operator list and its management (owners), the audit log. */
export function operatorsRoutes() {
  const r = createRouter('/api/v1/admin', 'Operators');
  r.get(
    '/me',
    { summary: 'The signed-in operator and their role', auth: 'admin', response: OperatorMeSchema },
    async (c) => {
      const me = admin(c);
      const deps = c.get('deps');
      // twoFactor: the account's setting; the session's own factor decides what it may reach.
      return ok(c, {
        _id: me.adminId,
        username: me.username,
        role: me.role,
        twoFactor: await twoFactorInForce(deps, me.adminId),
        mustSetUpTwoFactor: deps.env.ADMIN_REQUIRE_2FA && !me.twoFactor,
      });
    },
  );
  r.get(
    '/operators',
    { summary: 'Every operator (owners only)', auth: 'owner', response: OperatorSchema.array() },
    async (c) => ok(c, await listOperators(c.get('deps').db)),
  );
  r.post(
    '/operators',
    {
      summary: 'Ask for a new operator (owners; a second owner approves it before it can sign in)',
      auth: 'owner',
      body: OperatorCreateSchema,
      response: OperatorRequestedSchema,
      status: 202,
    },
    async (c, { body }) => requested(c, await requestNewOperator(c.get('deps').db, body, admin(c))),
  );
  r.patch(
    '/operators/:id',
    {
      summary:
        "Demote or switch off an operator at once; a raise to owner, a switch on or another operator's two-factor reset waits for a second owner (owners only)",
      auth: 'owner',
      body: OperatorPatchSchema,
      response: OperatorSchema,
    },
    async (c, { params, body }) => {
      if (!UUID_RE.test(params.id ?? '')) throw notFound('Operator');
      const out = await patchOperator(c.get('deps').db, params.id as string, body, admin(c));
      if ('requested' in out) return requested(c, out.requested);
      return ok(c, out.operator, 'Operator updated');
    },
  );
  r.post(
    '/operators/:id/password',
    {
      summary: "Reset another operator's password (owners; a second owner approves it)",
      auth: 'owner',
      body: OperatorResetPasswordSchema,
      response: OperatorRequestedSchema,
      status: 202,
    },
    async (c, { params, body }) => {
      if (!UUID_RE.test(params.id ?? '')) throw notFound('Operator');
      return requested(
        c,
        await requestPasswordReset(c.get('deps').db, params.id as string, body.newPassword, admin(c)),
      );
    },
  );
  r.post(
    '/operators/:id/approve',
    {
      summary: 'Approve the change waiting for a second owner (not its requester, not its subject)',
      auth: 'owner',
      response: OperatorSchema,
    },
    async (c, { params }) => {
      if (!UUID_RE.test(params.id ?? '')) throw notFound('Operator');
      await approveOperatorChange(c.get('deps').db, params.id as string, admin(c));
      return ok(c, await operatorById(c.get('deps').db, params.id as string), 'Change approved');
    },
  );
  r.post(
    '/operators/:id/reject',
    { summary: 'Drop the change waiting for a second owner (any owner)', auth: 'owner' },
    async (c, { params }) => {
      if (!UUID_RE.test(params.id ?? '')) throw notFound('Operator');
      await rejectOperatorChange(c.get('deps').db, params.id as string, admin(c));
      return okMessage(c, 'Change dropped');
    },
  );
  r.get(
    '/operators/:id',
    {
      summary: 'One operator, with any change waiting for a second owner (owners only)',
      auth: 'owner',
      response: OperatorSchema,
    },
    async (c, { params }) => {
      if (!UUID_RE.test(params.id ?? '')) throw notFound('Operator');
      return ok(c, await operatorById(c.get('deps').db, params.id as string));
    },
  );
  r.get(
    '/sessions',
    {
      summary: 'My live sessions (when, from where, what browser)',
      auth: 'admin',
      response: OperatorSessionSchema.array(),
    },
    async (c) => {
      const me = admin(c);
      return ok(c, await sessionsOf(c.get('deps').db, me.adminId, me.tokenId));
    },
  );
  r.delete('/sessions/:id', { summary: 'End one of my sessions', auth: 'admin' }, async (c, { params }) => {
    if (!UUID_RE.test(params.id ?? '')) throw notFound('Session');
    await endOwnSession(c.get('deps').db, admin(c).adminId, params.id as string);
    return okMessage(c, 'Session ended');
  });
  r.get(
    '/operators/:id/sessions',
    {
      summary: "An operator's live sessions (owners only)",
      auth: 'owner',
      response: OperatorSessionSchema.array(),
    },
    async (c, { params }) => {
      if (!UUID_RE.test(params.id ?? '')) throw notFound('Operator');
      return ok(c, await operatorSessions(c.get('deps').db, params.id as string, admin(c).tokenId));
    },
  );
  r.delete(
    '/operators/:id/sessions',
    { summary: 'End every session of an operator (owners only)', auth: 'owner' },
    async (c, { params }) => {
      if (!UUID_RE.test(params.id ?? '')) throw notFound('Operator');
      const ended = await endOperatorSessions(c.get('deps').db, params.id as string);
      return ok(c, { ended }, `${ended} session${ended === 1 ? '' : 's'} ended`);
    },
  );
  r.post(
    '/password',
    {
      summary: 'Change my password (every other session of mine ends)',
      auth: 'admin',
      body: OperatorPasswordSchema,
    },
    async (c, { body }) => {
      const ended = await changeOwnPassword(
        c.get('deps').db,
        admin(c),
        body.currentPassword,
        body.newPassword,
      );
      return ok(c, { ended }, 'Password changed. Your other sessions have ended.');
    },
  );
  r.get(
    '/audit-log',
    {
      summary: 'Every operator write, newest first (append-only)',
      auth: 'admin',
      query: AuditQuerySchema,
      response: AuditEntrySchema,
      paged: true,
    },
    async (c, { query, page }) => {
      const { db, env } = c.get('deps');
      const { rows, total } = await auditPage(db, { ...query, tz: env.MARKET_TZ }, page);
      return okPaged(c, rows, pagination(page, total));
    },
  );
  return r;
}
