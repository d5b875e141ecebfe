import { formatTime12 } from '../domain/format';
import {
  currentMarketDay,
  type GameTimes,
  hasValidTimes,
  isMarketOpenOn,
  sessionCloseAt,
} from '../domain/windows';

export type MarketNow = { text: string; tone: 'ok' | 'muted' | 'bad' | '' };

/**
 * '3:45 PM-5:45 PM' or, for a one-draw market, its draw time. Here beside marketNow, not in the
 * Markets screen's card, so the dashboard's first load does not bring that card's code.
 */
export function timesText(g: { openTime: string; closeTime?: string | null }): string {
  return g.closeTime ? `${formatTime12(g.openTime)}-${formatTime12(g.closeTime)}` : formatTime12(g.openTime);
}

/**
 * A market's state right now, honestly: switched off, closed by an operator, off today, taking
 * bids until a time, between its sessions, or closed for the day (from the weekday schedule and
 * the times, in the market zone).
 * @example marketNow(kalyan, now, 'Asia/Kolkata') // {text: 'Taking bids, Open closes 3:45 PM', tone: 'ok'}
 */
export function marketNow(game: GameTimes, now: Date, tz: string): MarketNow {
  const day = currentMarketDay(game, now, tz);
  if (!game.isActive) return { text: 'Switched off', tone: 'bad' };
  // Closed by an operator: it stays closed, day after day, until someone opens it again.
  if (!game.currentMarketStatus || game.marketStatus === false)
    return { text: 'Closed until an operator opens it', tone: 'bad' };
  if (!isMarketOpenOn(game, day)) return { text: 'Closed today (schedule)', tone: 'muted' };
  if (!hasValidTimes(game, day)) return { text: 'Times not readable', tone: 'bad' };
  const at = (d: Date) =>
    formatTime12(d.toLocaleTimeString('en-GB', { timeZone: tz, hour: '2-digit', minute: '2-digit' }));
  if (game.family !== 'main') {
    // Starline and galidisawar: one draw a day.
    const draw = sessionCloseAt(game, day, null, tz);
    return now < draw
      ? { text: `Taking bids until ${at(draw)}`, tone: 'ok' }
      : { text: `Closed for today at ${at(draw)}`, tone: 'muted' };
  }
  const open = sessionCloseAt(game, day, 'Open', tz);
  const close = sessionCloseAt(game, day, 'Close', tz);
  if (now < open) return { text: `Taking bids, Open closes ${at(open)}`, tone: 'ok' };
  if (now < close) return { text: `Open closed; Close bids until ${at(close)}`, tone: 'ok' };
  return { text: `Closed for today at ${at(close)}`, tone: 'muted' };
}
