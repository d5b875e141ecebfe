import { marketDayOf } from '../domain/market-time';
import { consoleConfig } from './config';
import type { Family } from './types';

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

/**
 * Today in the market zone (the server's MARKET_TZ), as YYYY-MM-DD. The shell has read the zone
 * before any screen shows (config.ts): a screen's own read of it answered later, so until then
 * its "today" was the default zone's, and a range picked meanwhile ("Today") kept the wrong day.
 */
export function useMarketToday(): string {
  return marketDayOf(new Date(), consoleConfig().marketTz);
}
