/// <reference lib="WebWorker" />
// The service worker, read top to bottom: wait for the player before updating, leave the live
// results stream to the network, precache the app shell, cache the reads a player wants on a flaky
// network (refetching failed ones when back online), serve push notifications.
import { clientsClaim } from 'workbox-core';
import { registerLanguageCache } from './language-cache';
import { registerLiveStreamPassThrough } from './live-stream';
import { registerPrecache } from './precache';
import { registerPush } from './push';
import { registerRuntimeCache } from './runtime-cache';

declare const self: ServiceWorkerGlobalScope;

// A new version waits until the player chooses to reload (the page's "A new version is available"
// toast sends SKIP_WAITING): nothing is swapped under a player in the middle of a bid. The very
// first install has no one to wait for and takes over the open page at once.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();

registerLiveStreamPassThrough(self);
registerPrecache(self, self.__WB_MANIFEST);
registerRuntimeCache(self);
registerLanguageCache();
registerPush(self);
