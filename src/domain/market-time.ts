/**
 * Wall-clock arithmetic in the market time zone with Intl only (no library, no implicit clock).
 * A market day is a calendar date 'YYYY-MM-DD' in that zone.
 */

export const DEFAULT_MARKET_TZ = 'Asia/Kolkata';

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

type ZonedParts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(tz, f);
  }
  return f;
}

/** The wall-clock fields of an instant in a zone. */
function zonedParts(instant: Date, tz: string = DEFAULT_MARKET_TZ): ZonedParts {
  const out: Record<string, number> = {};
  for (const part of formatterFor(tz).formatToParts(instant)) {
    if (part.type !== 'literal') out[part.type] = Number(part.value);
  }
  return {
    year: out.year ?? 0,
    month: out.month ?? 0,
    day: out.day ?? 0,
    hour: out.hour ?? 0,
    minute: out.minute ?? 0,
    second: out.second ?? 0,
  };
}

/** Offset of the zone from UTC at an instant, in milliseconds (IST: +19,800,000). */
function offsetAt(epochMs: number, tz: string): number {
  const p = zonedParts(new Date(epochMs), tz);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(epochMs / 1000) * 1000;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/**
 * The market day (calendar date in the zone) of an instant.
 * @example marketDayOf(new Date('2026-11-21T19:00:00Z'), 'Asia/Kolkata') // '2026-11-22'
 */
export function marketDayOf(instant: Date, tz: string = DEFAULT_MARKET_TZ): string {
  const p = zonedParts(instant, tz);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** Minutes since midnight for 'HH:mm', or null when malformed. */
export function parseHhmm(hhmm: string | null | undefined): number | null {
  const m = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec((hhmm ?? '').trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** Calendar arithmetic on 'YYYY-MM-DD'. @example addDays('2026-02-28', 1) // '2026-03-01' */
export function addDays(day: string, n: number): string {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d + n));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** Weekday name of a calendar date. @example weekdayOf('2026-11-22') // 'sunday' */
export function weekdayOf(day: string): Weekday {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  return WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()] as Weekday;
}

/**
 * The instant at which the zone's wall clock shows `minutes` after midnight of `day`. Two passes
 * settle the offset so a zone with DST lands right. A wall time that a DST change skips or repeats
 * resolves to the earlier instant, so a cut-off can only come early, never late.
 * @example zonedInstant('2026-11-21', 21 * 60 + 35, 'Asia/Kolkata') // 2026-11-21T16:05:00Z
 */
export function zonedInstant(day: string, minutes: number, tz: string = DEFAULT_MARKET_TZ): Date {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  const wall = Date.UTC(y, m - 1, d, 0, minutes);
  let guess = wall - offsetAt(wall, tz);
  guess = wall - offsetAt(guess, tz);
  return new Date(guess);
}
