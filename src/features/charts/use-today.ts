import { useEffect, useMemo, useState } from 'react';
import type { Conditional } from '../../api/get';
import { marketDayOf } from '../../domain/market-time';
import { useMarketTz } from '../../lib/market-tz';
import { useNetwork } from '../../lib/network';
import { keptRead, readKey, savedRead, saveRead } from '../../lib/saved-reads';
import type { CacheData } from '../../store/cache-slice';
import type { Loadable } from '../../store/loadable';
import { useAppStore } from '../../store/store';

export type ChartRead<T> = {
  data: T | null;
  loading: boolean;
  error: string | null;
  /** The fresh read failed and an older copy is on screen. */
  offline: boolean;
  /** When the copy on screen came from the server. */
  fetchedAt: number | null;
};

type ReadState<T> = { data: T | null; fetchedAt: number | null; loading: boolean; error: string | null };

function keptCopy<T>(key: string | null): ReadState<T> {
  const copy = key ? keptRead<T>(readKey('public', key)) : undefined;
  return { data: copy?.data ?? null, fetchedAt: copy?.fetchedAt ?? null, loading: key !== null, error: null };
}

/**
 * Reads chart `key` (one market, or the starline or galidisawar board; not its date range) when it
 * changes; `key` null means "not yet known" (the game is still loading). The copy kept from an
 * earlier read, in this launch or a past one (lib/saved-reads.ts), shows at once; the server's
 * answer replaces it, and a failure keeps it on screen. Next day offline, the chart still shows.
 */
export function useChartRead<T>(key: string | null, fetcher: () => Promise<T>): ChartRead<T> {
  const [state, setState] = useState<ReadState<T>>(() => keptCopy<T>(key));
  const revision = useNetwork((s) => s.revision);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names the chart; the fetcher's range follows today
  useEffect(() => {
    if (key === null) return;
    const saveKey = readKey('public', key);
    let live = true;
    let answered = false;
    setState(keptCopy<T>(key));
    void savedRead<T>(saveKey).then((copy) => {
      if (!copy || !live || answered) return;
      setState((s) => (s.data === null ? { ...s, data: copy.data, fetchedAt: copy.fetchedAt } : s));
    });
    fetcher().then(
      (data) => {
        answered = true;
        const copy = saveRead(saveKey, data);
        if (live) setState({ data, fetchedAt: copy.fetchedAt, loading: false, error: null });
      },
      (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        if (live) setState((s) => ({ ...s, loading: false, error: message }));
      },
    );
    return () => {
      live = false;
    };
  }, [key, revision]);
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
  // Read again when the connection comes back (lib/network.ts).
  const revision = useNetwork((s) => s.revision);
  // biome-ignore lint/correctness/useExhaustiveDependencies: fetchers are module functions, stable by nature
  useEffect(() => {
    void loadConditional(key, fetcher);
  }, [key, loadConditional, revision]);
  return { ...loadable, offline: loadable.error !== null && loadable.data !== null };
}

/** Today's market day, read when the screen opens (and again if the server's zone arrives after). */
export function useToday(): string {
  const tz = useMarketTz();
  return useMemo(() => marketDayOf(new Date(), tz), [tz]);
}
