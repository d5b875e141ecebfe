import { UUID_RE } from '../../src/contracts/common';
import { RiskFlagClearSchema, RiskFlagQuerySchema, RiskFlagSchema } from '../../src/contracts/risk';
import { admin } from '../http/auth';
import { ok, okPaged } from '../http/envelope';
import { pagination } from '../http/paging';
import { createRouter } from '../http/router';
import { notFound } from '../services/errors';
import { clearRiskFlag } from '../services/money/risk';
import { riskFlag, riskFlags } from '../services/money/risk-read';

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
      const open = query.status !== 'cleared';
      const { rows, total } = await riskFlags(c.get('deps').db, { open, userId: query.userId }, page);
      return okPaged(c, rows, pagination(page, total));
    },
  );
  r.get(
    '/risk-flags/:id',
    { summary: 'One risk flag', auth: 'admin', response: RiskFlagSchema },
    async (c, { params }) => {
      if (!UUID_RE.test(params.id ?? '')) throw notFound('Flag');
      return ok(c, await riskFlag(c.get('deps').db, params.id as string));
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
