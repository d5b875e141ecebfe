import type { MoneyMode } from '../domain/responsible-play';
import type { AppState } from '../store/app-state';

/**
 * The server's MONEY_MODE as GET /config last answered it (`real` until the server says
 * otherwise). Apart from money-mode.tsx so the route guards read it without the layout's words.
 */
export function moneyModeOf(state: Pick<AppState, 'cache'>): MoneyMode {
  return state.cache.serverConfig.data?.moneyMode ?? 'real';
}
