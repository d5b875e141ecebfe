import { marketDayOf } from '../domain/market-time';
import { DEFAULT_MARKET_TZ } from '../domain/market-zone';
import { useRead } from './read';
import type { Family, ServerConfig } from './types';

// The markets as every console screen names them: the three families, where their games are
// read, and today's market day.

export type { Family };

/** What the screens read of a game, whichever family's list it came from. */
export type Game = {
  _id: string;
  gameName: string;
  openTime: string;
  closeTime?: string | null;
  isActive?: boolean;
};

export const GAME_PATHS: Record<Family, string> = {
  main: 'admin/main-games',
  starline: 'admin/starline-games',
  galidisawar: 'admin/galidisawar-games',
};

/** A player as the operator's lists name them. */
export type Person = { _id: string; name: string; phone: string };

/** Today in the market zone (the server's MARKET_TZ), as YYYY-MM-DD. */
export function useMarketToday(): string {
  const config = useRead<ServerConfig>('config');
  return marketDayOf(new Date(), config.data?.marketTz ?? DEFAULT_MARKET_TZ);
}
