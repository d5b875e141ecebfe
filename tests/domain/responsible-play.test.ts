import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatDayTime,
  formatDayYear,
  LIMIT_FIELDS,
  LIMIT_LABELS,
  limitKind,
  limitMessage,
  limitPeriod,
  pausedMessage,
  pauseEnd,
  periodReset,
  periodStart,
  periodStartDay,
} from '../../src/domain/responsible-play';

const TZ = 'Asia/Kolkata';

describe('limit fields', () => {
  it('name their kind and period', () => {
    expect(LIMIT_FIELDS.map((f) => `${limitKind(f)}/${limitPeriod(f)}`)).toEqual([
      'deposit/day',
      'deposit/week',
      'deposit/month',
      'loss/day',
      'loss/week',
      'loss/month',
      'stake/day',
    ]);
    expect(Object.keys(LIMIT_LABELS)).toEqual([...LIMIT_FIELDS]);
  });
});

describe('periods in the market zone', () => {
  it.each([
    ['day', '2026-11-22', '2026-11-22'],
    ['week', '2026-11-22', '2026-11-16'], // a Sunday belongs to the week from Monday before
    ['week', '2026-11-16', '2026-11-16'],
    ['month', '2026-11-22', '2026-11-01'],
  ] as const)('%s of %s starts %s', (period, day, start) => {
    expect(periodStartDay(period, day)).toBe(start);
  });

  it('starts and resets at midnight IST', () => {
    const now = new Date('2026-11-21T19:00:00Z'); // 22 Nov 00:30 IST, a Sunday
    expect(periodStart('day', now, TZ).toISOString()).toBe('2026-11-21T18:30:00.000Z');
    expect(periodReset('day', now, TZ).toISOString()).toBe('2026-11-22T18:30:00.000Z');
    expect(periodStart('week', now, TZ).toISOString()).toBe('2026-11-15T18:30:00.000Z');
    expect(periodReset('week', now, TZ).toISOString()).toBe('2026-11-22T18:30:00.000Z');
    expect(periodStart('month', now, TZ).toISOString()).toBe('2026-10-31T18:30:00.000Z');
    expect(periodReset('month', now, TZ).toISOString()).toBe('2026-11-30T18:30:00.000Z');
    expect(periodReset('month', new Date('2026-12-10T00:00:00Z'), TZ).toISOString()).toBe(
      '2026-12-31T18:30:00.000Z',
    );
  });
});

describe('words', () => {
  it('formats instants in the zone', () => {
    expect(formatDayTime(new Date('2026-11-21T18:30:00Z'), TZ)).toBe('22 Nov, 12:00 AM');
    expect(formatDayTime(new Date('2026-11-21T09:45:00Z'), TZ)).toBe('21 Nov, 03:15 PM');
    expect(formatDayTime(new Date('2026-11-21T06:30:00Z'), TZ)).toBe('21 Nov, 12:00 PM');
    expect(formatDayYear(new Date('2027-05-18T03:30:00Z'), TZ)).toBe('18 May 2027');
  });

  it('names the limit, what is left and when it resets', () => {
    const at = new Date('2026-11-21T18:30:00Z');
    expect(limitMessage('depositDay', 500, at, TZ)).toBe(
      'Deposit limit reached: you can add ₹500 more until 22 Nov, 12:00 AM',
    );
    expect(limitMessage('lossWeek', 1250.5, at, TZ)).toBe(
      'Loss limit reached: you can bid ₹1,250.50 more until 22 Nov, 12:00 AM',
    );
    expect(limitMessage('stakeDay', 0, at, TZ, 'points')).toBe(
      'Daily stake limit reached: you can bid 0 points more until 22 Nov, 12:00 AM',
    );
    expect(pausedMessage(new Date('2026-11-19T03:30:00Z'), TZ)).toBe(
      'Your account is paused until 19 Nov 2026, 09:00 AM',
    );
    expect(formatAmount(100000, 'points')).toBe('1,00,000 points');
    expect(formatAmount(100000, 'real')).toBe('₹1,00,000');
  });

  it('ends a pause after days or months', () => {
    const from = new Date('2026-01-31T00:00:00Z');
    expect(pauseEnd(from, { days: 30 }).toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(pauseEnd(new Date('2026-11-18T03:30:00Z'), { months: 60 }).toISOString()).toBe(
      '2031-11-18T03:30:00.000Z',
    );
  });
});
