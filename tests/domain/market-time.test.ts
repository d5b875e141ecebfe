import { describe, expect, it } from 'vitest';
import { addDays, marketDayOf, parseHhmm, weekdayOf, zonedInstant } from '../../src/domain/market-time';

describe('market time arithmetic', () => {
  it.each([
    ['2026-11-21T18:29:59Z', 'Asia/Kolkata', '2026-11-21'],
    ['2026-11-21T18:30:00Z', 'Asia/Kolkata', '2026-11-22'],
    ['2026-11-21T18:30:00Z', 'UTC', '2026-11-21'],
    ['2026-11-22T04:59:00Z', 'America/New_York', '2026-11-21'],
  ])('marketDayOf(%s, %s) = %s', (iso, tz, day) => {
    expect(marketDayOf(new Date(iso), tz)).toBe(day);
  });

  it('defaults to Asia/Kolkata', () => {
    expect(marketDayOf(new Date('2026-11-21T19:00:00Z'))).toBe('2026-11-22');
    expect(zonedInstant('2026-11-22', 5)).toEqual(new Date('2026-11-21T18:35:00Z'));
  });

  it.each([
    ['00:00', 0],
    ['9:05', 545],
    ['13:05', 785],
    ['23:59', 1439],
    ['24:00', null],
    ['12:60', null],
    ['1305', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('parseHhmm(%j) = %j', (s, n) => {
    expect(parseHhmm(s)).toBe(n);
  });

  it.each([
    ['2026-02-28', 1, '2026-03-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2026-01-01', -1, '2025-12-31'],
    ['2026-11-23', -7, '2026-11-16'],
  ])('addDays(%s, %i) = %s', (day, n, out) => {
    expect(addDays(day, n)).toBe(out);
  });

  it.each([
    ['2026-11-20', 'friday'],
    ['2026-11-21', 'saturday'],
    ['2026-11-22', 'sunday'],
    ['2026-11-23', 'monday'],
  ])('weekdayOf(%s) = %s', (day, weekday) => {
    expect(weekdayOf(day)).toBe(weekday);
  });

  it.each([
    ['2026-11-21', 21 * 60 + 35, 'Asia/Kolkata', '2026-11-21T16:05:00.000Z'],
    ['2026-11-22', 5, 'Asia/Kolkata', '2026-11-21T18:35:00.000Z'],
    ['2026-07-01', 9 * 60, 'America/New_York', '2026-07-01T13:00:00.000Z'],
    ['2026-12-01', 9 * 60, 'America/New_York', '2026-12-01T14:00:00.000Z'],
    // 02:30 does not exist on the spring-forward day: the earlier reading, 01:30 EST.
    ['2026-03-08', 150, 'America/New_York', '2026-03-08T06:30:00.000Z'],
    // 01:00 happens twice on the fall-back day: the first one, 01:00 EDT.
    ['2026-11-01', 60, 'America/New_York', '2026-11-01T05:00:00.000Z'],
  ])('zonedInstant(%s, %i, %s) = %s', (day, minutes, tz, iso) => {
    expect(zonedInstant(day, minutes, tz).toISOString()).toBe(iso);
  });

  it('stays right past its memory bound (5,000 distinct minutes, then the first again)', () => {
    const start = Date.parse('2026-11-21T18:00:00Z');
    for (let i = 0; i < 5000; i++) marketDayOf(new Date(start + i * 60_000), 'Asia/Kolkata');
    expect(marketDayOf(new Date(start), 'Asia/Kolkata')).toBe('2026-11-21');
    expect(marketDayOf(new Date(start + 30 * 60_000), 'Asia/Kolkata')).toBe('2026-11-22');
  });

  it("reads fixed-offset zones without Intl, as Intl's zone rules read them", () => {
    const days = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' });
    const walls = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Kolkata',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const from = Date.UTC(1950, 0, 1);
    const to = Date.UTC(2100, 0, 1);
    for (let i = 0; i < 3000; i++) {
      const instant = new Date(from + Math.floor(next() * (to - from)));
      expect(marketDayOf(instant, 'Asia/Kolkata')).toBe(days.format(instant));
      expect(marketDayOf(instant, 'UTC')).toBe(instant.toISOString().slice(0, 10));
      const day = days.format(instant);
      const minutes = Math.floor(next() * 1440);
      const at = zonedInstant(day, minutes, 'Asia/Kolkata');
      const hhmm = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      expect(walls.format(at)).toBe(`${day}, ${hhmm}`);
    }
  });
});
