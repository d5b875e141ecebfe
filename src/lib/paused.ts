import { useAppStore } from '../store/store';

/**
 * When the player's time-out or self-exclusion ends, from the player the store keeps (refreshed
 * every 5 s in the signed-in layout), or null when none is in force: every screen knows at once,
 * without a read of its own (issue 39: home said "Market Running" to a paused player).
 * @example pausedUntilOf('2026-11-19T03:30:00Z', Date.parse('2026-11-18T00:00:00Z')) // Date 2026-11-19T03:30:00Z
 */
export function pausedUntilOf(iso: string | null | undefined, now: number = Date.now()): Date | null {
  if (!iso) return null;
  const until = new Date(iso);
  return until.getTime() > now ? until : null;
}

/** The end of the pause in force now, or null. */
export function usePausedUntil(): Date | null {
  const iso = useAppStore((s) => s.user?.pausedUntil ?? null);
  return pausedUntilOf(iso);
}
