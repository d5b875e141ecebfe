import { useEffect, useState } from 'react';
import { WROTE } from './api';
import { useRead } from './read';
import type { Waiting } from './types';

/**
 * What waits for this operator's approval (GET /admin/waiting: one cheap count), for the menu's
 * "waiting for you": read when `key` changes (the screen), after each write of this console (an
 * approval, api.ts) and once a minute. Nothing is read while `enabled` is false.
 */
export function useWaiting(enabled: boolean, key: string): Waiting | null {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const again = () => setTick((n) => n + 1);
    const timer = setInterval(again, 60_000);
    window.addEventListener(WROTE, again);
    return () => {
      clearInterval(timer);
      window.removeEventListener(WROTE, again);
    };
  }, []);
  return useRead<Waiting>(enabled ? 'admin/waiting' : null, undefined, `${key}:${tick}`).data;
}
