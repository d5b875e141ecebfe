import { Queue } from 'workbox-background-sync';
import type { WorkboxPlugin } from 'workbox-core/types';

/**
 * Reads that failed offline (results, charts, rates, notices) are queued and fetched again when
 * the connection returns, so the cache is fresh the next time the player opens the screen.
 * One entry per URL: a player tapping the same chart ten times offline queues it once.
 */
export function readRefreshQueue(cacheName: string): WorkboxPlugin {
  const queued = new Set<string>();
  const queue = new Queue(`read-refresh-${cacheName}`, {
    maxRetentionTime: 24 * 60,
    onSync: async ({ queue: q }) => {
      const cache = await caches.open(cacheName);
      for (let entry = await q.shiftRequest(); entry; entry = await q.shiftRequest()) {
        try {
          const response = await fetch(entry.request.clone());
          if (response.ok) await cache.put(entry.request, response);
          queued.delete(entry.request.url);
        } catch (error) {
          await q.unshiftRequest(entry);
          throw error;
        }
      }
    },
  });
  return {
    fetchDidFail: async ({ request }) => {
      if (request.method !== 'GET' || queued.has(request.url)) return;
      queued.add(request.url);
      await queue.pushRequest({ request });
    },
  };
}
