import { useEffect, useState } from 'react';

/**
 * The current instant, refreshed every `everyMs` so menus and bid windows follow the clock (a
 * session that closes while the screen is open disappears from 'Select Market Type').
 */
export function useNow(everyMs = 15_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}
