import { useLayoutEffect } from 'react';

/**
 * index.html draws a splash (the sign-in screen's brand band) before any script runs, so a cold
 * first visit on a slow phone sees the app at its first paint instead of a blank page. Each screen
 * that draws a whole page (sign-in, the signed-in layout, the error page) takes it away in the same
 * frame it first paints, so nothing blank shows in between and nothing moves.
 */
export function useDropSplash(): void {
  useLayoutEffect(() => {
    document.querySelector('.splash')?.remove();
  }, []);
}
