import { BET_TYPES } from '../../domain/bet-types';
import type { GameType, Session } from '../../domain/types';
import { checkBidWindow, type Declared, type GameTimes } from '../../domain/windows';

/**
 * The market types the 'Select Market Type' dropdown offers now (docs/product.md section 4): Open while
 * now is not after the open time, Close while not after the close time. Whole-day bets ride on Open,
 * and half sangam (both variants) closes at open time (docs/game-rules.md section 4); src/domain/windows
 * decides all of it. Empty for starline and galidisawar, which have no market type.
 */
export function sessionOptions(
  game: GameTimes,
  gameType: GameType,
  now: Date,
  tz: string,
  declared: Declared = { open: false, close: false },
): Session[] {
  if (game.family !== 'main') return [];
  const candidates: Session[] =
    BET_TYPES[gameType].sessionKind === 'session' || gameType === 'half-sangam'
      ? ['Open', 'Close']
      : ['Open'];
  return candidates.filter(
    (session) => checkBidWindow({ game, gameType, session, now, tz, declared }) === null,
  );
}
