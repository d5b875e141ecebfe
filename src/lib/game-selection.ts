import type { AnyGame } from '../contracts/games';
import { formatTime12 } from '../domain/format';
import { checkMarketTap } from '../domain/market-tap';
import { weekdayOf } from '../domain/market-time';
import { INVALID_GAME_DATA } from '../domain/messages';
import { currentMarketDay, type GameTimes, marketState } from '../domain/windows';
import type { CurrentGame } from '../store/current-game';

/** The windows' view of a listed game. */
export function gameTimesOf(game: AnyGame): GameTimes {
  return {
    family: game.family,
    gameName: game.gameName,
    openTime: game.openTime,
    closeTime: game.closeTime,
    isActive: game.isActive,
    currentMarketStatus: game.currentMarketStatus,
    marketStatus: game.marketStatus,
    schedule: game.schedule,
  };
}

/** 'running' or 'closed' now in the market zone `tz` (docs/product.md section 4 "Market state"). */
export function stateOf(game: AnyGame, now: Date, tz: string): 'running' | 'closed' {
  return marketState(gameTimesOf(game), now, tz);
}

/**
 * Home lists only active games scheduled for today's weekday; a game without a weekly schedule
 * (starline, galidisawar) runs every day.
 */
export function isListedToday(game: AnyGame, now: Date, tz: string): boolean {
  if (!game.isActive) return false;
  if (!game.schedule) return true;
  const day = currentMarketDay(gameTimesOf(game), now, tz);
  return Boolean(game.schedule[weekdayOf(day)]);
}

/** The current game selection stored when a running market is tapped (docs/product.md section 3). */
function selectionOf(game: AnyGame): CurrentGame {
  return {
    gameId: game._id,
    gameName: game.gameName,
    openTime: game.openTime,
    closeTime: game.closeTime ?? null,
    gamePurpose: game.family,
    formattedOpenTime: formatTime12(game.openTime),
    formattedCloseTime: game.closeTime ? formatTime12(game.closeTime) : null,
  };
}

/**
 * The market tap of docs/product.md section 5: an error message to toast, or the selection to store
 * before going to /market.
 */
export function tapMarket(
  game: AnyGame | null | undefined,
  globelBatting: boolean,
  now: Date,
  tz: string,
): { ok: true; selection: CurrentGame } | { ok: false; message: string } {
  const message = checkMarketTap({ game: game ? gameTimesOf(game) : null, now, tz, globelBatting });
  if (message !== null || !game) return { ok: false, message: message ?? INVALID_GAME_DATA };
  return { ok: true, selection: selectionOf(game) };
}
