import { BET_TYPES } from '../../domain/bet-types';
import { dateTimeLabel } from '../../domain/format';
import type { GameType } from '../../domain/types';
import {
  currentMarketDay,
  type Declared,
  type GameTimes,
  isMarketOpenOn,
  sessionCloseAt,
} from '../../domain/windows';
import { tBidding as t } from '../../i18n/en/bidding';

/**
 * Why a game-type menu entry that takes no more bids is greyed out, in a few words under it (issue
 * 39: entries greyed out after the Open result with no reason): 'Result declared', 'Closed at
 * 10:15 AM' or 'Closed for today'. Whole-day bets and one-draw games stop with the open time or
 * the draw, main session bets with the close (src/domain/windows.ts decides the windows).
 */
export function blockReason(
  game: GameTimes,
  gameType: GameType,
  now: Date,
  tz: string,
  declared: Declared,
): string {
  const day = currentMarketDay(game, now, tz);
  if (!isMarketOpenOn(game, day)) return t('blockedToday');
  const wholeDay = BET_TYPES[gameType].sessionKind === 'whole-day';
  const resultOut = game.family === 'main' && !wholeDay ? declared.close : declared.open || declared.close;
  if (resultOut) return t('blockedResult');
  const session = game.family !== 'main' ? null : wholeDay ? 'Open' : 'Close';
  const [, time] = dateTimeLabel(sessionCloseAt(game, day, session, tz).toISOString(), tz);
  return t('blockedAt', { time });
}
