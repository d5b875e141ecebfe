import { useEffect, useRef } from 'react';
import { useNetwork } from './network';

const POLL_MS = 5000;
/** Offline, the poll only probes, each time waiting twice as long, up to a minute. */
const OFFLINE_MAX_MS = 60_000;

/**
 * Runs `task` at once and then every `ms` while the component is mounted and the page is visible;
 * a slow answer never stacks a second call on top of the first. While the server cannot be reached
 * (lib/network.ts) it backs off to a probe every 10, 20, 40 then 60 s, and runs at once when the
 * connection comes back or the page becomes visible again.
 */
export function usePolling(task: () => Promise<unknown>, ms = POLL_MS, enabled = true): void {
  const taskRef = useRef(task);
  taskRef.current = task;
  // The offline back-off outlives a change of `ms` (the result stream going up or down): a new
  // interval does not start the probes over.
  const backoff = useRef({ wait: ms, nextAt: 0 });
  useEffect(() => {
    if (!enabled) return;
    let running = false;
    let stopped = false;
    const b = backoff.current;
    const tick = async (force = false) => {
      if (running || stopped || document.visibilityState === 'hidden') return;
      if (!force && useNetwork.getState().offline && Date.now() < b.nextAt) return;
      running = true;
      try {
        await taskRef.current();
      } finally {
        running = false;
        b.wait = useNetwork.getState().offline ? Math.min(Math.max(b.wait, ms) * 2, OFFLINE_MAX_MS) : ms;
        b.nextAt = Date.now() + b.wait;
      }
    };
    void tick();
    const id = setInterval(() => void tick(), ms);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void tick(true);
    };
    document.addEventListener('visibilitychange', onVisible);
    // Back online (the browser's event, or another request got an answer): poll at once.
    const unsubscribe = useNetwork.subscribe((now, before) => {
      if (before.offline && !now.offline) void tick(true);
    });
    return () => {
      stopped = true;
      clearInterval(id);
      document.removeEventListener('visibilitychange', onVisible);
      unsubscribe();
    };
  }, [ms, enabled]);
}
