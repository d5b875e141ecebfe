import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { readRefreshQueue } from './read-queue';

/** Charts and results: the latest when the network answers within 4 s, else the last copy. */
export const RESULT_PATHS = [/\/api\/v1\/admin\/all-(starline-|gali-)?result/];
/** Rates, notices and other slow-changing reads: shown at once from cache, refreshed behind. */
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

export function registerRuntimeCache(): void {
  registerRoute(
    ({ url, request }) => request.method === 'GET' && matchesAny(url.pathname, RESULT_PATHS),
    new NetworkFirst({
      cacheName: 'results',
      networkTimeoutSeconds: 4,
      plugins: [
        new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 7 * 24 * 3600 }),
        readRefreshQueue('results'),
      ],
    }),
  );
  registerRoute(
    ({ url, request }) => request.method === 'GET' && matchesAny(url.pathname, STATIC_READ_PATHS),
    new StaleWhileRevalidate({
      cacheName: 'reads',
      plugins: [
        new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 30 * 24 * 3600 }),
        readRefreshQueue('reads'),
      ],
    }),
  );
}
