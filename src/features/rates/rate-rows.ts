import type { RatesEntry } from '../../api/types';

export type RateFamily = 'main' | 'starline' | 'galidisawar';

const LABELS: Record<string, string> = {
  singleDigit: 'Single Digit',
  jodiDigit: 'Jodi Digit',
  singlePanna: 'Single Panna',
  doublePanna: 'Double Panna',
  triplePanna: 'Triple Panna',
  halfSangam: 'Half Sangam',
  fullSangam: 'Full Sangam',
  leftDigit: 'Left Digit',
  rightDigit: 'Right Digit',
};

export const SECTION_TITLES: Record<RateFamily, string> = {
  main: 'Main Game Rates',
  starline: 'Starline Game Rates',
  galidisawar: 'Gali Disawar Game Rates',
};

/**
 * The rows of one family's first rate entry as 'point KA amount', in the display order, skipping
 * keys the entry does not have.
 * @example rateRows({singleDigitPoint: 10, singleDigitAmount: 95}) // [{label: 'Single Digit', text: '10 KA 95'}]
 */
export function rateRows(entry: Partial<RatesEntry> | undefined): Array<{ label: string; text: string }> {
  if (!entry) return [];
  const e = entry as Record<string, unknown>;
  return Object.entries(LABELS).flatMap(([key, label]) => {
    const point = e[`${key}Point`];
    const amount = e[`${key}Amount`];
    return typeof point === 'number' && typeof amount === 'number'
      ? [{ label, text: `${point} KA ${amount}` }]
      : [];
  });
}

/** Which sections a /game-rate/{game} value shows: all (or none given) shows the three. */
export function familiesFor(game: string | null): RateFamily[] {
  if (game === 'main' || game === 'starline' || game === 'galidisawar') return [game];
  return ['main', 'starline', 'galidisawar'];
}
