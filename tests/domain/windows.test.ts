import { describe, expect, it } from 'vitest';
import type { GameType, Session } from '../../src/domain/types';
import {
  availableSessions,
  checkBidWindow,
  currentMarketDay,
  type GameTimes,
  isMarketOpenOn,
  marketState,
  sessionCloseAt,
} from '../../src/domain/windows';
import { gali, ist, kalyan, mainBazar, starline10 } from './fixtures';

const CLOSED = 'Bid not allowed after market close !';
const none = { open: false, close: false };
const openDeclared = { open: true, close: false };
const bothDeclared = { open: true, close: true };

// 2026-11-20 is a Friday, 2026-11-21 a Saturday, 2026-11-22 a Sunday.
describe('checkBidWindow: session bets on Kalyan (16:10-18:10)', () => {
  it.each<[GameType, Session | null, string, { open: boolean; close: boolean }, string | null]>([
    ['single-digit', 'Open', '2026-11-20 16:09', none, null],
    ['single-digit', 'Open', '2026-11-20 16:09:59.999', none, null],
    ['single-digit', 'Open', '2026-11-20 16:10', none, CLOSED],
    ['single-digit', 'Close', '2026-11-20 16:10', none, null],
    ['single-digit', 'Close', '2026-11-20 18:09:59', openDeclared, null],
    ['single-digit', 'Close', '2026-11-20 18:10', openDeclared, CLOSED],
    ['single-digit', 'Open', '2026-11-20 15:00', openDeclared, CLOSED],
    ['single-panna', 'Close', '2026-11-20 17:00', bothDeclared, CLOSED],
    ['sp-motor', 'Open', '2026-11-20 10:00', none, null],
    ['group-panel', 'Close', '2026-11-20 00:00', none, null],
    ['odd-even', null, '2026-11-20 10:00', none, 'Please select a market type'],
    ['left-digit', null, '2026-11-20 10:00', none, 'This game type is not available for this market'],
  ])('%s %s at %s (declared %j) -> %j', (gameType, session, at, declared, expected) => {
    expect(checkBidWindow({ game: kalyan, gameType, session, now: ist(at), declared })).toBe(expected);
  });
});

describe('checkBidWindow: whole-day bets close at the open time', () => {
  const wholeDay: GameType[] = [
    'jodi-digit',
    'digit-base-jodi',
    'red-bracket',
    'group-jodi',
    'full-sangam',
    'half-sangam',
  ];
  it.each(wholeDay)('%s is open at 16:09 and closed at 16:10', (gameType) => {
    for (const session of ['Open', 'Close', null] as const) {
      expect(
        checkBidWindow({ game: kalyan, gameType, session, now: ist('2026-11-20 16:09'), declared: none }),
      ).toBeNull();
      expect(
        checkBidWindow({ game: kalyan, gameType, session, now: ist('2026-11-20 16:10'), declared: none }),
      ).toBe(CLOSED);
    }
  });

  it.each(wholeDay)('%s is closed once the open result is declared, even early', (gameType) => {
    expect(
      checkBidWindow({
        game: kalyan,
        gameType,
        session: 'Close',
        now: ist('2026-11-20 12:00'),
        declared: openDeclared,
      }),
    ).toBe(CLOSED);
  });
});

describe('checkBidWindow: market day and status', () => {
  it.each<[string, GameTimes, string, string | null]>([
    ['Kalyan on its Sunday off', kalyan, '2026-11-22 10:00', 'Market is closed for Kalyan'],
    ['Kalyan inactive', { ...kalyan, isActive: false }, '2026-11-20 10:00', 'Market is closed for Kalyan'],
    [
      'Kalyan with currentMarketStatus false',
      { ...kalyan, currentMarketStatus: false },
      '2026-11-20 10:00',
      'Market is closed for Kalyan',
    ],
    [
      'unnamed game closed',
      { ...kalyan, gameName: undefined, currentMarketStatus: false },
      '2026-11-20 10:00',
      'Market is closed',
    ],
    [
      'unreadable open time',
      { ...kalyan, openTime: '25:00', schedule: null },
      '2026-11-20 10:00',
      'Invalid game data',
    ],
    [
      'unreadable close time',
      { ...kalyan, closeTime: '18-10', schedule: null },
      '2026-11-20 10:00',
      'Invalid game data',
    ],
  ])('%s', (_name, game, at, expected) => {
    expect(
      checkBidWindow({ game, gameType: 'single-digit', session: 'Close', now: ist(at), declared: none }),
    ).toBe(expected);
  });

  it('uses the weekday schedule times over the defaults', () => {
    const game: GameTimes = {
      ...kalyan,
      schedule: {
        ...kalyan.schedule,
        saturday: { openTime: '15:00', closeTime: '16:00', marketStatus: true },
      },
    };
    const at = (t: string, session: Session) =>
      checkBidWindow({
        game,
        gameType: 'single-digit',
        session,
        now: ist(`2026-11-21 ${t}`),
        declared: none,
      });
    expect(at('14:59', 'Open')).toBeNull();
    expect(at('15:00', 'Open')).toBe(CLOSED);
    expect(at('15:59', 'Close')).toBeNull();
    expect(at('16:00', 'Close')).toBe(CLOSED);
    // Friday keeps the default 16:10-18:10.
    expect(
      checkBidWindow({
        game,
        gameType: 'single-digit',
        session: 'Open',
        now: ist('2026-11-20 16:00'),
        declared: none,
      }),
    ).toBeNull();
  });
});

