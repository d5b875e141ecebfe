import { BET_TYPES } from '../domain/bet-types';
import { formatTime12 } from '../domain/format';
import type { GameType, Rates } from '../domain/types';
import { gameTypeName, tGames } from '../i18n/en/games';

export type TitleGame = { gameName: string; openTime: string; closeTime?: string | null };

/**
 * The rate shown in a bid title, 'points KA amount' from the family's rate table (docs/product.md
 * "Bid forms"). Sp Dp Tp keeps its fixed '0 KA 9'; bet types paid per panna class show the single
 * panna rate. Null while the rates are not loaded.
 * @example rateText('single-digit', {singleDigitPoint: 10, singleDigitAmount: 95}) // '10 KA 95'
 */
export function rateText(gameType: GameType, rates: Rates | null): string | null {
  const bet = BET_TYPES[gameType];
  if (bet.fixedRateTitle) {
    // '0 KA 9' in the chosen language ('0 का 9', '0 ला 9').
    const [point, amount] = bet.fixedRateTitle.split(' KA ');
    return point !== undefined && amount !== undefined ? tGames('ka', { point, amount }) : bet.fixedRateTitle;
  }
  if (!rates) return null;
  const key = bet.rateKey === 'by-class' ? 'singlePanna' : bet.rateKey;
  const point = rates[`${key}Point`];
  const amount = rates[`${key}Amount`];
  return point === undefined || amount === undefined ? null : tGames('ka', { point, amount });
}

/**
 * True when a market's name already says its time ('Starline 1:00 PM' for 13:00), with or without
 * the hour's leading zero, so the title does not say it twice.
 * @example nameHasTime('Starline 1:00 PM', '13:00') // true
 */
export function nameHasTime(name: string, hhmm: string): boolean {
  const full = formatTime12(hhmm);
  if (full === hhmm) return false;
  const short = full.replace(/^0/, '');
  const upper = name.toUpperCase();
  return upper.includes(full) || upper.includes(short);
}

/**
 * The game name with its open time and, only when a close time exists, a dash and the close time;
 * the open time is left out when the name already says it ('Starline 10:00 AM', issue 39).
 * @example gameLine({gameName: 'KALYAN', openTime: '16:10', closeTime: '18:10'}) // 'KALYAN 04:10 PM - 06:10 PM'
 * @example gameLine({gameName: 'Starline 10:00 AM', openTime: '10:00'}) // 'Starline 10:00 AM'
 */
export function gameLine(game: TitleGame): string {
  const open = nameHasTime(game.gameName, game.openTime)
    ? game.gameName
    : `${game.gameName} ${formatTime12(game.openTime)}`;
  return game.closeTime ? `${open} - ${formatTime12(game.closeTime)}` : open;
}

/** 'Single Digit (10 KA 95) - KALYAN 04:10 PM - 06:10 PM'; the Left/Right Digit heading has the same shape. */
export function bidTitle(gameType: GameType, rates: Rates | null, game: TitleGame): string {
  const rate = rateText(gameType, rates);
  const head = rate ? `${gameTypeName(gameType)} (${rate})` : gameTypeName(gameType);
  return `${head} - ${gameLine(game)}`;
}
