import { useEffect, useState } from 'react';
import { fetchLimits, type LimitsState } from '../../api/responsible-play';
import { useMarketTz } from '../../lib/market-tz';
import { pausedLine } from './play-words';

/** Fired on window when the player changed their limits or paused (screens read again). */
export const LIMITS_CHANGED = 'matka-limits-changed';

/**
 * The player's limits and pause, read once per screen and again when they change here. A failed
 * read answers null: the server refuses a paused player's bid whatever the screen shows.
 */
export function useLimitsState(): LimitsState | null {
  const [state, setState] = useState<LimitsState | null>(null);
  useEffect(() => {
    let live = true;
    const read = () => {
      fetchLimits()
        .then((s) => {
          if (live) setState(s);
        })
        .catch(() => undefined);
    };
    read();
    window.addEventListener(LIMITS_CHANGED, read);
    return () => {
      live = false;
      window.removeEventListener(LIMITS_CHANGED, read);
    };
  }, []);
  return state;
}

/**
 * 'Your account is paused until 19 Nov 2026' (in the chosen language) while a time-out or
 * self-exclusion runs, else null.
 */
export function usePausedMessage(): string | null {
  const state = useLimitsState();
  const tz = useMarketTz();
  const until = state?.pause ? new Date(state.pause.until) : null;
  return until && until.getTime() > Date.now() ? pausedLine(until, tz) : null;
}
