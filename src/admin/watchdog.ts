import { useEffect, useState } from 'react';
import { type Read, useRead } from './read';
import type { Watchdog } from './types';

/** How the console names each thing the watchdog checks. */
export const WATCHDOG_TITLES: Record<string, string> = {
  'ledger-drift': 'A balance differs from its ledger',
  'stuck-settlement': 'Settlement left half-done',
  'missed-draw': 'A result is missing after its time',
  'old-pending': 'Money requests waiting too long',
  'forwarder-quiet': 'The payment forwarder is quiet',
  'result-conflict': 'Result sources disagree',
  'statement-exception': 'A bank statement disagrees with our credits',
};

export const watchdogTitle = (kind: string) => WATCHDOG_TITLES[kind] ?? kind;

/** The watchdog's state, read again every `everyMs` while the screen is open. */
export function useWatchdog(everyMs = 60_000): Read<Watchdog> {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return useRead<Watchdog>('admin/watchdog', undefined, String(tick));
}

/** True when no pass has finished for three intervals: the watchdog itself has stopped. */
export function watchdogStale(w: Watchdog, now = Date.now()): boolean {
  return w.checkedAt !== null && now - Date.parse(w.checkedAt) > 3 * w.intervalMs;
}
