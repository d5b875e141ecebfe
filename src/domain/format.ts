import { clock12 } from './clock12';
import { addDays, DEFAULT_MARKET_TZ, marketDayOf, parseHhmm, WEEKDAYS, weekdayOf } from './market-time';

export { maskAccount, maskPhone } from './mask';
export { formatRupees } from './money';

/** Display formatting (docs/product.md section 9). Every function takes its inputs; none reads a clock. */

/**
 * 'HH:mm' to 12-hour time; unreadable input comes back unchanged.
 * @example formatTime12('13:05') // '01:05 PM'; formatTime12('00:05') // '12:05 AM'
 */
export function formatTime12(hhmm: string): string {
  const minutes = parseHhmm(hhmm);
  if (minutes === null) return hhmm;
  return clock12(Math.floor(minutes / 60), minutes % 60);
}

const shortDates = new Map<string, Intl.DateTimeFormat>();

/**
 * en-IN short date, upper-cased, in the given zone.
 * @example formatDateShort(new Date('2026-11-21T19:00:00Z'), 'Asia/Kolkata') // '22 NOV 2026'
 */
export function formatDateShort(date: Date, tz: string = DEFAULT_MARKET_TZ): string {
  let f = shortDates.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-IN', { timeZone: tz, day: '2-digit', month: 'short', year: 'numeric' });
    shortDates.set(tz, f);
  }
  return f.format(date).toUpperCase();
}

const times = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant as date and 12-hour time in the market zone (two lines on a phone).
 * @example dateTimeLabel('2026-11-21T19:00:00Z', 'Asia/Kolkata') // ['22 NOV 2026', '12:30 AM']
 */
export function dateTimeLabel(iso: string, tz: string): [string, string] {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return [iso, ''];
  let f = times.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: tz, hour: '2-digit', minute: '2-digit', hour12: true });
    times.set(tz, f);
  }
  return [formatDateShort(at, tz), f.format(at)];
}

/**
 * The Monday (YYYY-MM-DD) starting the week of a day; weeks start on Monday. A Date is read as its
 * calendar day in the zone.
 * @example weekStartMonday('2026-11-22') // '2026-11-16' (a Sunday belongs to the week before)
 */
export function weekStartMonday(date: Date | string, tz: string = DEFAULT_MARKET_TZ): string {
  const day = typeof date === 'string' ? date : marketDayOf(date, tz);
  // Days since Monday: Sunday (index 0 in WEEKDAYS) is 6 days after the Monday before it.
  const back = (WEEKDAYS.indexOf(weekdayOf(day)) + 6) % 7;
  return addDays(day, -back);
}
