import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../../server/env';
import { middayZone } from '../../e2e/market-zone';

// The browser suite's server runs in middayZone(now): whatever the hour, market time is midday, so
// tests on the all-day Demo Day market and on markets made for now + 20 minutes never meet midnight.

function localTime(instant: Date, tz: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: tz,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
}

const hours = Array.from({ length: 24 }, (_, h) => h);

describe('middayZone', () => {
  it.each(hours)('at %i:00-%i:59 UTC the market clock reads 12:00-12:59', (h) => {
    for (const minute of [0, 1, 30, 59]) {
      const now = new Date(Date.UTC(2026, 10, 21, h, minute, 30));
      const tz = middayZone(now);
      expect(localTime(now, tz)).toBe(`12:${String(minute).padStart(2, '0')}`);
      // An hour-long suite still ends before 14:00 local, far from midnight.
      expect(localTime(new Date(now.getTime() + 60 * 60_000), tz) < '14:00').toBe(true);
    }
  });

  it('names zones the server accepts as MARKET_TZ, with the inverted Etc sign', () => {
    for (const h of hours) {
      const tz = middayZone(new Date(Date.UTC(2026, 0, 1, h)));
      expect(loadEnv({ NODE_ENV: 'test', MARKET_TZ: tz }).MARKET_TZ).toBe(tz);
    }
    expect(middayZone(new Date('2026-11-21T07:15:00Z'))).toBe('Etc/GMT-5');
    expect(middayZone(new Date('2026-11-21T18:40:00Z'))).toBe('Etc/GMT+6');
    expect(middayZone(new Date('2026-11-21T12:00:00Z'))).toBe('Etc/GMT');
  });
});
