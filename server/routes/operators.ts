import { UUID_RE } from '../../src/contracts/common';
import {
  AuditEntrySchema,
  AuditQuerySchema,
  OperatorCreateSchema,
  OperatorMeSchema,
  OperatorPasswordSchema,
  OperatorPatchSchema,
  OperatorSchema,
  OperatorSessionSchema,
} from '../../src/contracts/operators';
import { admin } from '../http/auth';
import { ok, okMessage, okPaged } from '../http/envelope';
import { pagination } from '../http/paging';
import { createRouter } from '../http/router';
import { notFound } from '../services/errors';
import {
  auditPage,
  changeOwnPassword,
  createOperator,
  endOperatorSessions,
  endOwnSession,
  listOperators,
  operatorSessions,
  patchOperator,
  sessionsOf,
} from '../services/operators';

/** Operators: who am I, the operator list and its management (owners), the audit log. */
export function operatorsRoutes() {
  const r = createRouter('/api/v1/admin', 'Operators');
  r.get(
    '/me',
    { summary: 'The signed-in operator and their role', auth: 'admin', response: OperatorMeSchema },
    (c) => {
      const me = admin(c);
      return ok(c, {
        _id: me.adminId,
        username: me.username,
        role: me.role,
        twoFactor: me.twoFactor,
        mustSetUpTwoFactor: c.get('deps').env.ADMIN_REQUIRE_2FA && !me.twoFactor,
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
      summary: 'Create an operator (owners only)',
      auth: 'owner',
      body: OperatorCreateSchema,
      response: OperatorSchema,
      status: 201,
    },
    async (c, { body }) => ok(c, await createOperator(c.get('deps').db, body), 'Operator created', 201),
  );
  r.patch(
    '/operators/:id',
    {
      summary:
        "Change an operator's role, switch them off or turn their two-factor sign-in off (owners only)",
      auth: 'owner',
      body: OperatorPatchSchema,
      response: OperatorSchema,
    },
    async (c, { params, body }) => {
      if (!UUID_RE.test(params.id ?? '')) throw notFound('Operator');
      return ok(c, await patchOperator(c.get('deps').db, params.id as string, body), 'Operator updated');
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
