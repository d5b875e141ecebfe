import type { WorkboxPlugin } from 'workbox-core/types';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst, type Strategy } from 'workbox-strategies';
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

/**
 * Reads that need no sign-in and no parameters, saved at the worker's install so the screens that
 * show them open offline though the player never opened them online: the three families' rates
 * and the notices (the design card's "caches ... rates and notices").
 */
export const WARM_READS = [
  '/api/v1/admin/game-point',
  '/api/v1/admin/starline-game-rate',
  '/api/v1/admin/galidisawar-rate',
  '/api/v1/notices',
];

/**
 * Fetches each warm read through the same strategy a screen's read goes through (so it lands where
 * the screen looks, with its expiry). A read that fails leaves the install alone: the cache is a
 * convenience, and the strategy's refresh queue fetches it again when the network is back.
 */
export async function warmReads(reads: Strategy, event: ExtendableEvent): Promise<void> {
  await Promise.all(
    WARM_READS.map(async (path) => {
      const [response, done] = reads.handleAll({ request: new Request(path), event });
      await Promise.all([response, done]).catch(() => undefined);
    }),
  );
}

export function registerRuntimeCache(scope: ServiceWorkerGlobalScope): void {
  const reads = new NetworkFirst({
    cacheName: 'reads',
    networkTimeoutSeconds: 4,
    plugins: [
      markFromCache,
      new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 30 * 24 * 3600 }),
      readRefreshQueue('reads'),
    ],
  });
  scope.addEventListener('install', (event) => event.waitUntil(warmReads(reads, event)));
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
    reads,
  );
}
