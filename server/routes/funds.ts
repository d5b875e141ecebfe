import { z } from 'zod';
import { UUID_RE } from '../../src/contracts/common';
import { FundBodySchema, FundCreatedSchema, FundRequestSchema } from '../../src/contracts/funds';
import { DecisionNoteSchema, DecisionReasonSchema } from '../../src/contracts/operators';
import { admin, player } from '../http/auth';
import { inLanguage, ok, okPaged } from '../http/envelope';
import { assertNotInMaintenance } from '../http/maintenance';
import { pagination } from '../http/paging';
import { createRouter } from '../http/router';
import { limitAddress } from '../services/address-limits';
import { forbidden, notFound } from '../services/errors';
import { withDesk } from '../services/money/desk';
import { fundRequest, listFundRequests, operatorDecideFund } from '../services/money/funds';
import { requestFunds } from '../services/payments/deposit';
import { POINTS_NO_CASH } from '../services/players/responsible-play';

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
      const deps = c.get('deps');
      const { db, env } = deps;
      const { userId } = player(c);
      if (env.MONEY_MODE === 'points') throw forbidden(POINTS_NO_CASH);
      await assertNotInMaintenance(db);
      await limitAddress(db, env, 'fund', c.get('clientAddress'));
      const answer = await requestFunds(deps, userId, body, c.req.header('idempotency-key'));
      // Stored in English (a replayed key answers the same words), said in the player's language.
      const stored = answer.body as { message?: string };
      const message = stored.message ? inLanguage(c, stored.message) : stored.message;
      return c.json({ ...stored, message }, answer.status as 201);
    },
  );

  r.get(
    '/user/fund-by-user',
    { summary: 'Own fund requests', auth: 'player', paged: true, response: FundRequestSchema },
    async (c, { page }) => {
      const { rows, total } = await listFundRequests(
        c.get('deps').db,
        { userId: player(c).userId },
        page.limit,
        page.offset,
      );
      return okPaged(c, rows, pagination(page, total));
    },
  );

  r.get(
    '/admin/funds',
    { summary: 'Fund requests (operators)', auth: 'admin', paged: true, query: StatusQuery },
    async (c, { page, query }) => {
      const { db, env, clock } = c.get('deps');
      const now = await clock.now();
      const { rows, total } = await listFundRequests(db, { status: query.status }, page.limit, page.offset);
      // The player's balance, last 7 days, last entries, open flags, pause and deposit limits.
      return okPaged(c, await withDesk(db, rows, { now, tz: env.MARKET_TZ }), pagination(page, total));
    },
  );
  r.get(
    '/admin/funds/:id',
    { summary: 'One fund request (operators)', auth: 'admin' },
    async (c, { params }) => {
      if (!UUID_RE.test(params.id ?? '')) throw notFound('Fund request');
      return ok(c, await fundRequest(c.get('deps').db, params.id as string));
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
        const fund = await operatorDecideFund(c.get('deps').db, params.id as string, outcome, who.adminId);
        return ok(c, fund, outcome === 'success' ? 'Fund request approved' : 'Fund request rejected');
      },
    );
  }
  return r;
}
