import { z } from 'zod';
import { DateSchema } from '../../src/contracts/common';
import { marketDayOf } from '../../src/domain/market-time';
import { paiseToPoints } from '../../src/domain/money';
import { ok } from '../http/envelope';
import { createRouter } from '../http/router';

const ReconciliationQuery = z.object({ date: DateSchema.optional() });

interface Row {
  order_id: string;
  provider: string;
  status: 'PENDING' | 'SUCCESS' | 'FAILED';
  amount_paise: number;
  gateway_status: string | null;
  gateway_amount_paise: number | null;
  needs_review: boolean;
  utr: string | null;
  credited_paise: number | null;
}

/** Why an order's money and its state disagree; null when they agree. */
function mismatchOf(r: Row): string | null {
  const credited = r.credited_paise ?? 0;
  if (r.needs_review) return 'The gateway reported a different amount or currency';
  if (r.status === 'SUCCESS' && credited === 0) return 'Paid but not credited';
  if (r.status !== 'SUCCESS' && credited > 0) return 'Credited but not paid';
  if (r.status === 'SUCCESS' && credited !== r.amount_paise) return 'Credited amount differs from the order';
  if (r.gateway_status === 'PAID' && r.gateway_amount_paise !== null && r.gateway_amount_paise !== credited) {
    return 'Gateway total differs from the credit';
  }
  return null;
}

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
    async (c, { query }) => {
      const { db, env, clock } = c.get('deps');
      const date = query.date ?? marketDayOf(await clock.now(), env.MARKET_TZ);
      const rows = await db.query<Row>(
        `SELECT o.order_id, o.provider, o.status, o.amount_paise, o.gateway_status, o.gateway_amount_paise,
                o.needs_review, o.utr,
                (SELECT sum(l.amount_paise) FROM ledger l WHERE l.kind = 'fund' AND l.ref_id = o.fund_request_id::text)::int8
                  AS credited_paise
           FROM payment_orders o
          WHERE (o.created_at AT TIME ZONE $1)::date = $2::date
          ORDER BY o.created_at`,
        [env.MARKET_TZ, date],
      );
      const providers = new Map<
        string,
        {
          provider: string;
          states: Record<string, { count: number; amount: number }>;
          credited: number;
          gatewayReported: number;
        }
      >();
      const mismatches: Array<Record<string, unknown>> = [];
      for (const row of rows.rows) {
        const p = providers.get(row.provider) ?? {
          provider: row.provider,
          states: {},
          credited: 0,
          gatewayReported: 0,
        };
        providers.set(row.provider, p);
        const state = p.states[row.status] ?? { count: 0, amount: 0 };
        p.states[row.status] = state;
        state.count += 1;
        state.amount += paiseToPoints(row.amount_paise);
        p.credited += paiseToPoints(row.credited_paise ?? 0);
        if (row.gateway_status === 'PAID') p.gatewayReported += paiseToPoints(row.gateway_amount_paise ?? 0);
        const reason = mismatchOf(row);
        if (reason) {
          mismatches.push({
            orderId: row.order_id,
            provider: row.provider,
            status: row.status,
            amount: paiseToPoints(row.amount_paise),
            credited: paiseToPoints(row.credited_paise ?? 0),
            gatewayStatus: row.gateway_status,
            gatewayAmount: row.gateway_amount_paise === null ? null : paiseToPoints(row.gateway_amount_paise),
            utr: row.utr,
            reason,
          });
        }
      }
      return ok(c, { date, providers: [...providers.values()], mismatches });
    },
  );
  return r;
}
