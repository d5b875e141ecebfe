import type { Family } from '../../contracts/common';
import { BET_TYPES } from '../../domain/bet-types';
import { zonedInstant } from '../../domain/market-time';
import type { GameType } from '../../domain/types';
import { tGames } from '../../i18n/en/games';
import { formatDay } from '../../lib/dates';

/**
 * Open or Close in the chosen language; 'Whole day' for a main whole-day bet (jodi, sangam...: sent
 * as Open, it has no session of its own; issue 39); '-' when a bid has no session.
 */
export function sessionWord(session: string | null | undefined, gameType?: string): string {
  const whole =
    gameType !== undefined &&
    gameType !== 'half-sangam' &&
    Object.hasOwn(BET_TYPES, gameType) &&
    BET_TYPES[gameType as GameType].sessionKind === 'whole-day';
  if (whole && session) return tGames('wholeDay');
  return session === 'Open' ? tGames('open') : session === 'Close' ? tGames('close') : (session ?? '-');
}

/**
 * The rate a bid keeps, in the words the rate screens use: '10 KA 95' ('10 का 95', '10 ला 95').
 * @example rateWords({point: 10, amount: 95}) // '10 KA 95'
 */
export function rateWords(rate: { point: number; amount: number }): string {
  return tGames('ka', { point: rate.point, amount: rate.amount });
}

/** Pure helpers of the bid and winner histories; none reads a clock. */

export const FAMILIES: readonly Family[] = ['main', 'starline', 'galidisawar'];

/**
 * The sub-view a route's `game` segment names; no segment or an unknown one shows main.
 * @example familyOf('starline') // 'starline'; familyOf(null) // 'main'
 */
export function familyOf(game: string | null): Family {
  const g = game?.toLowerCase() ?? '';
  return (FAMILIES as readonly string[]).includes(g) ? (g as Family) : 'main';
}

// The numbers and the bet type's title of a bid: lib/bid-numbers.ts (the win news says them too).
export { type BidNumbers, bidDigits, gameTypeTitle } from '../../lib/bid-numbers';

/**
 * A market day ('YYYY-MM-DD') in the short date style.
 * @example marketDayLabel('2026-11-22', 'Asia/Kolkata') // '22 NOV 2026'
 */
export function marketDayLabel(day: string, tz: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  return formatDay(zonedInstant(day, 12 * 60, tz), tz);
}

/**
 * A picked date kept within the picker's range: empty or later than today becomes today.
 * @example pickedDate('2030-01-01', '2026-11-22') // '2026-11-22'
 */
export function pickedDate(value: string, today: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && value <= today ? value : today;
}
