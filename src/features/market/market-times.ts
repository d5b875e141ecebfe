import type { AnyGame } from '../../contracts/games';
import type { Declared, GameTimes } from '../../domain/windows';
import { gameTimesOf } from '../../lib/game-selection';
import type { CurrentGame } from '../../store/current-game';

/**
 * The selected market as the windows see it: the listed game when the market list has it (its
 * schedule and switches apply), else the stored selection of a market that was running when tapped.
 */
export function selectedTimes(selection: CurrentGame, listed: AnyGame | null): GameTimes {
  if (listed) return gameTimesOf(listed);
  return {
    family: selection.gamePurpose,
    gameName: selection.gameName,
    openTime: selection.openTime,
    closeTime: selection.closeTime,
    isActive: true,
    currentMarketStatus: true,
  };
}

/** Whether today's open and close results are out (a one-draw game declares both at once). */
export function declaredToday(listed: AnyGame | null): Declared {
  if (!listed?.todayResult) return { open: false, close: false };
  if (listed.family === 'main') {
    return { open: Boolean(listed.todayResult.openPanna), close: Boolean(listed.todayResult.closePanna) };
  }
  const drawn = listed.family === 'starline' ? listed.todayResult.panna : listed.todayResult.jodiDigit;
  return { open: Boolean(drawn), close: Boolean(drawn) };
}
