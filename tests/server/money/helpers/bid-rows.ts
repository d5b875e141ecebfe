/** Main session rows as the app sends them (docs/api.md "Bids"), without the game. */

/** An Open-session row: the number in openDigit. */
export const openRow = (gameType: string, n: string, extra: Record<string, unknown> = {}) => ({
  gameType,
  session: 'Open',
  openDigit: n,
  ...extra,
});

/** A Close-session row: the number in closeDigit. */
export const closeRow = (gameType: string, n: string, extra: Record<string, unknown> = {}) => ({
  gameType,
  session: 'Close',
  closeDigit: n,
  ...extra,
});
