import type { WorkboxPlugin } from 'workbox-core/types';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { readRefreshQueue } from './read-queue';

/** Charts and results: the latest when the network answers within 4 s, else the last copy. */
export const RESULT_PATHS = [/\/api\/v1\/admin\/all-(starline-|gali-)?result/];
/**
 * Rates, notices and other slow-changing reads: the network's answer when there is one (the app's
 * store already shows its saved copy at once, so the screen never waits on this), else the cache.
 * Stale-while-revalidate would hand the screen yesterday's rate and keep the fresh one to itself.
 */
export const STATIC_READ_PATHS = [
  /\/api\/v1\/admin\/(game-point|starline-game-rate|galidisawar-rate)$/,
  /\/api\/v1\/notices$/,
  /\/api\/v1\/videos$/,
  /\/api\/v1\/admin\/(contact|app-link)$/,
];

/** True when a GET on this path should be served by the given list of patterns. */
export function matchesAny(pathname: string, patterns: RegExp[]): boolean {
  return patterns.some((p) => p.test(pathname));
}

/**
 * Marks an answer taken from the cache because the network failed, so the page knows it is offline
 * (src/lib/network.ts) even though its request succeeded.
 */
export const markFromCache: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return cachedResponse;
    const headers = new Headers(cachedResponse.headers);
    headers.set('X-From-Cache', '1');
    return new Response(await cachedResponse.blob(), {
      status: cachedResponse.status,
      statusText: cachedResponse.statusText,
      headers,
    });
  },
};

export function registerRuntimeCache(): void {
  registerRoute(
    ({ url, request }) => request.method === 'GET' && matchesAny(url.pathname, RESULT_PATHS),
    new NetworkFirst({
      cacheName: 'results',
      networkTimeoutSeconds: 4,
      plugins: [
        markFromCache,
        new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 7 * 24 * 3600 }),
        readRefreshQueue('results'),
      ],
    }),
  );
  registerRoute(
    ({ url, request }) => request.method === 'GET' && matchesAny(url.pathname, STATIC_READ_PATHS),
    new NetworkFirst({
      cacheName: 'reads',
      networkTimeoutSeconds: 4,
      plugins: [
        markFromCache,
        new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 30 * 24 * 3600 }),
        readRefreshQueue('reads'),
      ],
    }),
  );
}
