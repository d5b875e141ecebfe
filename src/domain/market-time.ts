/**
 * Wall-clock arithmetic in the market time zone with dayjs (utc + timezone plugins, which read the
 * zone rules from Intl); no implicit clock: every function takes its instant or day.
 * A market day is a calendar date 'YYYY-MM-DD' in that zone.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

import { DEFAULT_MARKET_TZ } from './market-zone';

export { DEFAULT_MARKET_TZ };

export type Weekday = 'sunday' | 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday';

export const WEEKDAYS: readonly Weekday[] = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
];

const DAY = 'YYYY-MM-DD';

/**
 * The zone conversions are pure but cost tens of microseconds each (Intl under dayjs); every
 * market list and bid asks the same few again and again, so answers are remembered (bounded).
 */
const dayMemo = new Map<string, string>();
const instantMemo = new Map<string, number>();
const calendarMemo = new Map<string, string>();
function memo<T>(cache: Map<string, T>, key: string, compute: () => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    if (cache.size >= 4096) cache.clear();
    value = compute();
    cache.set(key, value);
  }
  return value;
}
const WALL = 'YYYY-MM-DD HH:mm';

/**
 * The market day (calendar date in the zone) of an instant.
 * @example marketDayOf(new Date('2026-11-21T19:00:00Z'), 'Asia/Kolkata') // '2026-11-22'
 */
export function marketDayOf(instant: Date, tz: string = DEFAULT_MARKET_TZ): string {
  // A day starts on a whole minute in every zone: one conversion per zone and minute is enough.
  const minute = Math.floor(instant.getTime() / 60_000);
  return memo(dayMemo, `${tz}|${minute}`, () =>
    dayjs(minute * 60_000)
      .tz(tz)
      .format(DAY),
  );
}

/** Minutes since midnight for 'HH:mm', or null when malformed. */
export function parseHhmm(hhmm: string | null | undefined): number | null {
  const m = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec((hhmm ?? '').trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** Calendar arithmetic on 'YYYY-MM-DD'. @example addDays('2026-02-28', 1) // '2026-03-01' */
export function addDays(day: string, n: number): string {
  return memo(calendarMemo, `${day}|${n}`, () => dayjs.utc(day).add(n, 'day').format(DAY));
}

/** Weekday name of a calendar date. @example weekdayOf('2026-11-22') // 'sunday' */
export function weekdayOf(day: string): Weekday {
  return memo(calendarMemo, `${day}|weekday`, () => WEEKDAYS[dayjs.utc(day).day()] as Weekday) as Weekday;
}

/**
 * The instant at which the zone's wall clock shows `minutes` after midnight of `day`. The zone's
 * offsets a day either side give the candidate instants; the earliest that really shows that wall
 * time wins, so a wall time that a DST change repeats resolves to its first occurrence and one that
 * a DST change skips to the earlier reading: a cut-off can only come early, never late.
 * @example zonedInstant('2026-11-21', 21 * 60 + 35, 'Asia/Kolkata') // 2026-11-21T16:05:00Z
 */
export function zonedInstant(day: string, minutes: number, tz: string = DEFAULT_MARKET_TZ): Date {
  return new Date(memo(instantMemo, `${tz}|${day}|${minutes}`, () => wallToEpoch(day, minutes, tz)));
}

function wallToEpoch(day: string, minutes: number, tz: string): number {
  const wall = dayjs.utc(day).add(minutes, 'minute');
  const wallText = wall.format(WALL);
  const offsets = new Set([-1, 1].map((d) => wall.add(d, 'day').tz(tz).utcOffset()));
  const candidates = [...offsets]
    .map((offset) => wall.subtract(offset, 'minute').valueOf())
    .sort((a, b) => a - b);
  const real = candidates.filter((t) => dayjs(t).tz(tz).format(WALL) === wallText);
  return (real[0] ?? candidates[0]) as number;
}
