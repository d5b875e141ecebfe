import { z } from 'zod';
import { UUID_RE } from '../../src/contracts/common';
import { FundBodySchema, FundCreatedSchema, FundRequestSchema } from '../../src/contracts/funds';
import { listFunds } from '../db/repositories/funds';
import { admin, player } from '../http/auth';
import { ok, okPaged } from '../http/envelope';
import { notFound } from '../http/errors';
import { assertNotInMaintenance } from '../http/maintenance';
import { pagination } from '../http/paging';
import { createRouter } from '../http/router';
import { limitAddress } from '../services/address-limits';
import { assertPendingFundCap } from '../services/fund-limits';
import { createFund, operatorDecideFund, presentFund } from '../services/funds';
import { runIdempotent } from '../services/idempotency';

const StatusQuery = z.object({
  status: z
    .enum(['pending', 'success', 'rejected'], { error: 'status must be pending, success or rejected' })
    .optional(),
});

/** Fund requests: the player's add-fund call and history, the operator's review of manual requests. */
export function fundsRoutes() {
  const r = createRouter('/api/v1', 'Funds');

  r.post(
    '/user/fund',
    {
      summary: 'Request funds (opens a payment order)',
      auth: 'player',
      body: FundBodySchema,
      response: FundCreatedSchema,
      status: 201,
    },
    async (c, { body }) => {
      const { db, env } = c.get('deps');
      const { userId } = player(c);
      await assertNotInMaintenance(db);
      await limitAddress(db, env, 'fund', c.get('clientAddress'));
      const answer = await runIdempotent(
        db,
        { userId, header: c.req.header('idempotency-key'), route: 'POST /user/fund', body },
        async (tx) => {
          await assertPendingFundCap(tx, userId, env.LIMIT_PENDING_FUND_ORDERS_PER_PLAYER);
          const out = await createFund(tx, userId, body.amount, {
            provider: env.PAYMENT_PROVIDER,
            publicUrl: env.PUBLIC_URL,
          });
          return {
            status: 201,
            body: {
              status: true,
              message: 'Fund request created',
              data: { fundId: out.fund.id, orderId: out.orderId, paymentUrl: out.paymentUrl },
            },
          };
        },
      );
      return c.json(answer.body as object, answer.status as 201);
    },
  );

  r.get(
    '/user/fund-by-user',
    { summary: 'Own fund requests', auth: 'player', paged: true, response: FundRequestSchema },
    async (c, { page }) => {
      const { rows, total } = await listFunds(
        c.get('deps').db,
        { userId: player(c).userId },
        page.limit,
        page.offset,
      );
      return okPaged(c, rows.map(presentFund), pagination(page, total));
    },
  );

  r.get(
    '/admin/funds',
    { summary: 'Fund requests (operators)', auth: 'admin', paged: true, query: StatusQuery },
    async (c, { page, query }) => {
      const { rows, total } = await listFunds(
        c.get('deps').db,
        { status: query.status },
        page.limit,
        page.offset,
      );
      return okPaged(c, rows.map(presentFund), pagination(page, total));
    },
  );
  for (const [action, outcome] of [
    ['approve', 'success'],
    ['reject', 'rejected'],
  ] as const) {
    r.post(
      `/admin/funds/:id/${action}`,
      { summary: `${action} a fund request`, auth: 'admin' },
      async (c, { params }) => {
        if (!UUID_RE.test(params.id ?? '')) throw notFound('Fund request');
        const who = admin(c);
        const fund = await c
          .get('deps')
          .db.transaction((tx) => operatorDecideFund(tx, params.id as string, outcome, who.adminId));
        return ok(
          c,
          presentFund(fund),
          outcome === 'success' ? 'Fund request approved' : 'Fund request rejected',
        );
      },
    );
  }
  return r;
}
