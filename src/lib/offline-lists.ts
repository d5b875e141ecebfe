import { fetchGalidisawarGames, fetchStarlineGames } from '../api/games';
import type { Conditional } from '../api/get';
import type { CacheData, CacheKey } from '../store/cache-slice';
import { useAppStore } from '../store/store';

/** The store's conditional read of `key`, when the store has no copy of it. */
function readIfMissing<K extends CacheKey>(
  key: K,
  ifNoneMatch: (etag: string | null) => Promise<Conditional<CacheData[K]>>,
): Promise<unknown> | null {
  const store = useAppStore.getState();
  return store.cache[key].data === null ? store.loadConditional(key, ifNoneMatch) : null;
}

/**
 * Reads the Starline and Gali Disawar market lists once in the background when the store has no
 * copy of them, so the screens behind home's two buttons open offline with their last list (under
 * the "Offline - last updated" line) though the player never opened them online. A list already
 * kept is left to its screen, which reads it again on open; a failed read (kept as the list's
 * error, never thrown) is tried on the next launch.
 */
export async function keepFamilyListsForOffline(): Promise<void> {
  await Promise.all([
    readIfMissing('starlineGames', fetchStarlineGames),
    readIfMissing('galidisawarGames', fetchGalidisawarGames),
  ]);
}
