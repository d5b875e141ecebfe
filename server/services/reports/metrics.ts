import { forwarderState } from '../../db/repositories/payment-notifications';
import { openFindingCounts, watchdogState } from '../../db/repositories/watchdog';
import { pendingMoney } from '../../db/repositories/watchdog-checks';
import type { Queryable } from '../../db/types';
import { databaseRegistry, dbGauges, processMetricsText } from '../../metrics';
import { CHECKS } from '../watchdog/checks';

/**
 * GET /metrics: the process metrics (every server process's, summed, under WORKERS>1) and what the
 * database says now: pending withdrawals and deposits (counted from their status indexes) and the
 * watchdog's open findings per kind (every kind, 0 when none, so an alert rule sees it clear), and
 * when the UPI forwarder was last heard from.
 */
export async function metricsText(q: Queryable): Promise<string> {
  const [money, counts, state, forwarder] = await Promise.all([
    pendingMoney(q),
    openFindingCounts(q),
    watchdogState(q),
    forwarderState(q, null),
  ]);
  dbGauges.pendingWithdrawals.set(money.withdrawals);
  dbGauges.pendingWithdrawalsPoints.set(money.withdrawals_paise / 100);
  dbGauges.pendingFunds.set(money.funds);
  dbGauges.pendingFundsPoints.set(money.funds_paise / 100);
  dbGauges.watchdogFindings.reset();
  for (const check of CHECKS)
    dbGauges.watchdogFindings.set({ kind: check.kind, severity: check.severity }, 0);
  for (const c of counts) dbGauges.watchdogFindings.set({ kind: c.kind, severity: c.severity }, Number(c.n));
  dbGauges.watchdogCheckedAt.set(state.checked_at ? state.checked_at.getTime() / 1000 : 0);
  const heard = forwarder.last_received_at;
  dbGauges.forwarderHeardAt.set(heard ? heard.getTime() / 1000 : 0);
  const own = await processMetricsText();
  return `${own.trimEnd()}\n${await databaseRegistry.metrics()}`;
}
