import { z } from 'zod';
import { UUID_RE } from '../../src/contracts/common';
import { FundBodySchema, FundCreatedSchema, FundRequestSchema } from '../../src/contracts/funds';
import { DecisionNoteSchema, DecisionReasonSchema } from '../../src/contracts/operators';
import { pointsToPaise } from '../../src/domain/money';
import { findFund, listFunds } from '../db/repositories/funds';
import { phoneOf } from '../db/repositories/users';
import { admin, player } from '../http/auth';
import { ok, okPaged } from '../http/envelope';
import { assertNotInMaintenance } from '../http/maintenance';
import { pagination } from '../http/paging';
import { createRouter } from '../http/router';
import { limitAddress } from '../services/address-limits';
import { withDesk } from '../services/desk';
import { forbidden, notFound, unavailable } from '../services/errors';
import { assertPendingFundCap } from '../services/fund-limits';
import { createFund, newOrderId, operatorDecideFund, presentFund } from '../services/funds';
import { hasStoredAnswer, runIdempotent } from '../services/idempotency';
import { GatewayError } from '../services/payments/cashfree';
import { GATEWAY_DOWN, openAtGateway, orderSchedule } from '../services/payments/orders';
import {
  assertDepositAllowed,
  assertNotPaused,
  noteRefusal,
  POINTS_NO_CASH,
} from '../services/responsible-play';

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
      const { db, env, clock, logger } = c.get('deps');
      const { userId } = player(c);
      if (env.MONEY_MODE === 'points') throw forbidden(POINTS_NO_CASH);
      await assertNotInMaintenance(db);
      await limitAddress(db, env, 'fund', c.get('clientAddress'));
      const header = c.req.header('idempotency-key');
      const amountPaise = pointsToPaise(body.amount);
      // The gateway order is opened before anything is written, outside any transaction: a gateway
      // that is down or slow costs a clear 503 and no row. A retried key replays without asking it.
      const orderId = newOrderId();
      const now = await clock.now();
      const guard = { now, tz: env.MARKET_TZ, mode: env.MONEY_MODE };
      const { expiresAt, firstCheckAt } = orderSchedule(env, now);
      let session: string | null = null;
      if (!(await hasStoredAnswer(db, userId, header))) {
        // Refuse before the gateway is asked: a paused player or one at the cap opens no order anywhere.
        await assertNotPaused(db, userId, guard).catch(async (e) => {
          throw await noteRefusal(db, userId, e);
        });
        await assertPendingFundCap(db, userId, env.LIMIT_PENDING_FUND_ORDERS_PER_PLAYER);
        try {
          session = await openAtGateway(env, {
            orderId,
            amountPaise,
            userId,
            phone: await phoneOf(db, userId),
            expiresAt,
          });
        } catch (error) {
          if (!(error instanceof GatewayError)) throw error;
          logger.warn('payment gateway refused an order', { status: error.status, error: error.message });
          throw unavailable(GATEWAY_DOWN);
        }
      }
      const answer = await runIdempotent(
        db,
        { userId, header, route: 'POST /user/fund', body },
        async (tx) => {
          // A key whose stored answer expired between the check above and here: ask again.
          if (env.PAYMENT_PROVIDER === 'cashfree' && !session) throw unavailable(GATEWAY_DOWN);
          // Under the player's row lock: parallel orders are counted in turn against the pause,
          // the deposit limits (api.md "Responsible play") and the pending-order cap.
          await assertDepositAllowed(tx, userId, amountPaise, guard);
          await assertPendingFundCap(tx, userId, env.LIMIT_PENDING_FUND_ORDERS_PER_PLAYER);
          const out = await createFund(tx, userId, body.amount, {
            orderId,
            provider: env.PAYMENT_PROVIDER,
            publicUrl: env.PUBLIC_URL,
            session,
            expiresAt,
            firstCheckAt,
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
      ).catch(async (e) => {
        throw await noteRefusal(db, userId, e);
      });
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
      const { db } = c.get('deps');
      const { rows, total } = await listFunds(db, { status: query.status }, page.limit, page.offset);
      // The player's balance, last 7 days, last entries and open flags beside each request.
      return okPaged(c, await withDesk(db, rows.map(presentFund)), pagination(page, total));
    },
  );
  r.get(
    '/admin/funds/:id',
    { summary: 'One fund request (operators)', auth: 'admin' },
    async (c, { params }) => {
      if (!UUID_RE.test(params.id ?? '')) throw notFound('Fund request');
      const fund = await findFund(c.get('deps').db, params.id as string);
      if (!fund) throw notFound('Fund request');
      return ok(c, presentFund(fund));
    },
  );
  for (const [action, outcome] of [
    ['approve', 'success'],
    ['reject', 'rejected'],
  ] as const) {
    r.post(
      `/admin/funds/:id/${action}`,
      {
        summary: `${action} a fund request (a rejection needs a reason)`,
        auth: 'admin',
        body: action === 'reject' ? DecisionReasonSchema : DecisionNoteSchema,
      },
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
