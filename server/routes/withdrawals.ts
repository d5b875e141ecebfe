import { z } from 'zod';
import { UUID_RE } from '../../src/contracts/common';
import { DecisionNoteSchema, DecisionReasonSchema } from '../../src/contracts/operators';
import {
  WITHDRAWAL_STATUSES,
  WithdrawalBodySchema,
  WithdrawalMethodBodySchema,
  WithdrawalMethodSchema,
  WithdrawalSchema,
} from '../../src/contracts/withdrawals';
import { paiseToPoints } from '../../src/domain/money';
import { findWithdrawal, listMethods, listWithdrawals, upsertMethod } from '../db/repositories/withdrawals';
import { admin, player } from '../http/auth';
import { ok, okPaged } from '../http/envelope';
import { assertNotInMaintenance } from '../http/maintenance';
import { pagination } from '../http/paging';
import { createRouter } from '../http/router';
import { withDesk } from '../services/desk';
import { forbidden, notFound } from '../services/errors';
import {
  approvalsOf,
  approveWithdrawal,
  needsFourEyes,
  presentApproval,
  WAITING_FOR_SECOND,
} from '../services/four-eyes';
import { runIdempotent } from '../services/idempotency';
import { POINTS_NO_CASH } from '../services/responsible-play';
import {
  cancelWithdrawal,
  decideWithdrawal,
  presentMethod,
  presentWithdrawal,
  requestWithdrawal,
} from '../services/withdrawals';
import { methodDetails } from '../services/withdrawals-method-rules';

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
    {
      summary: 'Withdrawals (operators), each with the payout details and the player at the desk',
      auth: 'admin',
      paged: true,
      query: StatusQuery,
    },
    async (c, { page, query }) => {
      const deps = c.get('deps');
      const { rows, total } = await listWithdrawals(
        deps.db,
        { status: query.status },
        page.limit,
        page.offset,
      );
      // Four eyes: who approved already, and whether a second operator is needed.
      const approvals = await approvalsOf(
        deps.db,
        'withdrawal',
        rows.map((w) => w.id),
      );
      const items = rows.map((w) => ({
        ...presentWithdrawal(w),
        needsTwoApprovals: needsFourEyes(deps, w.amount_paise),
        approvals: approvals.filter((a) => a.subject_id === w.id).map(presentApproval),
      }));
      // Beside each request: where the money goes (methodDetails), the player's balance, their
      // last 7 days, last ledger entries and open risk flags (services/desk.ts).
      return okPaged(c, await withDesk(deps.db, items), pagination(page, total));
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
      const out = await c
        .get('deps')
        .db.transaction((tx) => cancelWithdrawal(tx, params.id as string, userId));
      return ok(
        c,
        { ...presentWithdrawal(out.withdrawal), balance: paiseToPoints(out.balancePaise) },
        'Withdrawal cancelled and refunded',
      );
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
      const { db } = c.get('deps');
      const w = await findWithdrawal(db, params.id as string);
      if (!w) throw notFound('Withdrawal');
      return ok(c, (await withDesk(db, [presentWithdrawal(w)]))[0]);
    },
  );
  r.post(
    '/admin/withdrawals/:id/approve',
    {
      summary: `Approve a withdrawal (above FOUR_EYES_ABOVE: 202 until a second operator approves)`,
      auth: 'admin',
      body: DecisionNoteSchema,
    },
    async (c, { params }) => {
      if (!UUID_RE.test(params.id ?? '')) throw notFound('Withdrawal');
      const out = await approveWithdrawal(c.get('deps'), params.id as string, admin(c));
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
      const w = await c
        .get('deps')
        .db.transaction((tx) =>
          decideWithdrawal(tx, params.id as string, 'rejected', who.adminId, body.reason),
        );
      return ok(c, presentWithdrawal(w), 'Withdrawal rejected and refunded');
    },
  );
  return r;
}
