import type { RatesEntry } from '../../api/types';
import type { GameType } from '../../domain/types';
import { gameTypeName, tGames } from '../../i18n/en/games';
import { tPages as t } from '../../i18n/en/pages';

export type RateFamily = 'main' | 'starline' | 'galidisawar';

/** Rate keys in display order, each with its game type (whose name the catalogue has). */
const LABELS: Record<string, GameType> = {
  singleDigit: 'single-digit',
  jodiDigit: 'jodi-digit',
  singlePanna: 'single-panna',
  doublePanna: 'double-panna',
  triplePanna: 'triple-panna',
  halfSangam: 'half-sangam',
  fullSangam: 'full-sangam',
  leftDigit: 'left-digit',
  rightDigit: 'right-digit',
};

/** A section's title in the chosen language ('Main Game Rates'). */
export function sectionTitle(family: RateFamily): string {
  return t(family === 'main' ? 'mainRates' : family === 'starline' ? 'starlineRates' : 'galidisawarRates');
}

/**
 * The rows of one family's first rate entry as 'point KA amount', in the display order, skipping
 * keys the entry does not have.
 * @example rateRows({singleDigitPoint: 10, singleDigitAmount: 95}) // [{label: 'Single Digit', text: '10 KA 95'}]
 */
export function rateRows(entry: Partial<RatesEntry> | undefined): Array<{ label: string; text: string }> {
  if (!entry) return [];
  const e = entry as Record<string, unknown>;
  return Object.entries(LABELS).flatMap(([key, gameType]) => {
    const label = gameTypeName(gameType);
    const point = e[`${key}Point`];
    const amount = e[`${key}Amount`];
    return typeof point === 'number' && typeof amount === 'number'
      ? [{ label, text: tGames('ka', { point, amount }) }]
      : [];
  });
}

/** Which sections a /game-rate/{game} value shows: all (or none given) shows the three. */
export function familiesFor(game: string | null): RateFamily[] {
  if (game === 'main' || game === 'starline' || game === 'galidisawar') return [game];
  return ['main', 'starline', 'galidisawar'];
}
