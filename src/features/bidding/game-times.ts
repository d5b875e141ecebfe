import type { AnyGame } from '../../contracts/games';
import type { Family } from '../../domain/types';
import type { Declared, GameTimes } from '../../domain/windows';

/** What the current game selection keeps (product.md section 3 "Current game selection"). */
export type SelectedGame = {
  gameId: string;
  gameName: string;
  openTime: string;
  closeTime?: string | null;
  gamePurpose: Family;
};

/**
 * The bidding windows' view of a game. With the game as the server listed it, the weekday schedule
 * and status switches apply; with only the stored selection, the market was running when the player
 * tapped it, and the server keeps the final word on every bid.
 */
export function gameTimesOf(selection: SelectedGame, game?: AnyGame | null): GameTimes {
  if (game && game._id === selection.gameId) {
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
  return {
    family: selection.gamePurpose,
    gameName: selection.gameName,
    openTime: selection.openTime,
    closeTime: selection.closeTime ?? null,
    isActive: true,
    currentMarketStatus: true,
  };
}

/** Which of today's results are declared: a declared session takes no more bids. */
export function declaredOf(game?: AnyGame | null): Declared {
  const r = game?.todayResult;
  if (!game || !r) return { open: false, close: false };
  if (game.family === 'main') {
    const main = r as Extract<AnyGame, { family: 'main' }>['todayResult'];
    return { open: Boolean(main?.openPanna), close: Boolean(main?.closePanna) };
  }
  const drawn =
    game.family === 'starline'
      ? Boolean((r as Extract<AnyGame, { family: 'starline' }>['todayResult'])?.panna)
      : Boolean((r as Extract<AnyGame, { family: 'galidisawar' }>['todayResult'])?.jodiDigit);
  return { open: drawn, close: drawn };
}
