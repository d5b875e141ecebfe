import { BET_TYPES } from '../domain/bet-types';
import type { GameType } from '../domain/types';
import { gameTypeName } from '../i18n/en/games';

// How a bid is named on screen: its numbers and its bet type's title (the histories, and the win
// news that says 'You won ₹950 on Milan Morning - Single Digit 4').

export type BidNumbers = {
  digit: string | null;
  openDigit: string | null;
  closeDigit: string | null;
  openPanna: string | null;
  closePanna: string | null;
};

/**
 * The number(s) a bid was placed on, open side first: a sangam shows both halves joined by '-'.
 * @example bidDigits({openPanna: '123', closePanna: '456', ...nulls}) // '123-456'
 * @example bidDigits({openDigit: '5', closePanna: '140', ...nulls}) // '5-140' (half sangam, Open)
 */
export function bidDigits(b: BidNumbers): string {
  const parts = [b.openPanna, b.openDigit, b.digit, b.closeDigit, b.closePanna].filter(
    (p): p is string => p !== null && p !== undefined && p !== '',
  );
  return parts.length > 0 ? parts.join('-') : '-';
}

/**
 * The bet type's title for a wire gameType; an unknown one is shown as sent.
 * @example gameTypeTitle('single-panna') // 'Single Panna'
 */
export function gameTypeTitle(gameType: string): string {
  return Object.hasOwn(BET_TYPES, gameType) ? gameTypeName(gameType as GameType) : gameType;
}
