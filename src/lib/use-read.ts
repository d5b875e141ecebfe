import { useEffect, useMemo, useRef } from 'react';
import type { Conditional } from '../api/get';
import { useLanguage } from '../i18n/use-language';
import type { CacheData, CacheKey } from '../store/cache-slice';
import type { Loadable } from '../store/loadable';
import { useAppStore } from '../store/store';
import { LIVE_POLL_MS, useLive } from './live-status';
import { useNetwork } from './network';
import { usePolling } from './use-polling';

/**
 * One server read as a screen sees it: the copy on screen, when the server gave it, whether a
 * fresh one is loading, the failure, and `offline` when the copy shown is older than a failed read.
 */
export type Read<T> = Loadable<T> & { offline: boolean };

/** A read the persisted store keeps (memory, and IndexedDB `matka-store` for the next launch). */
export type StoreRead<K extends CacheKey> = {
  store: K;
  /** Read when the screen opens and again when the connection comes back. */
  fetch: () => Promise<CacheData[K]>;
  /** False: nothing is read (yet). */
  enabled?: boolean;
};

/**
 * A store read that sends the ETag of its copy (If-None-Match): a 304 changes nothing on screen.
 * Read when the screen opens and when the connection comes back, or with `poll` every 5 s while
 * the page is visible (every 30 s while the result stream is live), backing off while offline
 * (lib/use-polling.ts).
 */
export type ConditionalRead<K extends CacheKey> = {
  store: K;
  ifNoneMatch: (etag: string | null) => Promise<Conditional<CacheData[K]>>;
  poll?: boolean;
  /** False: nothing is read (yet). */
  enabled?: boolean;
};

/**
 * The one way a screen reads the server, in two halves so the first screen carries only its own:
 * useRead for what the persisted store keeps (markets, rates, settings: read on open, on
 * reconnection, or polled with If-None-Match), useKeptRead (lib/use-kept-read.ts) for what a
 * screen holds by key (a chart, a history or list page) with its saved copy. Where each copy lives
 * and for how long is docs/offline.md "Reads: what is kept where".
 * @example const games = useRead({ store: 'mainGames', ifNoneMatch: fetchMainGames, poll: true }) // 5 s
 */
export function useRead<K extends CacheKey>(spec: StoreRead<K> | ConditionalRead<K>): Read<CacheData[K]> {
  return useStoreRead(spec) as Read<CacheData[K]>;
}

function useStoreRead(spec: StoreRead<CacheKey> | ConditionalRead<CacheKey>): Read<unknown> {
  const key = spec.store;
  const conditional = 'ifNoneMatch' in spec;
  const poll = conditional && spec.poll === true;
  const enabled = spec.enabled !== false;
  const loadable = useAppStore((s) => s.cache[key]) as Loadable<unknown>;
  const revision = useNetwork((s) => s.revision);
  // Content the server answers in the player's language (notices, banners) is read again on a switch.
  const language = useLanguage();
  const current = useRef(spec);
  current.current = spec;
  const run = async () => {
    const s = current.current;
    const store = useAppStore.getState();
    if ('fetch' in s) await store.load(s.store, s.fetch as () => Promise<never>);
    else await store.loadConditional(s.store, s.ifNoneMatch as never);
  };

  // Read on open, when the connection comes back and when the language changes; a polled read
  // does the first two in usePolling.
  // biome-ignore lint/correctness/useExhaustiveDependencies: fetchers are module functions, stable by nature
  useEffect(() => {
    if (enabled && !poll) void run();
  }, [key, enabled, poll, revision, language]);
  // While the result stream is live (lib/live-results.ts) events update the lists at once; the
  // poll stays as the fallback, slower.
  const live = useLive((s) => s.status === 'live');
  usePolling(run, live ? LIVE_POLL_MS : undefined, enabled && poll);

  // The same object while the store's copy is unchanged (a 304 only moves fetchedAt, issue 18).
  return useMemo(
    () => ({ ...loadable, offline: loadable.error !== null && loadable.data !== null }),
    [loadable],
  );
}
