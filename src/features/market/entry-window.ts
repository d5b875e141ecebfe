import { BET_TYPES } from '../../domain/bet-types';
import type { GameType, Session } from '../../domain/types';
import { checkBidWindow, type Declared, type GameTimes } from '../../domain/windows';

/**
 * Null when at least one session can still take this bet type, otherwise the message that blocks
 * the menu entry. Session bets on a main market stay open while the Close session is; whole-day
 * bets (jodi, digit based jodi, red bracket, group jodi, both sangams) close at open time, and a
 * starline or galidisawar game has a single draw. The rules themselves live in src/domain/windows.
 */
export function entryBlockedMessage(
  game: GameTimes,
  gameType: GameType,
  now: Date,
  tz: string,
  declared: Declared = { open: false, close: false },
): string | null {
  const candidates: (Session | null)[] =
    game.family !== 'main'
      ? [null]
      : BET_TYPES[gameType].sessionKind === 'session'
        ? ['Open', 'Close']
        : ['Open'];
  let message: string | null = null;
  for (const session of candidates) {
    message = checkBidWindow({ game, gameType, session, now, tz, declared });
    if (message === null) return null;
  }
  return message;
}
