import { useEffect, useState } from 'react';
import { useMarketTz } from './market-tz';
import { usePausedUntil } from './paused';

type Line = (until: Date, tz: string) => string;
let loaded: Line | null = null;

/**
 * 'Your account is paused until 19 Nov 2026, 09:00 AM' (in the chosen language) while a time-out or
 * self-exclusion runs, else null. From the player the store keeps, no read of its own; the words
 * (play-words.ts and Responsible Play's catalogue) load only for a paused player, so a bid screen's
 * first load carries neither (issue 39: the bid screen's cold load).
 */
export function usePausedMessage(): string | null {
  const until = usePausedUntil();
  const tz = useMarketTz();
  const [line, setLine] = useState<Line | null>(() => loaded);
  useEffect(() => {
    if (!until || line) return;
    let live = true;
    void import('./play-words').then((m) => {
      loaded = m.pausedLine;
      if (live) setLine(() => m.pausedLine);
    });
    return () => {
      live = false;
    };
  }, [until, line]);
  return until && line ? line(until, tz) : null;
}
