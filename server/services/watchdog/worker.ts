import type { Deps } from '../../deps';
import { periodic } from '../periodic';
import { MISSED_DRAW_GRACE_MS } from './checks';
import { runWatchdogPass } from './run';

/**
 * The watchdog loop for server/main.ts: every process ticks every WATCHDOG_INTERVAL_MS, and the
 * pass's lease (run.ts) lets one of them run a pass per interval.
 */
export function startWatchdog(deps: Deps): () => Promise<void> {
  const warmUpUntil = Date.now() + MISSED_DRAW_GRACE_MS;
  return periodic(deps.logger, 'watchdog', deps.env.WATCHDOG_INTERVAL_MS, () =>
    runWatchdogPass(deps, { warmUpUntil }),
  );
}
