import { BET_TYPES } from './bet-types';
import { DEFAULT_MARKET_TZ } from './market-time';
import { BID_AFTER_CLOSE, GLOBAL_BATTING_DISABLED, INVALID_GAME_DATA, marketClosedMessage } from './messages';
import type { GameType } from './types';
import {
  availableSessions,
  checkBidWindow,
  currentMarketDay,
  type Declared,
  type GameTimes,
  hasValidTimes,
  marketState,
} from './windows';

/**
 * The market tap checks of docs/product.md section 5, in its order: 'Invalid game data', then
 * 'Market is closed for {gameName}', then 'Global batting is currently disabled'. Null lets the
 * player through to /market.
 */
export function checkMarketTap(input: {
  game: GameTimes | null | undefined;
  now: Date;
  tz?: string;
  globelBatting: boolean;
}): string | null {
  const { game, now, globelBatting } = input;
  const tz = input.tz ?? DEFAULT_MARKET_TZ;
  if (!game || !hasValidTimes(game, currentMarketDay(game, now, tz))) return INVALID_GAME_DATA;
  if (marketState(game, now, tz) === 'closed') return marketClosedMessage(game.gameName);
  if (!globelBatting) return GLOBAL_BATTING_DISABLED;
  return null;
}

/**
 * Whether a game-type menu link is blocked now ('Bid not allowed after market close !'), else null.
 * Whole-day bets and one-draw games follow the bidding window; main session bets stay open while
 * either session is still available.
 */
export function menuLinkMessage(input: {
  game: GameTimes;
  gameType: GameType;
  now: Date;
  tz?: string;
  declared?: Declared;
}): string | null {
  const { game, gameType, now } = input;
  const tz = input.tz ?? DEFAULT_MARKET_TZ;
  const declared = input.declared ?? { open: false, close: false };
  if (game.family === 'main' && BET_TYPES[gameType].sessionKind === 'session') {
    return availableSessions(game, now, tz, declared).length > 0 ? null : BID_AFTER_CLOSE;
  }
  const session = game.family === 'main' ? 'Open' : null;
  return checkBidWindow({ game, gameType, session, now, tz, declared }) === null ? null : BID_AFTER_CLOSE;
}