describe('checkBidWindow: Main Bazar runs past midnight (21:35-00:05)', () => {
  it.each<[GameType, Session, string, string | null]>([
    ['single-digit', 'Close', '2026-11-20 23:59', null],
    ['single-digit', 'Close', '2026-11-21 00:03', null],
    ['single-digit', 'Close', '2026-11-21 00:04:59', null],
    // At 00:05 Friday's market is over and Saturday is a weekly off.
    ['single-digit', 'Close', '2026-11-21 00:05', 'Market is closed for Main Bazar'],
    ['single-digit', 'Open', '2026-11-21 00:03', CLOSED],
    ['jodi-digit', 'Open', '2026-11-21 00:03', CLOSED],
    ['single-digit', 'Open', '2026-11-20 21:34', null],
    ['single-digit', 'Open', '2026-11-20 21:35', CLOSED],
    // Thursday's market closes at 00:05 Friday; from then on bets go to Friday's market.
    ['single-digit', 'Close', '2026-11-20 00:04', null],
    ['single-digit', 'Open', '2026-11-20 00:05', null],
    ['jodi-digit', 'Open', '2026-11-20 00:05', null],
  ])('%s %s at %s -> %j', (gameType, session, at, expected) => {
    expect(checkBidWindow({ game: mainBazar, gameType, session, now: ist(at), declared: none })).toBe(
      expected,
    );
  });

  it('a declared close blocks the Close session after midnight', () => {
    expect(
      checkBidWindow({
        game: mainBazar,
        gameType: 'single-digit',
        session: 'Close',
        now: ist('2026-11-21 00:03'),
        declared: bothDeclared,
      }),
    ).toBe(CLOSED);
  });
});

describe('checkBidWindow: one-draw families', () => {
  it.each<[string, GameTimes, GameType, string, { open: boolean; close: boolean }, string | null]>([
    ['starline before the draw', starline10, 'single-digit', '2026-11-22 09:59', none, null],
    ['starline at the draw', starline10, 'single-panna', '2026-11-22 10:00', none, CLOSED],
    ['starline declared', starline10, 'single-digit', '2026-11-22 09:00', openDeclared, CLOSED],
    [
      'starline with a close time',
      { ...starline10, closeTime: '10:05' },
      'single-digit',
      '2026-11-22 10:04',
      none,
      null,
    ],
    [
      'starline at its close time',
      { ...starline10, closeTime: '10:05' },
      'single-digit',
      '2026-11-22 10:05',
      none,
      CLOSED,
    ],
    [
      'starline off today',
      { ...starline10, marketStatus: false },
      'single-digit',
      '2026-11-22 09:00',
      none,
      'Market is closed for Starline 10:00',
    ],
    [
      'starline has no jodi',
      starline10,
      'jodi-digit',
      '2026-11-22 09:00',
      none,
      'This game type is not available for this market',
    ],
    ['gali before 23:30', gali, 'jodi-digit', '2026-11-22 23:29', none, null],
    ['gali at 23:30', gali, 'left-digit', '2026-11-22 23:30', none, CLOSED],
    ['gali declared', gali, 'right-digit', '2026-11-22 20:00', { open: false, close: true }, CLOSED],
    [
      'gali draw after midnight',
      { ...gali, closeTime: '00:10' },
      'jodi-digit',
      '2026-11-23 00:09',
      none,
      null,
    ],
    [
      'gali after its after-midnight draw: bets go to the next day',
      { ...gali, closeTime: '00:10' },
      'jodi-digit',
      '2026-11-23 00:10',
      none,
      null,
    ],
  ])('%s', (_name, game, gameType, at, declared, expected) => {
    expect(checkBidWindow({ game, gameType, session: null, now: ist(at), declared })).toBe(expected);
  });
});

