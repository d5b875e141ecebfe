import { z } from 'zod';
import { UUID_RE } from '../../src/contracts/common';
import { DecisionReasonSchema } from '../../src/contracts/operators';
import { ApproveWithdrawalSchema } from '../../src/contracts/payouts';
import {
  WITHDRAWAL_STATUSES,
  WithdrawalBodySchema,
  WithdrawalMethodBodySchema,
  WithdrawalMethodSchema,
  WithdrawalSchema,
} from '../../src/contracts/withdrawals';
import { paiseToPoints } from '../../src/domain/money';
import { admin, player } from '../http/auth';
import { ok, okPaged } from '../http/envelope';
import { assertNotInMaintenance } from '../http/maintenance';
import { pagination } from '../http/paging';
import { createRouter } from '../http/router';
import { requestLanguage } from '../i18n/request-language';
import { forbidden, notFound } from '../services/errors';
import { runIdempotent } from '../services/idempotency';
import { approveWithdrawal, WAITING_FOR_SECOND } from '../services/money/four-eyes';
import {
  cancelOwnWithdrawal,
  deskWithdrawal,
  deskWithdrawals,
  ownMethods,
  ownWithdrawals,
  rejectWithdrawal,
  saveMethod,
} from '../services/money/withdrawal-requests';
import { presentWithdrawal, requestWithdrawal } from '../services/money/withdrawals';
import { POINTS_NO_CASH } from '../services/players/responsible-play';

const StatusQuery = z.object({
  status: z
    .enum(WITHDRAWAL_STATUSES, { error: 'status must be pending, approved, rejected or cancelled' })
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
      return ok(c, await saveMethod(db, player(c).userId, body), 'Withdrawal method saved');
    },
  );
  r.get('/user/withdrawal/methods', { summary: 'Saved withdrawal methods', auth: 'player' }, async (c) => {
    return ok(c, await ownMethods(c.get('deps').db, player(c).userId));
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
      const { db, env } = c.get('deps');
      const { userId } = player(c);
      if (env.MONEY_MODE === 'points') throw forbidden(POINTS_NO_CASH);
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
      const { rows, total } = await ownWithdrawals(
        c.get('deps').db,
        player(c).userId,
        page,
        requestLanguage(c),
      );
      return okPaged(c, rows, pagination(page, total));
    },
  );

  r.get(
    '/admin/withdrawals',
    {
      summary: 'Withdrawals (operators), each with the payout details and the player at the desk',
      auth: 'admin',
      paged: true,
      query: StatusQuery,
    },
    async (c, { page, query }) => {
      const { rows, total } = await deskWithdrawals(c.get('deps'), query.status, page);
      return okPaged(c, rows, pagination(page, total));
    },
  );
  r.post(
    '/user/withdrawal/:id/cancel',
    {
      summary: 'Cancel own pending withdrawal (refunds the hold)',
      auth: 'player',
      response: WithdrawalSchema,
    },
    async (c, { params }) => {
      if (!UUID_RE.test(params.id ?? '')) throw notFound('Withdrawal');
      const { userId } = player(c);
      const out = await cancelOwnWithdrawal(c.get('deps').db, params.id as string, userId);
      return ok(c, out, 'Withdrawal cancelled and refunded');
    },
  );

  r.get(
    '/admin/withdrawals/:id',
    {
      summary: 'One withdrawal (operators; the audit log reads it before and after a decision)',
      auth: 'admin',
    },
    async (c, { params }) => {
      if (!UUID_RE.test(params.id ?? '')) throw notFound('Withdrawal');
      return ok(c, await deskWithdrawal(c.get('deps').db, params.id as string));
    },
  );
  r.post(
    '/admin/withdrawals/:id/approve',
    {
      summary: `Approve a withdrawal as paid, with the payout's UTR when known (above FOUR_EYES_ABOVE: 202 until a second operator approves)`,
      auth: 'admin',
      body: ApproveWithdrawalSchema,
    },
    async (c, { params, body }) => {
      if (!UUID_RE.test(params.id ?? '')) throw notFound('Withdrawal');
      const out = await approveWithdrawal(c.get('deps'), params.id as string, admin(c), body.utr ?? null);
      if ('waiting' in out) return ok(c, { approvals: out.approvals }, WAITING_FOR_SECOND, 202);
      return ok(c, presentWithdrawal(out.withdrawal), 'Withdrawal approved');
    },
  );
  r.post(
    '/admin/withdrawals/:id/reject',
    {
      summary: 'Reject a withdrawal and refund it (a reason is required and shown to the player)',
      auth: 'admin',
      body: DecisionReasonSchema,
      response: WithdrawalSchema,
    },
    async (c, { params, body }) => {
      if (!UUID_RE.test(params.id ?? '')) throw notFound('Withdrawal');
      const who = admin(c);
      const w = await rejectWithdrawal(c.get('deps').db, params.id as string, who.adminId, body.reason);
      return ok(c, w, 'Withdrawal rejected and refunded');
    },
  );
  return r;
}
