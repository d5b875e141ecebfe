import type { AnyGame } from '../../contracts/games';
import type { Declared, GameTimes } from '../../domain/windows';
import { gameTimesOf as listedTimes } from '../../lib/game-selection';
import type { CurrentGame } from '../../store/current-game';

/**
 * The bidding windows' view of the selected game. With the game as the server lists it, the
 * weekday schedule and status switches apply; with only the stored selection, the market was running
 * when the player tapped it, and the server keeps the final word on every bid.
 */
export function gameTimesOf(selection: CurrentGame, game?: AnyGame | null): GameTimes {
  if (game && game._id === selection.gameId) return listedTimes(game);
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
  if (!game?.todayResult) return { open: false, close: false };
  switch (game.family) {
    case 'main':
      return { open: Boolean(game.todayResult.openPanna), close: Boolean(game.todayResult.closePanna) };
    case 'starline': {
      const drawn = Boolean(game.todayResult.panna);
      return { open: drawn, close: drawn };
    }
    case 'galidisawar': {
      const drawn = Boolean(game.todayResult.jodiDigit);
      return { open: drawn, close: drawn };
    }
  }
}
