import { useEffect, useState } from 'react';
import { fetchLimits, type LimitsState } from '../api/responsible-play';

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
