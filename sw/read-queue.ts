import { Queue } from 'workbox-background-sync';
import type { WorkboxPlugin } from 'workbox-core/types';

/**
 * Reads that failed offline (results, charts, rates, notices) are queued and fetched again when
 * the connection returns, so the cache is fresh the next time the player opens the screen.
 * Only GETs: a money call must never be replayed behind the player's back.
 * One entry per URL: a player tapping the same chart ten times offline queues it once. The check
 * reads the queue itself (IndexedDB), not worker memory, because the browser stops and restarts
 * the worker between the failure and the sync.
 * The queued copy carries no credentials: these reads are public, and a bearer token must never
 * sit in the queue's IndexedDB store (it would outlive a logout there).
 */
export function readRefreshQueue(cacheName: string): WorkboxPlugin {
  const queue = new Queue(`read-refresh-${cacheName}`, {
    maxRetentionTime: 24 * 60,
    onSync: async ({ queue: q }) => {
      const cache = await caches.open(cacheName);
      for (let entry = await q.shiftRequest(); entry; entry = await q.shiftRequest()) {
        try {
          const response = await fetch(entry.request.clone());
          if (response.ok) {
            await cache.put(entry.request, response);
            await tellWindows(entry.request.url);
          }
        } catch (error) {
          await q.unshiftRequest(entry);
          throw error;
        }
      }
    },
  });

  const enqueue = async (failed: Request) => {
    const request = withoutCredentials(failed);
    const waiting = await queue.getAll();
    if (waiting.some((entry) => entry.request.url === request.url)) {
      // Already queued; the browser forgets a sync after its last retry, so ask for one again.
      await queue.registerSync();
      return;
    }
    await queue.pushRequest({ request });
  };
  // Failures arrive together (a screen reading twice); one at a time keeps the check honest.
  let last: Promise<void> = Promise.resolve();

  return {
    fetchDidFail: async ({ request }) => {
      if (request.method !== 'GET') return;
      last = last.then(
        () => enqueue(request),
        () => enqueue(request),
      );
      await last;
    },
  };
}

/** Open screens read again what was just refreshed (src/lib/sw-messages.ts). */
async function tellWindows(url: string): Promise<void> {
  try {
    const sw = self as unknown as ServiceWorkerGlobalScope;
    const windows = await sw.clients.matchAll({ type: 'window' });
    for (const w of windows) w.postMessage({ type: 'READ_REFRESHED', url });
  } catch {
    // The cache is fresh either way; the screen reads it next time it opens.
  }
}

/** The same GET with only its Accept header: no Authorization, no cookies. */
export function withoutCredentials(request: Request): Request {
  const headers = new Headers();
  const accept = request.headers.get('accept');
  if (accept) headers.set('accept', accept);
  return new Request(request.url, { method: 'GET', headers, credentials: 'omit' });
}
