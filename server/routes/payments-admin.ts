import { z } from 'zod';
import { DateSchema } from '../../src/contracts/common';
import { ok } from '../http/envelope';
import { createRouter } from '../http/router';
import { reconciliationReport } from '../services/payments/report';

const ReconciliationQuery = z.object({ date: DateSchema.optional() });

/**
 * GET /admin/payments/reconciliation?date=: the day's orders (market time zone) by provider and
 * state, what was credited beside what the gateway reports, and every order where they disagree.
 */
export function paymentsAdminRoutes() {
  const r = createRouter('/api/v1', 'Funds');
  r.get(
    '/admin/payments/reconciliation',
    {
      summary: "Payment reconciliation: a day's orders by provider and state, credits vs gateway",
      auth: 'admin',
      query: ReconciliationQuery,
    },
    async (c, { query }) => ok(c, await reconciliationReport(c.get('deps'), query.date)),
  );
  return r;
}
