import { addDays, DEFAULT_MARKET_TZ, marketDayOf } from './market-time';
import { type GameTimes, hasValidTimes, isMarketOpenOn, sessionCloseAt } from './windows';

/**
 * When a reported result may be believed (docs/api.md "Result feeds"): on the market's current
 * market day for results, and not before that session's time. The times are the bid windows' own
 * (windows.ts): a session's result is due at the instant its bets close.
 */

/** How a report stands against the clock: `due`, `early` (its session's time has not come), `stale` (another day). */
export type ReportTiming = 'due' | 'early' | 'stale' | 'closed';

/** The session whose time opens a market day's results: main Open, a one-draw game its draw. */
const first = (game: GameTimes) => (game.family === 'main' ? 'Open' : null);

/**
 * The market day whose results are current at `now`: the latest day (today or up to a week back)
 * on which the market runs and whose first result is due (main: the open time, else the draw).
 * A night market that closes after midnight keeps the day it opened until its next opening, so
 * Main Bazar's close (21:35-00:05) reported at 00:10 belongs to the day before; a page still
 * showing that day after the next opening is stale. Null when the market runs on none of them.
 * @example resultMarketDay(mainBazar, ist('2026-11-20 00:10')) // '2026-11-19'
 */
export function resultMarketDay(game: GameTimes, now: Date, tz: string = DEFAULT_MARKET_TZ): string | null {
  const today = marketDayOf(now, tz);
  for (let back = 0; back <= 7; back++) {
    const day = addDays(today, -back);
    if (!hasValidTimes(game, day) || !isMarketOpenOn(game, day)) continue;
    if (sessionCloseAt(game, day, first(game), tz) <= now) return day;
  }
  return null;
}

/**
 * A report of `session` (main 'Open' or 'Close', null for a one-draw game) for market day `day`:
 * `stale` before the current market day for results, `early` after it or before the session's time
 * (main Open at the open time, Close at the close time, a draw at its time), `closed` when the
 * market runs on no recent day, else `due`.
 * @example reportTiming(kalyan, '2026-11-20', 'Close', ist('2026-11-20 18:09')) // 'early'
 */
export function reportTiming(
  game: GameTimes,
  day: string,
  session: 'Open' | 'Close' | null,
  now: Date,
  tz: string = DEFAULT_MARKET_TZ,
): ReportTiming {
  const current = resultMarketDay(game, now, tz);
  if (current === null) return 'closed';
  if (day < current) return 'stale';
  if (day > current || now < sessionCloseAt(game, day, session, tz)) return 'early';
  return 'due';
}
