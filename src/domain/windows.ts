import { BET_TYPES, offeredIn } from './bet-types';
import {
  addDays,
  DEFAULT_MARKET_TZ,
  marketDayOf,
  parseHhmm,
  type Weekday,
  weekdayOf,
  zonedInstant,
} from './market-time';
import {
  BID_AFTER_CLOSE,
  GAME_TYPE_NOT_OFFERED,
  INVALID_GAME_DATA,
  marketClosedMessage,
  SELECT_MARKET_TYPE,
} from './messages';
import type { Family, GameType, Session } from './types';

// Defined with the other zone arithmetic in market-time; the server scheduler reads it from here.
export { marketDayOf } from './market-time';

/**
 * Bidding windows (docs/game-rules.md section 4), computed in the market time zone on the market day.
 *
 * Cut-off choice: "until the open time" is exclusive. A bid at exactly the open minute (HH:mm:00.000)
 * is refused: bettable only while now < cut-off instant. The same holds for close and draw times.
 */

export type DaySchedule = { openTime?: string | null; closeTime?: string | null; marketStatus: boolean };

export type GameTimes = {
  family: Family;
  /** Only for the 'Market is closed for {gameName}' message. */
  gameName?: string;
  openTime: string;
  closeTime?: string | null;
  isActive: boolean;
  currentMarketStatus: boolean;
  /** Starline/galidisawar day switch; main markets use the weekday schedule. */
  marketStatus?: boolean;
  schedule?: Partial<Record<Weekday, DaySchedule>> | null;
};

type DayTimes = { open: number; close: number | null };

/** The day's open/close minutes: the weekday schedule's times override the defaults when set. */
function dayTimes(game: GameTimes, marketDay: string): DayTimes | null {
  const day = game.schedule?.[weekdayOf(marketDay)];
  const open = parseHhmm(day?.openTime) ?? parseHhmm(game.openTime);
  const closeText = day?.closeTime || game.closeTime;
  const close = closeText ? parseHhmm(closeText) : null;
  if (open === null || (closeText && close === null)) return null;
  return { open, close };
}

/** True when the game's times are readable for that day. */
export function hasValidTimes(game: GameTimes, marketDay: string): boolean {
  return dayTimes(game, marketDay) !== null;
}

/**
 * Bettable on a market day only when the game is active, currentMarketStatus is true and that
 * weekday's schedule has marketStatus true (a schedule without the weekday means closed).
 */
export function isMarketOpenOn(game: GameTimes, marketDay: string): boolean {
  if (!game.isActive || !game.currentMarketStatus || game.marketStatus === false) return false;
  if (!game.schedule) return true;
  return game.schedule[weekdayOf(marketDay)]?.marketStatus === true;
}

function timesOrThrow(game: GameTimes, marketDay: string): DayTimes {
  const t = dayTimes(game, marketDay);
  if (!t) throw new RangeError(`Unreadable market times for ${game.gameName ?? 'game'} on ${marketDay}`);
  return t;
}

/**
 * The instant a session's bets close on a market day. Main: Open (or null, the whole-day cut-off)
 * at the open time, Close at the close time. Starline/galidisawar: one draw, at the close time if
 * set, else the open time. A close earlier than the open lands on the next calendar day.
 * @example sessionCloseAt(mainBazar, '2026-11-21', 'Close', 'Asia/Kolkata') // 2026-11-21T18:35:00Z (00:05 IST on the 22nd)
 */
export function sessionCloseAt(
  game: GameTimes,
  marketDay: string,
  session: Session | null,
  tz: string = DEFAULT_MARKET_TZ,
): Date {
  const { open, close } = timesOrThrow(game, marketDay);
  const useClose = game.family === 'main' ? session === 'Close' : true;
  const minutes = useClose && close !== null ? close : open;
  const day = minutes < open ? addDays(marketDay, 1) : marketDay;
  return zonedInstant(day, minutes, tz);
}

/** The last cut-off of a market day (close of the Close session, or the draw). */
function lastCloseAt(game: GameTimes, marketDay: string, tz: string): Date {
  return sessionCloseAt(game, marketDay, 'Close', tz);
}

/**
 * The market day a bid placed at `now` belongs to: the calendar day in the zone, except just after
 * midnight while yesterday's past-midnight market is still running (Main Bazar 21:35-00:05 at 00:03).
 */
