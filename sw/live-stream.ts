/// <reference lib="WebWorker" />

/** The live results stream (GET /api/v1/events): never cached, never answered by the worker. */
export const LIVE_STREAM_PATH = /^\/api\/v1\/events$/;

/**
 * Whether a fetch is the live stream: the worker then steps aside altogether (no later listener,
 * Workbox's router included, sees it), so the browser streams it from the network as if there were
 * no worker. A cached or buffered copy would hold back every result until the stream ended.
 */
export function isLiveStream(request: Pick<Request, 'method' | 'url'>): boolean {
  return request.method === 'GET' && LIVE_STREAM_PATH.test(new URL(request.url).pathname);
}

/** Registered before every other fetch listener (sw.ts). */
export function registerLiveStreamPassThrough(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener('fetch', (event) => {
    if (isLiveStream(event.request)) event.stopImmediatePropagation();
  });
}
