import { consoleConfig } from '../config';
import { money } from '../words';

// The Reports charts' words (bar-chart.tsx): figures on an axis in few characters with their
// unit, labels that fit a phone without being cut, and a bar's figures in a sentence.

/** Profit (the house won) green, loss (the house lost) red, as on every figure of the console. */
export const GREEN = '#15803d';
export const RED = '#b91c1c';
/** A figure that is neither (a stake). */
export const BRAND = '#1e294f';

/** A net figure's colour: green when the house won, red when it lost. */
export const netColor = (n: number) => (n < 0 ? RED : GREEN);

/** 1234567 -> '12.3L', 45000 -> '45K', 800 -> '800': a figure in few characters (Indian units). */
function compact(abs: number): string {
  if (abs >= 1e7) return `${+(abs / 1e7).toFixed(1)}Cr`;
  if (abs >= 1e5) return `${+(abs / 1e5).toFixed(1)}L`;
  if (abs >= 1e3) return `${+(abs / 1e3).toFixed(1)}K`;
  return String(+abs.toFixed(2));
}

/**
 * An axis figure with its unit, as money() has it: rupees in money mode, points in points mode.
 * @example axisMoney(-800) // '-₹800' (real); '-800 pts' (points)
 * @example axisMoney(1250000) // '₹12.5L'
 */
export function axisMoney(v: number): string {
  const sign = v < 0 ? '-' : '';
  const figure = compact(Math.abs(v));
  return consoleConfig().moneyMode === 'points' ? `${sign}${figure} pts` : `${sign}₹${figure}`;
}

/**
 * A category's label in at most two lines of `max` characters, broken between words, never cut
 * short: a single word longer than a line keeps its line whole.
 * @example wrapLabel('Single Digit', 8) // 'Single\nDigit'
 * @example wrapLabel('RAJDHANI NIGHT MAIN', 10) // 'RAJDHANI\nNIGHT MAIN'
 */
export function wrapLabel(label: string, max: number): string {
  if (label.length <= max) return label;
  const words = label.split(' ');
  let first = words.shift() ?? '';
  while (words.length > 1 && `${first} ${words[0]}`.length <= max) first = `${first} ${words.shift()}`;
  return words.length ? `${first}\n${words.join(' ')}` : first;
}

export type Figure = { label: string; value: number | null; net?: boolean };

/**
 * A bar's figures in a sentence, for the line under a chart (a phone cannot hover): each figure
 * in money, a net one said as the house's win or loss.
 * @example readout('MILAN MORNING', [{label: 'Stake', value: 1500}, {label: 'Net', value: -800, net: true}])
 *   // 'MILAN MORNING: Stake ₹1,500 · Net -₹800 (house lost)'
 */
export function readout(category: string, figures: Figure[]): string {
  const said = figures
    .filter((f) => f.value !== null)
    .map((f) => {
      const v = f.value as number;
      const how = f.net && v !== 0 ? ` (house ${v < 0 ? 'lost' : 'won'})` : '';
      return `${f.label} ${money(v)}${how}`;
    });
  return `${category}: ${said.length ? said.join(' · ') : 'nothing'}`;
}
