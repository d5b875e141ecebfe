import { useEffect, useState } from 'react';
import { useRead } from './read';
import type { Waiting } from './types';

/**
 * What waits for this operator's approval (GET /admin/waiting: one cheap count), for the menu's
 * "waiting for you": read when `key` changes (the screen, so an approval made there shows on the
 * next) and once a minute. Nothing is read while `enabled` is false.
 */
export function useWaiting(enabled: boolean, key: string): Waiting | null {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), 60_000);
    return () => clearInterval(timer);
  }, []);
  return useRead<Waiting>(enabled ? 'admin/waiting' : null, undefined, `${key}:${tick}`).data;
}
