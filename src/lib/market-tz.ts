import { fetchServerConfig } from '../api/settings';
import { DEFAULT_MARKET_TZ } from '../domain/market-zone';
import type { AppState } from '../store/app-state';
import { waitForHydration } from '../store/hydration';
import { useAppStore } from '../store/store';

/**
 * The market time zone every window, market day and history date is read in: the server's
 * MARKET_TZ as GET /config last answered it (kept in the saved store, so offline too), else the
 * default until the server has been asked once.
 */
export function marketTzOf(state: Pick<AppState, 'cache'>): string {
  return state.cache.serverConfig.data?.marketTz ?? DEFAULT_MARKET_TZ;
}

/** The market time zone for a screen; the screen renders again when the server's answer lands. */
export function useMarketTz(): string {
  return useAppStore(marketTzOf);
}

/**
 * Asks the server for its configuration once the saved store is read (a load that lands before
 * would be replaced by the saved copy). A failure keeps the saved zone.
 */
export async function loadServerConfig(): Promise<string> {
  await waitForHydration();
  await useAppStore.getState().load('serverConfig', fetchServerConfig);
  return marketTzOf(useAppStore.getState());
}
