import type { Context } from 'hono';
import { z } from 'zod';
import { WinnerSchema, WinnersRunSchema } from '../../src/contracts/bids';
import { UUID_RE } from '../../src/contracts/common';
import { DecisionReasonSchema } from '../../src/contracts/operators';
import {
  DeclareAnswerSchema,
  DeclareGaliResultSchema,
  DeclareMainResultSchema,
  DeclareStarlineResultSchema,
  ResultPreviewQuerySchema,
  ResultPreviewSchema,
} from '../../src/contracts/results';
import { isIsoDate } from '../../src/domain/bid-validation';
import { paiseToPoints } from '../../src/domain/money';
import type { Family } from '../../src/domain/types';
import { admin } from '../http/auth';
import { ok, okPaged } from '../http/envelope';
import { pagination } from '../http/paging';
import { createRouter } from '../http/router';
import type { AppEnv } from '../http/types';
import { badRequest, notFound } from '../services/errors';
import { declareAndSettle, declaredResult, revertDeclared, settleWinners } from '../services/results/admin';
import { presentResult, presentSettlement } from '../services/settlement/present';
import { previewResult } from '../services/settlement/preview';
import { listWinners } from '../services/settlement/winners';

const WinnersQuery = z.object({
  date: z.string().refine(isIsoDate, 'Use YYYY-MM-DD').optional(),
  resultDate: z.string().optional(),
});
const FAMILIES = ['main', 'starline', 'galidisawar'] as const;

/** Operator declarations, reverts and the starline/galidisawar winners calls (docs/api.md "Operator calls"). */
export function resultsAdminRoutes() {
  const r = createRouter('/api/v1/admin', 'Results (operator)');

  const declare = (family: Family) => async (c: Context<AppEnv>, body: Record<string, unknown>) => {
    const { db, clock, env } = c.get('deps');
    const who = admin(c);
    if (!UUID_RE.test(String(body.gameId))) throw notFound('Game');
    const now = await clock.now();
    const out = await declareAndSettle(
      db,
      { family, ...(body as { gameId: string; resultDate: string }) },
      { adminId: who.adminId, now, tz: env.MARKET_TZ, mode: env.MONEY_MODE },
    );
    return ok(
      c,
      {
        result: presentResult(out.result, out.game.gameName, out.game.times.openTime),
        settlement: presentSettlement(out.settlement),
      },
      'Result declared',
      201,
    );
  };
  r.get(
    '/results/preview',
    {
      summary: 'What a declaration would pay, and the ten most expensive results (nothing is written)',
      auth: 'admin',
      query: ResultPreviewQuerySchema,
      response: ResultPreviewSchema,
    },
    async (c, { query }) => {
      if (!UUID_RE.test(query.gameId)) throw notFound('Game');
      return ok(c, await previewResult(c.get('deps').db, query));
    },
  );
  r.post(
    '/results/main',
    {
      summary: 'Declare a main result (open or close)',
      auth: 'admin',
      body: DeclareMainResultSchema,
      response: DeclareAnswerSchema,
      status: 201,
    },
    (c, { body }) => declare('main')(c, body),
  );
  r.post(
    '/results/starline',
    {
      summary: 'Declare a starline result',
      auth: 'admin',
      body: DeclareStarlineResultSchema,
      response: DeclareAnswerSchema,
      status: 201,
    },
    (c, { body }) => declare('starline')(c, body),
  );
  r.post(
    '/results/galidisawar',
    {
      summary: 'Declare a galidisawar result',
      auth: 'admin',
      body: DeclareGaliResultSchema,
      response: DeclareAnswerSchema,
      status: 201,
    },
    (c, { body }) => declare('galidisawar')(c, body),
  );

  r.get(
    '/results/:family/:id',
    { summary: 'One declared result (operators; the audit log reads it before a revert)', auth: 'admin' },
    async (c, { params }) => {
      const family = params.family as Family;
      if (!FAMILIES.includes(family) || !UUID_RE.test(params.id ?? '')) throw notFound('Result');
      return ok(c, await declaredResult(c.get('deps').db, family, params.id as string));
    },
  );
  r.delete(
    '/results/:family/:id',
    { summary: 'Revert a result (a reason is required)', auth: 'admin', body: DecisionReasonSchema },
    async (c, { params }) => {
      const family = params.family as Family;
      if (!FAMILIES.includes(family) || !UUID_RE.test(params.id ?? '')) throw notFound('Result');
      const out = await revertDeclared(c.get('deps').db, family, params.id as string);
      return ok(
        c,
        {
          result: { _id: out.result.id, resultDate: out.result.result_date },
          reverted: {
            bids: out.revertedBids,
            winners: out.winners,
            totalWinAmount: paiseToPoints(out.totalWinPaise),
          },
        },
        'Result reverted',
      );
    },
  );

  for (const family of ['starline', 'galidisawar'] as const) {
    r.post(
      `/${family}/winners`,
      { summary: `Settle ${family} and list winners`, auth: 'admin', body: WinnersRunSchema },
      async (c, { body }) => {
        const { db, env } = c.get('deps');
        const out = await settleWinners(db, family, body.resultDate, body.winners, env.MONEY_MODE);
        return ok(
          c,
          { winners: out.winners, settlement: presentSettlement(out.settlement) },
          'Winners settled',
        );
      },
    );
  }
  // The winners of a market day, for every family (players: their own).
  for (const family of FAMILIES) {
    r.get(
      `/${family}/winners`,
      {
        summary: `${family} winners (players: their own)`,
        auth: 'any',
        paged: true,
        query: WinnersQuery,
        response: WinnerSchema,
      },
      async (c, { page, query }) => {
        const { db, env } = c.get('deps');
        const who = c.get('principal');
        const date = query.date ?? query.resultDate;
        if (date !== undefined && !isIsoDate(date))
          throw badRequest('Use YYYY-MM-DD', { date: 'Use YYYY-MM-DD' });
        const { rows, total } = await listWinners(
          db,
          { family, userId: who?.kind === 'player' ? who.userId : null, date, tz: env.MARKET_TZ },
          page.limit,
          page.offset,
        );
        return okPaged(c, rows, pagination(page, total));
      },
    );
  }
  return r;
}
