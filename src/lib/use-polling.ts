import { useEffect, useRef } from 'react';

const POLL_MS = 5000;

/**
 * Runs `task` at once and then every `ms` while the component is mounted and the page is visible;
 * a slow answer never stacks a second call on top of the first.
 */
export function usePolling(task: () => Promise<unknown>, ms = POLL_MS, enabled = true): void {
  const taskRef = useRef(task);
  taskRef.current = task;
  useEffect(() => {
    if (!enabled) return;
    let running = false;
    let stopped = false;
    const tick = async () => {
      if (running || stopped || document.visibilityState === 'hidden') return;
      running = true;
      try {
        await taskRef.current();
      } finally {
        running = false;
      }
    };
    void tick();
    const id = setInterval(tick, ms);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void tick();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      clearInterval(id);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [ms, enabled]);
}
