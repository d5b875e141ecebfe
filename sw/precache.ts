import { cleanupOutdatedCaches, PrecacheController, PrecacheRoute } from 'workbox-precaching';
import type { PrecacheEntry } from 'workbox-precaching/_types';
import { NavigationRoute, registerRoute } from 'workbox-routing';

/**
 * Paths the navigation fallback must never answer: the API, the payment host and the operator
 * console (its own page, not the player's app).
 */
const NAVIGATION_DENYLIST = [/^\/api\//, /^\/admin(\/|$)/];

/**
 * How many precache downloads are in flight at once. Workbox's own install fetches one entry at a
 * time (GoogleChrome/workbox#2528: unbounded parallel fetches ran Chrome out of resources, #2880
 * asks for a limit): ~100 entries then cost ~100 round trips, 15-18 s on a slow 4G link before a
 * new player's app works offline. Three at a time leaves the page the rest of the browser's six
 * connections to a host, so a bid made meanwhile does not queue behind the precache.
 */
export const PRECACHE_CONCURRENCY = 3;

/**
 * Runs every task, at most `limit` at once, in the list's order; rejects with the first failure
 * (tasks already started run on, no new one starts), as Workbox's install rejects on its first
 * failed entry and the browser tries the install again later.
 */
export async function runBounded(tasks: ReadonlyArray<() => Promise<unknown>>, limit: number): Promise<void> {
  const queue = tasks.values();
  let failed = false;
  const lane = async (): Promise<void> => {
    for (let step = queue.next(); !failed && !step.done; step = queue.next()) {
      try {
        await step.value();
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, lane));
}

/**
 * Fetches and stores every entry not yet in the precache, through the controller's own strategy
 * (which keeps entries already cached, refuses a bad response and stores under the revisioned
 * key), as `PrecacheController.install` does, but several at a time.
 */
function installConcurrently(controller: PrecacheController, event: ExtendableEvent): Promise<void> {
  const tasks = [...controller.getURLsToCacheKeys()].map(([url, cacheKey]) => () => {
    const request = new Request(url, {
      integrity: controller.getIntegrityForCacheKey(cacheKey),
      // Workbox's rule: an entry with a revision (its key differs from its URL) bypasses the HTTP
      // cache; a hashed file (no revision) may come from it.
      cache: cacheKey === url ? 'default' : 'reload',
      credentials: 'same-origin',
    });
    return Promise.all(controller.strategy.handleAll({ params: { cacheKey }, request, event }));
  });
  return runBounded(tasks, PRECACHE_CONCURRENCY);
}

/**
 * Precaches the built app and answers every navigation with index.html, so a deep link such as
 * /game-chart/kalyan opens offline. /api/ navigations (the payment checkout page) go to the network.
 */
export function registerPrecache(
  scope: ServiceWorkerGlobalScope,
  entries: Array<PrecacheEntry | string>,
): void {
  const controller = new PrecacheController();
  controller.addToCacheList(entries);
  scope.addEventListener('install', (event) => event.waitUntil(installConcurrently(controller, event)));
  scope.addEventListener('activate', controller.activate);
  registerRoute(new PrecacheRoute(controller));
  cleanupOutdatedCaches();
  registerRoute(
    new NavigationRoute(controller.createHandlerBoundToURL('/index.html'), { denylist: NAVIGATION_DENYLIST }),
  );
}
