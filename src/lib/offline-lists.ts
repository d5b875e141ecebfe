import { fetchGalidisawarGames, fetchStarlineGames } from '../api/games';
import { useAppStore } from '../store/store';

/**
 * Reads the Starline and Gali Disawar market lists once in the background when the store has no
 * copy of them, so the screens behind home's two buttons open offline with their last list (under
 * the "Offline - last updated" line) though the player never opened them online. A list already
 * kept is left to its screen, which reads it again on open; a failed read (kept as the list's
 * error, never thrown) is tried on the next launch.
 */
export async function keepFamilyListsForOffline(): Promise<void> {
  const store = useAppStore.getState();
  await Promise.all([
    store.cache.starlineGames.data === null
      ? store.loadConditional('starlineGames', fetchStarlineGames)
      : null,
    store.cache.galidisawarGames.data === null
      ? store.loadConditional('galidisawarGames', fetchGalidisawarGames)
      : null,
  ]);
}
