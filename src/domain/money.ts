/**
 * Money is integer paise (1 point = 100 paise) everywhere inside; points only at the edges.
 */

/**
 * Points (at most two decimals) to integer paise, rounding away binary-float noise.
 * @example pointsToPaise(12.34) // 1234
 */
export function pointsToPaise(points: number): number {
  if (!Number.isFinite(points)) throw new RangeError(`Not a finite amount: ${points}`);
  return Math.round(points * 100);
}

/**
 * Integer paise to points (a number with at most two decimals) for JSON and display.
 * @example paiseToPoints(1234) // 12.34
 */
export function paiseToPoints(paise: number): number {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`Paise must be a safe integer: ${paise}`);
  return paise / 100;
}

/**
 * Whether an amount has at most two decimals by decimal rules: read as the shortest decimal that
 * names the number (what JSON carried), never as binary-float arithmetic, so 10.07 and 0.29 pass
 * (10.07 * 100 is 1007.0000000000001) and 1.005 or 1e-7 do not.
 * @example hasAtMostTwoDecimals(10.07) // true; hasAtMostTwoDecimals(1.005) // false
 */
export function hasAtMostTwoDecimals(points: number): boolean {
  return Number.isFinite(points) && /^-?\d+(\.\d{1,2})?$/.test(String(points));
}

/** How money is played for: rupees, or points with no cash value (MONEY_MODE). */
export type MoneyMode = 'real' | 'points';

/**
 * Points as Indian-grouped rupees: whole amounts without decimals, others with two (what
 * Intl.NumberFormat('en-IN', INR) writes; written by hand because building that formatter loads
 * the locale's currency data, a long task of its own on a slow phone's first page).
 * @example formatRupees(100000) // '₹1,00,000'; formatRupees(12.5) // '₹12.50'
 */
export function formatRupees(points: number): string {
  if (!Number.isFinite(points)) return '₹0';
  const [whole, paise] = rounded(Math.abs(points), Number.isInteger(points) ? 0 : 2);
  const last3 = whole.slice(-3);
  const rest = whole.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  const grouped = rest ? `${rest},${last3}` : last3;
  const zero = /^0*$/.test(whole + (paise ?? ''));
  return `${points < 0 && !zero ? '-' : ''}₹${grouped}${paise === undefined ? '' : `.${paise}`}`;
}

/**
 * The whole and (with 2 decimals) paise digits of a non-negative amount, rounded half away from
 * zero on its shortest decimal form, as Intl rounds (1.005 -> 1.01, where toFixed gives 1.00).
 */
function rounded(abs: number, decimals: 0 | 2): [string, string | undefined] {
  const text = String(abs);
  if (decimals === 0) return [text.includes('e') ? BigInt(abs).toString() : text, undefined];
  if (text.includes('e')) {
    const [w = '0', p = '00'] = abs.toFixed(2).split('.');
    return [w, p];
  }
  const [w = '0', f = ''] = text.split('.');
  const up = (f[2] ?? '0') >= '5' ? 1n : 0n;
  const cents = (BigInt(`${w}${f.padEnd(2, '0').slice(0, 2)}`) + up).toString().padStart(3, '0');
  return [cents.slice(0, -2), cents.slice(-2)];
}

/** An amount of points as the mode shows it: rupees in real mode, points in points mode. */
export function formatAmount(points: number, mode: MoneyMode): string {
  if (mode === 'points') return `${formatRupees(points).replace('₹', '')} points`;
  return formatRupees(points);
}
