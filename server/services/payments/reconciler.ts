import type { Deps } from '../../deps';
import { periodic } from '../periodic';
import { runReconciliation } from './orders';

/**
 * The reconciliation job on this process: every PAYMENT_RECONCILE_INTERVAL_MS it claims the pending
 * orders whose check is due (SKIP LOCKED, so each is asked about by one process at a time) and asks
 * the gateway, or expires sandbox and UPI orders left unpaid. Answers a stop function.
 */
export function startPaymentReconciler(deps: Deps): () => Promise<void> {
  return periodic(deps.logger, 'payment reconciliation', deps.env.PAYMENT_RECONCILE_INTERVAL_MS, async () => {
    const outcomes = await runReconciliation(deps);
    const settled = outcomes.filter((o) => o !== 'pending' && o !== 'unchanged');
    if (settled.length > 0) deps.logger.info('payment orders reconciled', { count: settled.length });
  });
}