describe('availableSessions', () => {
  it.each<[string, GameTimes, string, { open: boolean; close: boolean } | undefined, Session[]]>([
    ['before open', kalyan, '2026-11-20 15:00', undefined, ['Open', 'Close']],
    ['at open', kalyan, '2026-11-20 16:10', undefined, ['Close']],
    ['at close', kalyan, '2026-11-20 18:10', undefined, []],
    ['open declared early', kalyan, '2026-11-20 15:00', openDeclared, ['Close']],
    ['both declared', kalyan, '2026-11-20 15:00', bothDeclared, []],
    ['weekly off', kalyan, '2026-11-22 10:00', undefined, []],
    ['unreadable times', { ...kalyan, schedule: null, openTime: '' }, '2026-11-20 10:00', undefined, []],
    ['after midnight, previous day still running', mainBazar, '2026-11-20 00:03', undefined, ['Close']],
    ['after that close, the new day', mainBazar, '2026-11-20 00:05', undefined, ['Open', 'Close']],
    ['starline has no sessions', starline10, '2026-11-22 09:00', undefined, []],
  ])('%s', (_name, game, at, declared, expected) => {
    expect(availableSessions(game, ist(at), 'Asia/Kolkata', declared)).toEqual(expected);
  });
});

describe('market day, close instants, state', () => {
  it.each<[GameTimes, string, string]>([
    [mainBazar, '2026-11-20 00:03', '2026-11-19'],
    [mainBazar, '2026-11-20 00:05', '2026-11-20'],
    // Sunday's Main Bazar never ran, so 00:03 Monday belongs to Monday.
    [mainBazar, '2026-11-23 00:03', '2026-11-23'],
    [kalyan, '2026-11-20 00:03', '2026-11-20'],
    [kalyan, '2026-11-20 23:59', '2026-11-20'],
  ])('currentMarketDay at %s', (game, at, day) => {
    expect(currentMarketDay(game, ist(at))).toBe(day);
  });

  it.each<[GameTimes, string, Session | null, string]>([
    [mainBazar, '2026-11-20', 'Open', '2026-11-20T16:05:00.000Z'],
    [mainBazar, '2026-11-20', 'Close', '2026-11-20T18:35:00.000Z'],
    [mainBazar, '2026-11-20', null, '2026-11-20T16:05:00.000Z'],
    [kalyan, '2026-11-20', 'Close', '2026-11-20T12:40:00.000Z'],
    [{ ...kalyan, closeTime: null, schedule: null }, '2026-11-20', 'Close', '2026-11-20T10:40:00.000Z'],
    [starline10, '2026-11-20', null, '2026-11-20T04:30:00.000Z'],
    [{ ...starline10, closeTime: '10:05' }, '2026-11-20', 'Open', '2026-11-20T04:35:00.000Z'],
  ])('sessionCloseAt(%#) on %s %s', (game, day, session, iso) => {
    expect(sessionCloseAt(game, day, session).toISOString()).toBe(iso);
  });

  it('refuses unreadable times', () => {
    expect(() =>
      sessionCloseAt({ ...kalyan, schedule: null, openTime: 'noon' }, '2026-11-20', 'Open'),
    ).toThrow(RangeError);
    expect(() =>
      sessionCloseAt({ ...starline10, gameName: undefined, openTime: 'x' }, '2026-11-20', null),
    ).toThrow(RangeError);
  });

  it.each<[GameTimes, string, boolean]>([
    [kalyan, '2026-11-22', false],
    [kalyan, '2026-11-23', true],
    [{ ...kalyan, schedule: { monday: { marketStatus: true } } }, '2026-11-24', false],
    [{ ...kalyan, schedule: undefined }, '2026-11-22', true],
    [{ ...starline10, marketStatus: undefined }, '2026-11-22', true],
    [{ ...gali, marketStatus: false }, '2026-11-22', false],
  ])('isMarketOpenOn(%#) %s = %j', (game, day, expected) => {
    expect(isMarketOpenOn(game, day)).toBe(expected);
  });

  it.each<[GameTimes, string, 'running' | 'closed']>([
    [kalyan, '2026-11-20 20:00', 'running'],
    [kalyan, '2026-11-22 10:00', 'closed'],
    [{ ...kalyan, currentMarketStatus: false }, '2026-11-20 10:00', 'closed'],
    [mainBazar, '2026-11-21 00:03', 'running'],
    [mainBazar, '2026-11-21 00:05', 'closed'],
  ])('marketState(%#) at %s', (game, at, state) => {
    expect(marketState(game, ist(at))).toBe(state);
  });

  it('works in a zone with DST', () => {
    const ny: GameTimes = { ...mainBazar, schedule: null };
    // 2026-03-08 is the US spring-forward day; 21:35 EDT = 01:35Z and 00:05 EDT the next day = 04:05Z.
    expect(sessionCloseAt(ny, '2026-03-08', 'Open', 'America/New_York').toISOString()).toBe(
      '2026-03-09T01:35:00.000Z',
    );
    expect(sessionCloseAt(ny, '2026-03-08', 'Close', 'America/New_York').toISOString()).toBe(
      '2026-03-09T04:05:00.000Z',
    );
    expect(currentMarketDay(ny, new Date('2026-03-09T04:00:00Z'), 'America/New_York')).toBe('2026-03-08');
  });
});
