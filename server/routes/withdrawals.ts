import { z } from 'zod';
import { UUID_RE } from '../../src/contracts/common';
import { DecisionNoteSchema, DecisionReasonSchema } from '../../src/contracts/operators';
import {
  WithdrawalBodySchema,
  WithdrawalMethodBodySchema,
  WithdrawalMethodSchema,
  WithdrawalSchema,
} from '../../src/contracts/withdrawals';
import { paiseToPoints } from '../../src/domain/money';
import { findWithdrawal, listMethods, listWithdrawals, upsertMethod } from '../db/repositories/withdrawals';
import { admin, player } from '../http/auth';
import { ok, okPaged } from '../http/envelope';
import { notFound } from '../http/errors';
import { assertNotInMaintenance } from '../http/maintenance';
import { pagination } from '../http/paging';
import { createRouter } from '../http/router';
import { runIdempotent } from '../services/idempotency';
import {
  decideWithdrawal,
  presentMethod,
  presentWithdrawal,
  requestWithdrawal,
} from '../services/withdrawals';
import { methodDetails } from '../services/withdrawals-method-rules';

const StatusQuery = z.object({
  status: z
    .enum(['pending', 'approved', 'rejected'], { error: 'status must be pending, approved or rejected' })
    .optional(),
});

/** Saved payout methods, withdrawal requests (held at once) and the operator's decisions. */
export function withdrawalsRoutes() {
  const r = createRouter('/api/v1', 'Withdrawals');

  r.post(
    '/user/withdrawal/methods',
    {
      summary: 'Save a withdrawal method (replaces the same method)',
      auth: 'player',
      body: WithdrawalMethodBodySchema,
      response: WithdrawalMethodSchema,
    },
    async (c, { body }) => {
      const { db } = c.get('deps');
      await assertNotInMaintenance(db);
      const saved = await upsertMethod(db, player(c).userId, methodDetails(body));
      return ok(c, presentMethod(saved), 'Withdrawal method saved');
    },
  );
  r.get('/user/withdrawal/methods', { summary: 'Saved withdrawal methods', auth: 'player' }, async (c) => {
    const rows = await listMethods(c.get('deps').db, player(c).userId);
    return ok(c, rows.map(presentMethod));
  });

  r.post(
    '/user/withdrawal',
    {
      summary: 'Request a withdrawal (holds the amount)',
      auth: 'player',
      body: WithdrawalBodySchema,
      response: WithdrawalSchema,
      status: 201,
    },
    async (c, { body }) => {
      const { db } = c.get('deps');
      const { userId } = player(c);
      await assertNotInMaintenance(db);
      const answer = await runIdempotent(
        db,
        { userId, header: c.req.header('idempotency-key'), route: 'POST /user/withdrawal', body },
        async (tx) => {
          const out = await requestWithdrawal(tx, userId, body);
          return {
            status: 201,
            body: {
              status: true,
              message: 'Withdrawal request submitted successfully!',
              data: { ...presentWithdrawal(out.withdrawal), balance: paiseToPoints(out.balancePaise) },
            },
          };
        },
      );
      return c.json(answer.body as object, answer.status as 201);
    },
  );
  r.get(
    '/user/withdrawal',
    { summary: 'Own withdrawals', auth: 'player', paged: true },
    async (c, { page }) => {
      const { rows, total } = await listWithdrawals(
        c.get('deps').db,
        { userId: player(c).userId },
        page.limit,
        page.offset,
      );
      return okPaged(c, rows.map(presentWithdrawal), pagination(page, total));
    },
  );

  r.get(
    '/admin/withdrawals',
    { summary: 'Withdrawals (operators)', auth: 'admin', paged: true, query: StatusQuery },
    async (c, { page, query }) => {
      const { rows, total } = await listWithdrawals(
        c.get('deps').db,
        { status: query.status },
        page.limit,
        page.offset,
      );
      return okPaged(c, rows.map(presentWithdrawal), pagination(page, total));
    },
  );
  r.get(
    '/admin/withdrawals/:id',
    { summary: 'One withdrawal (operators)', auth: 'admin' },
    async (c, { params }) => {
      if (!UUID_RE.test(params.id ?? '')) throw notFound('Withdrawal');
      const w = await findWithdrawal(c.get('deps').db, params.id as string);
      if (!w) throw notFound('Withdrawal');
      return ok(c, presentWithdrawal(w));
    },
  );
  for (const [action, outcome] of [
    ['approve', 'approved'],
    ['reject', 'rejected'],
  ] as const) {
    r.post(
      `/admin/withdrawals/:id/${action}`,
      {
        summary: `${action} a withdrawal (a rejection needs a reason)`,
        auth: 'admin',
        body: action === 'reject' ? DecisionReasonSchema : DecisionNoteSchema,
      },
      async (c, { params }) => {
        if (!UUID_RE.test(params.id ?? '')) throw notFound('Withdrawal');
        const who = admin(c);
        const w = await c
          .get('deps')
          .db.transaction((tx) => decideWithdrawal(tx, params.id as string, outcome, who.adminId));
        return ok(
          c,
          presentWithdrawal(w),
          outcome === 'approved' ? 'Withdrawal approved' : 'Withdrawal rejected and refunded',
        );
      },
    );
  }
  return r;
}
