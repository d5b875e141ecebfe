/** The largest single fund request (10x the biggest quick amount of the Add Fund screen). */
export const MAX_MONEY_POINTS = 1_000_000;

/**
 * Parses a whole-points amount from a JSON body for funds, withdrawals and wallet adjustments.
 * Accepts a number or a digit string ("500" from a digits-only input); refuses zero, negatives,
 * fractions, non-numbers and anything above `max`, with a message a player can act on.
 * Example: parseWholePoints('250') -> {ok:true, points:250}; parseWholePoints(1.5) -> {ok:false, ...}
 */
export function parseWholePoints(
  value: unknown,
  max = MAX_MONEY_POINTS,
): { ok: true; points: number } | { ok: false; message: string } {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d{1,12}$/.test(value.trim())
        ? Number(value)
        : Number.NaN;
  if (!Number.isFinite(n) || n <= 0) return { ok: false, message: 'Please enter a valid amount' };
  if (!Number.isInteger(n)) return { ok: false, message: 'Amount must be a whole number of points' };
  if (n > max) return { ok: false, message: `Maximum amount is ${max}` };
  return { ok: true, points: n };
}
