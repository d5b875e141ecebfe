import { useEffect, useMemo, useState } from 'react';
import type { Conditional } from '../../api/get';
import { marketDayOf } from '../../domain/market-time';
import { useMarketTz } from '../../lib/market-tz';
import type { CacheData } from '../../store/cache-slice';
import type { Loadable } from '../../store/loadable';
import { useAppStore } from '../../store/store';

/**
 * Result reads kept for the life of the page, so going back to a chart shows it at once and a
 * failed refresh can fall back to the last copy. After a reload the service worker's network-first
 * cache answers these GETs offline, so this only has to cover the open tab.
 */
const saved = new Map<string, unknown>();

/** Forgets every kept result read (tests start from nothing). */
export function forgetChartReads(): void {
  saved.clear();
}

export type ChartRead<T> = {
  data: T | null;
  loading: boolean;
  error: string | null;
  /** The fresh read failed and an older copy is on screen. */
  offline: boolean;
};

/** Reads `key` once per key change; `key` null means "not yet known" (the game is still loading). */
export function useChartRead<T>(key: string | null, fetcher: () => Promise<T>): ChartRead<T> {
  const [state, setState] = useState<{ data: T | null; loading: boolean; error: string | null }>(() => ({
    data: key ? ((saved.get(key) as T | undefined) ?? null) : null,
    loading: key !== null,
    error: null,
  }));
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names everything the fetcher reads
  useEffect(() => {
    if (key === null) return;
    let live = true;
    setState({ data: (saved.get(key) as T | undefined) ?? null, loading: true, error: null });
    fetcher().then(
      (data) => {
        saved.set(key, data);
        if (live) setState({ data, loading: false, error: null });
      },
      (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        if (live) setState((s) => ({ ...s, loading: false, error: message }));
      },
    );
    return () => {
      live = false;
    };
  }, [key]);
  return { ...state, offline: state.error !== null && state.data !== null };
}

type GameKey = 'mainGames' | 'starlineGames' | 'galidisawarGames';

/** A games list through the store: the saved copy shows at once, a 304 keeps it. */
export function useGames<K extends GameKey>(
  key: K,
  fetcher: (etag: string | null) => Promise<Conditional<CacheData[K]>>,
): Loadable<CacheData[K]> & { offline: boolean } {
  const loadConditional = useAppStore((s) => s.loadConditional);
  const loadable = useAppStore((s) => s.cache[key]) as Loadable<CacheData[K]>;
  // biome-ignore lint/correctness/useExhaustiveDependencies: fetchers are module functions, stable by nature
  useEffect(() => {
    void loadConditional(key, fetcher);
  }, [key, loadConditional]);
  return { ...loadable, offline: loadable.error !== null && loadable.data !== null };
}

/** Today's market day, read when the screen opens (and again if the server's zone arrives after). */
export function useToday(): string {
  const tz = useMarketTz();
  return useMemo(() => marketDayOf(new Date(), tz), [tz]);
}
