import { useEffect } from 'react';
import type { CacheData, CacheKey } from '../store/cache-slice';
import type { Loadable } from '../store/loadable';
import { useAppStore } from '../store/store';
import { useNetwork } from './network';

/**
 * Loads one cached read when the screen opens and answers its loadable: the saved copy shows at
 * once (offline too) while the fresh one loads.
 */
export function useLoad<K extends CacheKey>(
  key: K,
  fetcher: () => Promise<CacheData[K]>,
): Loadable<CacheData[K]> {
  const load = useAppStore((s) => s.load);
  const loadable = useAppStore((s) => s.cache[key]) as Loadable<CacheData[K]>;
  // Read again when the connection comes back or the worker refreshed a read (lib/network.ts).
  const revision = useNetwork((s) => s.revision);
  // biome-ignore lint/correctness/useExhaustiveDependencies: fetchers are module functions, stable by nature
  useEffect(() => {
    void load(key, fetcher);
  }, [key, load, revision]);
  return loadable;
}
