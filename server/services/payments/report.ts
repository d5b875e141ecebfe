import { marketDayOf } from '../../../src/domain/market-time';
import { paiseToPoints } from '../../../src/domain/money';
import { ordersOfDay } from '../../db/repositories/payments';
import { exceptionsOfDay } from '../../db/repositories/reconciliation';
import type { Deps } from '../../deps';
import { presentException } from '../reconciliation/exceptions';
import { providerOfOrder } from './registry';

interface ProviderTotals {
  provider: string;
  states: Record<string, { count: number; amount: number }>;
  credited: number;
  gatewayReported: number;
}

/**
 * GET /admin/payments/reconciliation?date=: the day's orders (market time zone; default today on the
 * clock) by provider and state, what was credited beside what the gateway reports, and every order
 * its provider says the operator must review, and the day's bank statement exceptions (about its
 * credits or statement lines, or opened that day; server/services/reconciliation).
 */
export async function reconciliationReport(deps: Pick<Deps, 'db' | 'env' | 'clock'>, day?: string) {
  const { db, env, clock } = deps;
  const date = day ?? marketDayOf(await clock.now(), env.MARKET_TZ);
  const providers = new Map<string, ProviderTotals>();
  const mismatches: Array<Record<string, unknown>> = [];
  for (const row of await ordersOfDay(db, env.MARKET_TZ, date)) {
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
    const reason = providerOfOrder(env, row.provider).mustReview(row);
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
  const statementExceptions = (await exceptionsOfDay(db, date, env.MARKET_TZ)).map(presentException);
  return { date, providers: [...providers.values()], mismatches, statementExceptions };
}
