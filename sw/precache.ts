import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import type { PrecacheEntry } from 'workbox-precaching/_types';
import { NavigationRoute, registerRoute } from 'workbox-routing';

/**
 * Paths the navigation fallback must never answer: the API, the payment host and the operator
 * console (its own page, not the player's app).
 */
const NAVIGATION_DENYLIST = [/^\/api\//, /^\/admin(\/|$)/];

/**
 * Precaches the built app and answers every navigation with index.html, so a deep link such as
 * /game-chart/kalyan opens offline. /api/ navigations (the payment checkout page) go to the network.
 */
export function registerPrecache(entries: Array<PrecacheEntry | string>): void {
  precacheAndRoute(entries);
  cleanupOutdatedCaches();
  registerRoute(
    new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NAVIGATION_DENYLIST }),
  );
}
