import { purgeExpiredKeys } from '../../db/repositories/idempotency';
import type { Deps } from '../../http/types';
import { firebaseSender, sendQueuedPushes } from '../push/worker';
import { runDueDraws } from './draws';

/**
 * Background loops for server/main.ts: the automatic draw every ~15 s, the push sender every
 * 10 s and idempotency-key expiry hourly. A tick never overlaps the previous one; errors are
 * logged and the next tick tries again. Returns the stop function.
 */
export function startMoneyWorkers(deps: Deps, intervals = { drawMs: 15_000, pushMs: 10_000 }): () => void {
  const { db, clock, env, logger } = deps;
  const timers: NodeJS.Timeout[] = [];
  const loop = (name: string, ms: number, fn: () => Promise<unknown>) => {
    let running = false;
    const tick = async () => {
      if (running) return;
      running = true;
      try {
        await fn();
      } catch (error) {
        logger.error(`${name} tick failed`, { error: (error as Error).message });
      } finally {
        running = false;
      }
    };
    timers.push(setInterval(() => void tick(), ms));
    void tick();
  };
  loop('scheduler', intervals.drawMs, async () => {
    const n = await runDueDraws(db, await clock.now(), { tz: env.MARKET_TZ });
    if (n > 0) logger.info('automatic draws declared', { count: n });
  });
  const sender = firebaseSender(env.FIREBASE_SERVICE_ACCOUNT).catch((error) => {
    logger.error('push disabled: FIREBASE_SERVICE_ACCOUNT is not usable', {
      error: (error as Error).message,
    });
    return null;
  });
  loop('push', intervals.pushMs, async () => sendQueuedPushes(db, await sender, logger));
  loop('idempotency-expiry', 3600_000, () => purgeExpiredKeys(db));
  return () => {
    for (const t of timers) clearInterval(t);
  };
}
