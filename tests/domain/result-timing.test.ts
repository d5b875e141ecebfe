import { describe, expect, it } from 'vitest';
import { reportTiming, resultMarketDay } from '../../src/domain/result-timing';
import type { GameTimes } from '../../src/domain/windows';
import { gali, ist, kalyan, mainBazar, starline10 } from './fixtures';

// 2026-11-19 is a Thursday, 2026-11-20 a Friday, 2026-11-21 a Saturday, 2026-11-22 a Sunday.
describe('resultMarketDay: the market day whose results are current', () => {
  it.each<[string, GameTimes, string, string | null]>([
    ['Kalyan before its open', kalyan, '2026-11-20 16:09', '2026-11-19'],
    ['Kalyan at its open', kalyan, '2026-11-20 16:10', '2026-11-20'],
    ['Kalyan late at night', kalyan, '2026-11-20 23:59', '2026-11-20'],
    // Shut on Sunday: Monday morning still looks at Saturday.
    ['Kalyan on its Sunday off', kalyan, '2026-11-22 17:00', '2026-11-21'],
    ['Kalyan on Monday morning', kalyan, '2026-11-23 09:00', '2026-11-21'],
    // Main Bazar 21:35-00:05: the close after midnight belongs to the day it opened.
    ['Main Bazar just after midnight, before its close', mainBazar, '2026-11-20 00:03', '2026-11-19'],
    ['Main Bazar after its past-midnight close', mainBazar, '2026-11-20 00:10', '2026-11-19'],
    ['Main Bazar the next afternoon', mainBazar, '2026-11-20 15:00', '2026-11-19'],
    ['Main Bazar at its next open', mainBazar, '2026-11-20 21:35', '2026-11-20'],
    ['a starline draw before its time', starline10, '2026-11-20 09:59', '2026-11-19'],
    ['a starline draw at its time', starline10, '2026-11-20 10:00', '2026-11-20'],
    ['Gali after midnight', gali, '2026-11-21 00:30', '2026-11-20'],
  ])('%s (%s at %s) -> %s', (_, game, at, expected) => {
    expect(resultMarketDay(game, ist(at))).toBe(expected);
  });

  it('is null for a market that is switched off', () => {
    expect(resultMarketDay({ ...kalyan, currentMarketStatus: false }, ist('2026-11-20 17:00'))).toBeNull();
    expect(reportTiming({ ...kalyan, isActive: false }, '2026-11-20', 'Open', ist('2026-11-20 17:00'))).toBe(
      'closed',
    );
  });
});

describe('reportTiming: early before the session, stale for another day', () => {
  it.each<[GameTimes, string, 'Open' | 'Close' | null, string, string]>([
    [kalyan, '2026-11-20', 'Open', '2026-11-20 16:09:59', 'early'],
    [kalyan, '2026-11-20', 'Open', '2026-11-20 16:10', 'due'],
    [kalyan, '2026-11-20', 'Close', '2026-11-20 16:10', 'early'],
    [kalyan, '2026-11-20', 'Close', '2026-11-20 18:09', 'early'],
    [kalyan, '2026-11-20', 'Close', '2026-11-20 18:10', 'due'],
    // Yesterday's page, once today's market has opened, is stale; before that it is current.
    [kalyan, '2026-11-19', 'Close', '2026-11-20 16:10', 'stale'],
    [kalyan, '2026-11-19', 'Close', '2026-11-20 11:00', 'due'],
    // A page dated tomorrow is early, never current.
    [kalyan, '2026-11-21', 'Open', '2026-11-20 17:00', 'early'],
    // The night session past midnight: its close is due at 00:05 on the next calendar day.
    [mainBazar, '2026-11-19', 'Close', '2026-11-20 00:04', 'early'],
    [mainBazar, '2026-11-19', 'Close', '2026-11-20 00:05', 'due'],
    [mainBazar, '2026-11-19', 'Open', '2026-11-20 00:30', 'due'],
    [mainBazar, '2026-11-20', 'Close', '2026-11-20 00:30', 'early'],
    [mainBazar, '2026-11-19', 'Close', '2026-11-20 21:35', 'stale'],
    [starline10, '2026-11-20', null, '2026-11-20 09:59', 'early'],
    [starline10, '2026-11-20', null, '2026-11-20 10:00', 'due'],
    [starline10, '2026-11-19', null, '2026-11-20 10:00', 'stale'],
    [gali, '2026-11-20', null, '2026-11-20 23:29', 'early'],
    [gali, '2026-11-20', null, '2026-11-21 00:15', 'due'],
  ])('%o %s %s at %s -> %s', (game, day, session, at, expected) => {
    expect(reportTiming(game, day, session, ist(at))).toBe(expected);
  });
});
