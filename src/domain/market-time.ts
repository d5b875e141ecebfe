/**
 * Wall-clock arithmetic in the market time zone: calendar days with dayjs (utc plugin), the zone's
 * wall clock read from one Intl.DateTimeFormat per zone (the zone rules the runtime carries); no
 * implicit clock: every function takes its instant or day.
 * A market day is a calendar date 'YYYY-MM-DD' in that zone.
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);

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
 * The zone conversions are pure but cost microseconds each (Intl); every market list and bid asks
 * the same few again and again, so answers are remembered (bounded).
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
const MINUTE = 60_000;
const wallFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * Zones whose offset (minutes east of UTC) has not changed since 1946: the markets' own zone among
 * them. Their wall clock is plain arithmetic, so a phone's first page does not load the runtime's
 * zone rules (measured: the first zoned Intl formatter is a long task of its own at 4x CPU).
 */
const FIXED_OFFSETS: Readonly<Record<string, number>> = {
  'Asia/Kolkata': 330,
  'Asia/Calcutta': 330,
  UTC: 0,
  'Etc/UTC': 0,
};
const FIXED_SINCE = Date.UTC(1946, 0, 1);

/**
 * The zone's wall clock at an instant, in minutes since 1970-01-01 00:00 read as if it were UTC
 * (so that calendar arithmetic on it is plain arithmetic). One formatter per zone: creating one
 * is what costs (the runtime loads the zone's rules), formatting with it is cheap.
 */
function wallMinutes(epochMs: number, tz: string): number {
  const fixed = FIXED_OFFSETS[tz];
  if (fixed !== undefined && epochMs >= FIXED_SINCE) return Math.floor(epochMs / MINUTE) + fixed;
  let f = wallFormats.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    wallFormats.set(tz, f);
  }
  const at: Record<string, number> = {};
  for (const part of f.formatToParts(epochMs)) at[part.type] = Number(part.value);
  return Date.UTC(at.year ?? 1970, (at.month ?? 1) - 1, at.day ?? 1, at.hour ?? 0, at.minute ?? 0) / MINUTE;
}

/**
 * The market day (calendar date in the zone) of an instant.
 * @example marketDayOf(new Date('2026-11-21T19:00:00Z'), 'Asia/Kolkata') // '2026-11-22'
 */
export function marketDayOf(instant: Date, tz: string = DEFAULT_MARKET_TZ): string {
  // A day starts on a whole minute in every zone: one conversion per zone and minute is enough.
  const minute = Math.floor(instant.getTime() / MINUTE);
  return memo(dayMemo, `${tz}|${minute}`, () =>
    new Date(wallMinutes(minute * MINUTE, tz) * MINUTE).toISOString().slice(0, 10),
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
  const wall = Date.parse(`${day}T00:00:00Z`) + minutes * MINUTE;
  const DAY_MS = 24 * 60 * MINUTE;
  // The zone's offsets (wall minus instant) a day either side: the candidates' instants.
  const offsets = new Set([wall - DAY_MS, wall + DAY_MS].map((t) => wallMinutes(t, tz) * MINUTE - t));
  const candidates = [...offsets].map((offset) => wall - offset).sort((a, b) => a - b);
  const real = candidates.filter((t) => wallMinutes(t, tz) * MINUTE === wall);
  return (real[0] ?? candidates[0]) as number;
}
