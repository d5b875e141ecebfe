import { purgeExpiredKeys } from '../../db/repositories/idempotency';
import type { Deps } from '../../deps';
import { periodic, stopAll } from '../periodic';
import { firebaseSender, sendQueuedPushes } from '../push/worker';
import { runDueDraws } from './draws';

/**
 * Background loops for server/main.ts: the automatic draw every ~15 s, the push sender every
 * 10 s and idempotency-key expiry hourly. A tick never overlaps the previous one (services/periodic.ts).
 * Returns the stop function, which waits for the ticks in flight.
 */
export function startMoneyWorkers(
  deps: Deps,
  intervals = { drawMs: 15_000, pushMs: 10_000 },
): () => Promise<void> {
  const { db, clock, env, logger } = deps;
  const sender = firebaseSender(env.FIREBASE_SERVICE_ACCOUNT).catch((error) => {
    logger.error('push disabled: FIREBASE_SERVICE_ACCOUNT is not usable', {
      error: (error as Error).message,
    });
    return null;
  });
  const stops = [
    periodic(logger, 'scheduler', intervals.drawMs, async () => {
      const n = await runDueDraws(db, await clock.now(), { tz: env.MARKET_TZ, mode: env.MONEY_MODE });
      if (n > 0) logger.info('automatic draws declared', { count: n });
    }),
    periodic(logger, 'push', intervals.pushMs, async () => sendQueuedPushes(db, await sender, logger)),
    periodic(logger, 'idempotency-expiry', 3600_000, () => purgeExpiredKeys(db)),
  ];
  return () => stopAll(stops);
}
