import type { AnyGame } from '../contracts/games';
import type { Declared, GameTimes } from '../domain/windows';
import type { CurrentGame } from '../store/current-game';
import { gameTimesOf } from './game-selection';

/**
 * The windows' view of the selected market, for the game-type menu and the bid screens alike. With
 * the game as the server lists it, the weekday schedule and status switches apply; with only the
 * stored selection, the market was running when the player tapped it, and the server keeps the
 * final word on every bid.
 */
export function selectedTimes(selection: CurrentGame, listed?: AnyGame | null): GameTimes {
  if (listed && listed._id === selection.gameId) return gameTimesOf(listed);
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
export function declaredToday(listed?: AnyGame | null): Declared {
  if (!listed?.todayResult) return { open: false, close: false };
  switch (listed.family) {
    case 'main':
      return { open: Boolean(listed.todayResult.openPanna), close: Boolean(listed.todayResult.closePanna) };
    case 'starline': {
      const drawn = Boolean(listed.todayResult.panna);
      return { open: drawn, close: drawn };
    }
    case 'galidisawar': {
      const drawn = Boolean(listed.todayResult.jodiDigit);
      return { open: drawn, close: drawn };
    }
  }
}
