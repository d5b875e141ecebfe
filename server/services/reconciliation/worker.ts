import type { Deps } from '../../deps';
import { periodic } from '../periodic';
import { recheck } from './run';

/**
 * Re-checks the open reconciliation exceptions and the recent credits every watchdog interval, in
 * every process (each run takes the reconciliation lock, so they never overlap).
 */
export function startReconciliationChecks(deps: Deps): () => Promise<void> {
  return periodic(deps.logger, 'reconciliation', deps.env.WATCHDOG_INTERVAL_MS, async () => {
    const { opened, closed } = await recheck(deps);
    if (opened > 0 || closed > 0) deps.logger.info('reconciliation re-checked', { opened, closed });
  });
}
