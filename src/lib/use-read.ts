import { useEffect, useMemo, useRef, useState } from 'react';
import { isNetworkFailure } from '../api/errors';
import type { Conditional } from '../api/get';
import type { CacheData, CacheKey } from '../store/cache-slice';
import { emptyLoadable, type Loadable } from '../store/loadable';
import { useAppStore } from '../store/store';
import { useNetwork } from './network';
import { keptRead, savedRead, saveRead } from './saved-reads';
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
 * Read when the screen opens and when the connection comes back, or with `poll` every 5 s (or
 * `poll` ms) while the page is visible, backing off while offline.
 */
export type ConditionalRead<K extends CacheKey> = {
  store: K;
  ifNoneMatch: (etag: string | null) => Promise<Conditional<CacheData[K]>>;
  poll?: boolean | number;
  /** False: nothing is read (yet). */
  enabled?: boolean;
};

/** A read kept in saved-reads (lib/saved-reads.ts) under `saved`, one key per chart or page. */
export type SavedRead<T> = {
  /** The read's key (readKey); null while not yet known (nothing is read). */
  saved: string | null;
  fetch: () => Promise<T>;
  /**
   * 'at-once': the saved copy shows while the fresh one loads and stays when it fails (charts).
   * 'offline': the last answer stays while the next loads; the saved copy shows only when the
   * network fails (a player's pages). 'none': the same, nothing saved (a list not kept).
   */
  copy: 'at-once' | 'offline' | 'none';
  /**
   * Told as the read goes (a screen that keeps the answer in its own reducer, or toasts failures):
   * before the request, with the answer or the saved copy, with a failure no copy covered.
   */
  on?: { pending?: () => void; done?: (data: T) => void; failed?: (error: unknown) => void };
};

/** Never shown: one of the halves always answers. */
const NOTHING: Read<unknown> = { ...emptyLoadable(), offline: false };

export type ReadSpec<T> = StoreRead<CacheKey> | ConditionalRead<CacheKey> | SavedRead<T>;

/**
 * The one way a screen reads the server. Where the copy lives and for how long is the README's
 * "Reads: what is kept where"; every read is read again when the connection comes back or the
 * worker refreshed it (lib/network.ts), polled ones back off while offline (lib/use-polling.ts).
 * @example const games = useRead({ store: 'mainGames', ifNoneMatch: fetchMainGames, poll: true }) // 5 s
 * @example const chart = useRead({ saved: readKey('public', 'starline'), fetch, copy: 'at-once' })
 */
export function useRead<K extends CacheKey>(spec: StoreRead<K> | ConditionalRead<K>): Read<CacheData[K]>;
export function useRead<T>(spec: SavedRead<T>): Read<T>;
export function useRead<T>(spec: ReadSpec<T>): Read<unknown> {
  // Both halves always run (hooks keep their order); the one not asked for does nothing.
  const fromStore = useStoreRead('store' in spec ? spec : null);
  const fromSaved = useSavedRead('saved' in spec ? spec : null);
  return fromStore ?? fromSaved ?? NOTHING;
}

function useStoreRead(spec: StoreRead<CacheKey> | ConditionalRead<CacheKey> | null): Read<unknown> | null {
  const key = spec?.store ?? null;
  const conditional = spec !== null && 'ifNoneMatch' in spec;
  const poll = conditional ? (spec.poll ?? false) : false;
  const enabled = spec !== null && spec.enabled !== false;
  const loadable = useAppStore((s) => (key ? s.cache[key] : null)) as Loadable<unknown> | null;
  const revision = useNetwork((s) => s.revision);
  const current = useRef(spec);
  current.current = spec;
  const run = async () => {
    const s = current.current;
    if (!s) return;
    const store = useAppStore.getState();
    if ('fetch' in s) await store.load(s.store, s.fetch as () => Promise<never>);
    else await store.loadConditional(s.store, s.ifNoneMatch as never);
  };

  // Read on open and when the connection comes back; a polled read does both in usePolling.
  // biome-ignore lint/correctness/useExhaustiveDependencies: fetchers are module functions, stable by nature
  useEffect(() => {
    if (enabled && poll === false) void run();
  }, [key, enabled, poll, revision]);
  usePolling(run, typeof poll === 'number' ? poll : undefined, enabled && poll !== false);

  // The same object while the store's copy is unchanged: a memoised list does not re-render.
  return useMemo(
    () => (loadable ? { ...loadable, offline: loadable.error !== null && loadable.data !== null } : null),
    [loadable],
  );
}

type SavedState<T> = Loadable<T> & { fromCopy: boolean };

function keptCopy<T>(key: string | null): SavedState<T> {
  const copy = key ? keptRead<T>(key) : undefined;
  return {
    ...emptyLoadable<T>(),
    data: copy?.data ?? null,
    fetchedAt: copy?.fetchedAt ?? null,
    loading: key !== null,
    fromCopy: false,
  };
}

function failure(error: unknown): { status: false; message: string } {
  return { status: false, message: error instanceof Error ? error.message : String(error) };
}

function useSavedRead<T>(spec: SavedRead<T> | null): Read<unknown> | null {
  const key = spec?.saved ?? null;
  const copy = spec?.copy ?? 'none';
  const [state, setState] = useState<SavedState<T>>(() =>
    copy === 'at-once' ? keptCopy<T>(key) : { ...emptyLoadable<T>(), loading: key !== null, fromCopy: false },
  );
  const revision = useNetwork((s) => s.revision);
  const current = useRef(spec);
  current.current = spec;

  // Read again for a new key, and when the connection comes back (`revision`, lib/network.ts).
  // biome-ignore lint/correctness/useExhaustiveDependencies: revision is the signal to read again
  useEffect(() => {
    const s = current.current;
    if (!s || key === null) return;
    let live = true;
    let answered = false;
    if (copy === 'at-once') {
      setState(keptCopy<T>(key));
      void savedRead<T>(key).then((saved) => {
        if (!saved || !live || answered) return;
        setState((now) =>
          now.data === null ? { ...now, data: saved.data, fetchedAt: saved.fetchedAt } : now,
        );
      });
    } else {
      // The list shown stays until the next page arrives.
      setState((now) => ({ ...now, loading: true, error: null }));
    }
    s.on?.pending?.();
    s.fetch().then(
      (data) => {
        answered = true;
        const fetchedAt = copy === 'none' ? Date.now() : saveRead(key, data).fetchedAt;
        if (!live) return;
        setState({ ...emptyLoadable<T>(), data, fetchedAt, fromCopy: false });
        current.current?.on?.done?.(data);
      },
      async (error: unknown) => {
        const saved = copy === 'offline' && isNetworkFailure(error) ? await savedRead<T>(key) : undefined;
        if (!live) return;
        if (saved) {
          setState({ ...emptyLoadable<T>(), data: saved.data, fetchedAt: saved.fetchedAt, fromCopy: true });
          current.current?.on?.done?.(saved.data);
          return;
        }
        setState((now) => ({ ...now, loading: false, error: failure(error) }));
        current.current?.on?.failed?.(error);
      },
    );
    return () => {
      live = false;
    };
  }, [key, copy, revision]);

  const active = spec !== null;
  return useMemo(() => {
    if (!active) return null;
    const { fromCopy, ...loadable } = state;
    const offline = copy === 'at-once' ? state.error !== null && state.data !== null : fromCopy;
    return { ...loadable, offline };
  }, [active, state, copy]);
}
