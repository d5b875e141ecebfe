import type { Logger } from '../logger';

/**
 * Runs `fn` now and then every `ms`, never two ticks at once; a failing tick is logged and the next
 * one tries again. The answer stops the loop and waits for the tick in flight, so a clean shutdown
 * never abandons a claimed row half-way (a killed process leaves it to the claim's lease or lock).
 */
export function periodic(
  logger: Logger,
  name: string,
  ms: number,
  fn: () => Promise<unknown>,
): () => Promise<void> {
  let current: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (current || stopped) return;
    current = fn()
      .then(
        () => undefined,
        (error: unknown) => logger.error(`${name} tick failed`, { error: (error as Error).message }),
      )
      .finally(() => {
        current = null;
      });
  };
  const timer = setInterval(tick, ms);
  timer.unref();
  tick();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await current;
  };
}

/** Stops every loop at once and waits for all of them. */
export function stopAll(stops: Array<() => Promise<void> | void>): Promise<void> {
  return Promise.all(stops.map((s) => s())).then(() => undefined);
}
