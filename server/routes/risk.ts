import { UUID_RE } from '../../src/contracts/common';
import { RiskFlagClearSchema, RiskFlagQuerySchema, RiskFlagSchema } from '../../src/contracts/risk';
import { findFlag, listFlags } from '../db/repositories/risk-flags';
import { admin } from '../http/auth';
import { ok, okPaged } from '../http/envelope';
import { pagination } from '../http/paging';
import { createRouter } from '../http/router';
import { notFound } from '../services/errors';
import { clearRiskFlag, presentFlag, scanBidBursts } from '../services/risk';

/** Risk flags for the money desk (issue 21): flags, never bans; clearing one is audited. */
export function riskRoutes() {
  const r = createRouter('/api/v1/admin', 'Risk (operator)');
  r.get(
    '/risk-flags',
    {
      summary: 'Risk flags with their evidence (open by default), newest first',
      auth: 'admin',
      paged: true,
      query: RiskFlagQuerySchema,
      response: RiskFlagSchema,
    },
    async (c, { page, query }) => {
      const { db } = c.get('deps');
      const open = query.status !== 'cleared';
      // The bids-a-minute flag comes from the bids table: look again before answering.
      if (open) await scanBidBursts(db);
      const { rows, total } = await listFlags(db, { open, userId: query.userId }, page.limit, page.offset);
      return okPaged(c, rows.map(presentFlag), pagination(page, total));
    },
  );
  r.get(
    '/risk-flags/:id',
    { summary: 'One risk flag', auth: 'admin', response: RiskFlagSchema },
    async (c, { params }) => {
      if (!UUID_RE.test(params.id ?? '')) throw notFound('Flag');
      const flag = await findFlag(c.get('deps').db, params.id as string);
      if (!flag) throw notFound('Flag');
      return ok(c, presentFlag(flag));
    },
  );
  r.post(
    '/risk-flags/:id/clear',
    {
      summary: 'Clear a risk flag with a note (a held referral bonus is paid or refused with it)',
      auth: 'admin',
      body: RiskFlagClearSchema,
      response: RiskFlagSchema,
    },
    async (c, { params, body }) => {
      if (!UUID_RE.test(params.id ?? '')) throw notFound('Flag');
      const flag = await clearRiskFlag(c.get('deps').db, params.id as string, admin(c).adminId, body);
      return ok(c, flag, 'Flag cleared');
    },
  );
  return r;
}
