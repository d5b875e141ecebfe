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
