import { Workbox } from 'workbox-window';

const SW_REGISTRATION_TIMEOUT_MS = 10_000;

/**
 * Registers the service worker (sw/sw.ts, built to /sw.js) with workbox-window. Registration gives
 * up after 10 s (product.md section 4) so a stuck worker never blocks anything else.
 */
let registered: Promise<ServiceWorkerRegistration | null> | null = null;

/** The one registration attempt of this page (push needs it); starts it on first call. */
export function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration | null> {
  registered ??= registerServiceWorker();
  return registered;
}

export async function registerServiceWorker(
  timeoutMs = SW_REGISTRATION_TIMEOUT_MS,
): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return null;
  const wb = new Workbox('/sw.js', { scope: '/' });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  try {
    const registration = await Promise.race([wb.register(), timeout]);
    return registration ?? null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}