export function currentMarketDay(game: GameTimes, now: Date, tz: string = DEFAULT_MARKET_TZ): string {
  const today = marketDayOf(now, tz);
  const yesterday = addDays(today, -1);
  const t = dayTimes(game, yesterday);
  const pastMidnight = t !== null && t.close !== null && t.close < t.open;
  if (pastMidnight && isMarketOpenOn(game, yesterday) && now < lastCloseAt(game, yesterday, tz))
    return yesterday;
  return today;
}

export type Declared = { open: boolean; close: boolean };

/**
 * Sessions the bid form offers (main markets only; starline and galidisawar have none): Open while
 * now is before the open time, Close before the close time, none once declared or on a closed day.
 */
export function availableSessions(
  game: GameTimes,
  now: Date,
  tz: string = DEFAULT_MARKET_TZ,
  declared: Declared = { open: false, close: false },
): Session[] {
  if (game.family !== 'main') return [];
  const day = currentMarketDay(game, now, tz);
  if (!hasValidTimes(game, day) || !isMarketOpenOn(game, day) || declared.close) return [];
  const sessions: Session[] = [];
  if (!declared.open && now < sessionCloseAt(game, day, 'Open', tz)) sessions.push('Open');
  if (now < sessionCloseAt(game, day, 'Close', tz)) sessions.push('Close');
  return sessions;
}

export type BidWindowInput = {
  game: GameTimes;
  gameType: GameType;
  session: Session | null | undefined;
  now: Date;
  tz?: string;
  /** Whether the current market day's open / close result (the draw, for one-draw games) is declared. */
  declared: Declared;
};

/**
 * The server's window check (docs/game-rules.md section 4): null when the bid may be placed now, else the
 * message. Whole-day bets (jodi, digit-base-jodi, red-bracket, group-jodi and both sangams) close at
 * the open time; half sangam too (deviation: after the open panna it would be a near-certain bet).
 */
export function checkBidWindow(input: BidWindowInput): string | null {
  const { game, gameType, session, now, declared } = input;
  const tz = input.tz ?? DEFAULT_MARKET_TZ;
  if (!offeredIn(gameType, game.family)) return GAME_TYPE_NOT_OFFERED;
  const day = currentMarketDay(game, now, tz);
  if (!hasValidTimes(game, day)) return INVALID_GAME_DATA;
  if (!isMarketOpenOn(game, day)) return marketClosedMessage(game.gameName);
  if (needsSession(game, gameType) && session !== 'Open' && session !== 'Close') return SELECT_MARKET_TYPE;
  const cut = bidCutOff(game, gameType, session, day, tz);
  const blocked = cut.closeOnly ? declared.close : declared.open || declared.close;
  if (blocked || now >= cut.at) return BID_AFTER_CLOSE;
  return null;
}

function needsSession(game: GameTimes, gameType: GameType): boolean {
  return game.family === 'main' && BET_TYPES[gameType].sessionKind === 'session';
}

/**
 * When a bid stops being accepted on a market day, and which declaration refuses it: a main
 * Close-session bet only the close result, every other bet the first result of the day. The
 * server's bid statement re-checks both against the database under its locks (server/db/functions/matka_place_bids.sql).
 * @example bidCutOff(mainBazar, 'single-digit', 'Close', '2026-11-21') // {at: close instant, closeOnly: true}
 */
export function bidCutOff(
  game: GameTimes,
  gameType: GameType,
  session: Session | null | undefined,
  marketDay: string,
  tz: string = DEFAULT_MARKET_TZ,
): { at: Date; closeOnly: boolean } {
  const cutSession =
    needsSession(game, gameType) && (session === 'Open' || session === 'Close') ? session : null;
  return { at: sessionCloseAt(game, marketDay, cutSession, tz), closeOnly: cutSession === 'Close' };
}

/** 'closed' when the game is off, currentMarketStatus is false or today's schedule says closed. */
export function marketState(
  game: GameTimes,
  now: Date,
  tz: string = DEFAULT_MARKET_TZ,
): 'running' | 'closed' {
  return isMarketOpenOn(game, currentMarketDay(game, now, tz)) ? 'running' : 'closed';
}
