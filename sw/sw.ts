/// <reference lib="WebWorker" />
// The service worker, read top to bottom: take over quickly, precache the app shell, cache the
// reads a player wants on a flaky network (refetching failed ones when back online), serve push
// notifications.
import { clientsClaim } from 'workbox-core';
import { registerPrecache } from './precache';
import { registerPush } from './push';
import { registerRuntimeCache } from './runtime-cache';

declare const self: ServiceWorkerGlobalScope;

self.skipWaiting();
clientsClaim();

registerPrecache(self.__WB_MANIFEST);
registerRuntimeCache();
registerPush(self);
