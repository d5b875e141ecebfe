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
