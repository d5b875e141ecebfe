import { addDays, DEFAULT_MARKET_TZ, marketDayOf, zonedInstant } from './market-time';
import { formatAmount, type MoneyMode } from './money';

/**
 * Responsible play (docs/api.md "Responsible play"): the player's limits, their periods and the words
 * a refusal answers. Periods are the market zone's day, week (from Monday) and calendar month.
 */
export const LIMIT_FIELDS = [
  'depositDay',
  'depositWeek',
  'depositMonth',
  'lossDay',
  'lossWeek',
  'lossMonth',
  'stakeDay',
] as const;
export type LimitField = (typeof LIMIT_FIELDS)[number];
export type LimitKind = 'deposit' | 'loss' | 'stake';
export type LimitPeriod = 'day' | 'week' | 'month';
export type { MoneyMode };
export { formatAmount };

export const TIME_OUT_DAYS = [1, 7, 30] as const;
export const SELF_EXCLUSION_MONTHS = [6, 12, 60] as const;
export const REALITY_CHECK_MINUTES = [15, 30, 60] as const;
/** A looser limit (higher, or none) takes effect this long after it was asked for. */
export const LOOSER_AFTER_MS = 24 * 60 * 60 * 1000;

export function limitKind(field: LimitField): LimitKind {
  return field.startsWith('deposit') ? 'deposit' : field.startsWith('loss') ? 'loss' : 'stake';
}

export function limitPeriod(field: LimitField): LimitPeriod {
  return field.endsWith('Day') ? 'day' : field.endsWith('Week') ? 'week' : 'month';
}

/**
 * The first day (YYYY-MM-DD, market zone) of the period holding `day`.
 * @example periodStartDay('week', '2026-11-22') // '2026-11-16' (weeks start on Monday)
 */
export function periodStartDay(period: LimitPeriod, day: string): string {
  if (period === 'day') return day;
  if (period === 'month') return `${day.slice(0, 8)}01`;
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** The instant the period holding `now` began (midnight in the market zone). */
export function periodStart(period: LimitPeriod, now: Date, tz: string = DEFAULT_MARKET_TZ): Date {
  return zonedInstant(periodStartDay(period, marketDayOf(now, tz)), 0, tz);
}

/**
 * The instant the period holding `now` ends and its count starts again.
 * @example periodReset('day', new Date('2026-11-21T10:00:00Z'), 'Asia/Kolkata') // 2026-11-21T18:30:00Z
 */
export function periodReset(period: LimitPeriod, now: Date, tz: string = DEFAULT_MARKET_TZ): Date {
  const start = periodStartDay(period, marketDayOf(now, tz));
  let next: string;
  if (period === 'day') next = addDays(start, 1);
  else if (period === 'week') next = addDays(start, 7);
  else {
    const [y, m] = start.split('-').map(Number) as [number, number];
    next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  }
  return zonedInstant(next, 0, tz);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function wallParts(at: Date, tz: string): { y: number; mo: number; d: number; h: number; mi: number } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { y: get('year'), mo: get('month'), d: get('day'), h: get('hour'), mi: get('minute') };
}

/**
 * 'DD MMM, hh:mm A' in the zone.
 * @example formatDayTime(new Date('2026-11-21T18:30:00Z'), 'Asia/Kolkata') // '22 Nov, 12:00 AM'
 */
export function formatDayTime(at: Date, tz: string = DEFAULT_MARKET_TZ): string {
  const p = wallParts(at, tz);
  const h12 = p.h % 12 === 0 ? 12 : p.h % 12;
  const hh = String(h12).padStart(2, '0');
  const mm = String(p.mi).padStart(2, '0');
  return `${String(p.d).padStart(2, '0')} ${MONTHS[p.mo - 1]}, ${hh}:${mm} ${p.h < 12 ? 'AM' : 'PM'}`;
}

/**
 * 'DD MMM YYYY' in the zone.
 * @example formatDayYear(new Date('2026-11-21T18:30:00Z'), 'Asia/Kolkata') // '22 Nov 2026'
 */
export function formatDayYear(at: Date, tz: string = DEFAULT_MARKET_TZ): string {
  const p = wallParts(at, tz);
  return `${String(p.d).padStart(2, '0')} ${MONTHS[p.mo - 1]} ${p.y}`;
}

/**
 * 'DD MMM YYYY, hh:mm A' in the zone: when a pause ends, to the minute (it ends at a time, not at
 * the start of a day: issue 39).
 * @example formatDayYearTime(new Date('2026-11-21T18:30:00Z'), 'Asia/Kolkata') // '22 Nov 2026, 12:00 AM'
 */
export function formatDayYearTime(at: Date, tz: string = DEFAULT_MARKET_TZ): string {
  const time = formatDayTime(at, tz);
  return `${formatDayYear(at, tz)}, ${time.slice(time.indexOf(', ') + 2)}`;
}

/**
 * The 422 message of a fund order or bid submission that would pass a limit.
 * @example limitMessage('depositDay', 500, reset, 'Asia/Kolkata') // 'Deposit limit reached: you can add ₹500 more until 22 Nov, 12:00 AM'
 */
export function limitMessage(
  field: LimitField,
  leftPoints: number,
  resetsAt: Date,
  tz: string = DEFAULT_MARKET_TZ,
  mode: MoneyMode = 'real',
): string {
  const kind = limitKind(field);
  const what = kind === 'deposit' ? 'Deposit limit' : kind === 'loss' ? 'Loss limit' : 'Daily stake limit';
  const verb = kind === 'deposit' ? 'add' : 'bid';
  return `${what} reached: you can ${verb} ${formatAmount(leftPoints, mode)} more until ${formatDayTime(resetsAt, tz)}`;
}

/**
 * The 403 message of a bid or fund order while a time-out or self-exclusion runs.
 * @example pausedMessage(new Date('2026-11-19T10:00:00Z'), 'Asia/Kolkata') // 'Your account is paused until 19 Nov 2026, 03:30 PM'
 */
export function pausedMessage(until: Date, tz: string = DEFAULT_MARKET_TZ): string {
  return `Your account is paused until ${formatDayYearTime(until, tz)}`;
}

/** The words of a limit for screens and reports. */
export const LIMIT_LABELS: Record<LimitField, string> = {
  depositDay: 'Deposit limit per day',
  depositWeek: 'Deposit limit per week',
  depositMonth: 'Deposit limit per month',
  lossDay: 'Loss limit per day',
  lossWeek: 'Loss limit per week',
  lossMonth: 'Loss limit per month',
  stakeDay: 'Daily stake limit',
};

/**
 * The end of a time-out of `days` or a self-exclusion of `months` starting at `from`.
 * @example pauseEnd(new Date('2026-01-31T00:00:00Z'), {months: 6}) // 2026-07-31T00:00:00Z
 */
export function pauseEnd(from: Date, length: { days: number } | { months: number }): Date {
  const end = new Date(from.getTime());
  if ('days' in length) end.setUTCDate(end.getUTCDate() + length.days);
  else end.setUTCMonth(end.getUTCMonth() + length.months);
  return end;
}
