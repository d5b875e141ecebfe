import { createElement } from 'react';
import { tCommon } from '../i18n/en/common';
import { loadToast } from './toast';

const SW_REGISTRATION_TIMEOUT_MS = 10_000;

/** The text of the update prompt. */
export const UPDATE_AVAILABLE = 'A new version is available';

/**
 * Registers the service worker (sw/sw.ts, built to /sw.js) with workbox-window. Registration gives
 * up after 10 s (docs/product.md section 4) so a stuck worker never blocks anything else.
 */
let registered: Promise<ServiceWorkerRegistration | null> | null = null;

/**
 * The one registration attempt of this page (push needs it); starts it on first call, once the page
 * has loaded and its main thread is idle: a first visit's worker fetches its whole precache, which
 * must not share a slow connection and a slow phone's main thread with the screen's own load.
 */
export function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration | null> {
  registered ??= pageSettled().then(() => registerServiceWorker());
  return registered;
}

/** How long registration waits for the window's load event (an image that never answers delays it). */
const LOAD_WAIT_MS = 10_000;

/**
 * Resolves after the window's load event (or LOAD_WAIT_MS, whichever comes first), when the main
 * thread is next idle (at most 2 s later).
 */
export function pageSettled(loadWaitMs = LOAD_WAIT_MS): Promise<void> {
  return new Promise((resolve) => {
    let waited = false;
    const whenIdle = () => {
      if (waited) return;
      waited = true;
      clearTimeout(timer);
      window.removeEventListener('load', whenIdle);
      if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 2000 });
      else setTimeout(resolve, 0);
    };
    const timer = setTimeout(whenIdle, document.readyState === 'complete' ? 0 : loadWaitMs);
    window.addEventListener('load', whenIdle, { once: true });
  });
}

/**
 * workbox-window is not part of the first load: it is fetched with the registration, after the
 * screen is up. When a new version of the app is waiting, the player is asked (a toast with a
 * Reload button) instead of the worker taking over under them; Reload activates it and reloads
 * once it controls the page.
 */
export async function registerServiceWorker(
  timeoutMs = SW_REGISTRATION_TIMEOUT_MS,
): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  try {
    const register = async () => {
      const { Workbox } = await import('workbox-window');
      const wb = new Workbox('/sw.js', { scope: '/' });
      wb.addEventListener('waiting', () => offerUpdate(() => wb.messageSkipWaiting()));
      wb.addEventListener('controlling', (event) => {
        if (event.isUpdate) window.location.reload();
      });
      return wb.register();
    };
    const registration = await Promise.race([register(), timeout]);
    return registration ?? null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** The update prompt: it stays until the player answers, one at a time. */
export function offerUpdate(activate: () => void): void {
  void loadToast().then((toast) =>
    toast(
      (t) =>
        createElement(
          'span',
          { className: 'update-toast' },
          tCommon('updateAvailable'),
          createElement(
            'button',
            {
              type: 'button',
              className: 'toast-action',
              onClick: () => {
                toast.dismiss(t.id);
                activate();
              },
            },
            tCommon('reload'),
          ),
        ),
      { id: 'app-update', duration: Number.POSITIVE_INFINITY },
    ),
  );
}
