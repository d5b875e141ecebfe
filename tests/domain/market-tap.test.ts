import { describe, expect, it } from 'vitest';
import { checkMarketTap, menuLinkMessage } from '../../src/domain/market-tap';
import type { GameType } from '../../src/domain/types';
import type { GameTimes } from '../../src/domain/windows';
import { gali, ist, kalyan, mainBazar } from './fixtures';

const CLOSED = 'Bid not allowed after market close !';

describe('checkMarketTap', () => {
  it.each<[string, GameTimes | null, string, boolean, string | null]>([
    ['running, betting on', kalyan, '2026-11-20 17:00', true, null],
    ['no game', null, '2026-11-20 17:00', true, 'Invalid game data'],
    [
      'unreadable times',
      { ...kalyan, schedule: null, openTime: '' },
      '2026-11-20 17:00',
      true,
      'Invalid game data',
    ],
    ['weekly off', kalyan, '2026-11-22 10:00', true, 'Market is closed for Kalyan'],
    [
      'switched off',
      { ...kalyan, currentMarketStatus: false },
      '2026-11-20 10:00',
      false,
      'Market is closed for Kalyan',
    ],
    ['betting disabled', kalyan, '2026-11-20 10:00', false, 'Global batting is currently disabled'],
  ])('%s', (_name, game, at, globelBatting, expected) => {
    expect(checkMarketTap({ game, now: ist(at), globelBatting })).toBe(expected);
  });
});

describe('menuLinkMessage', () => {
  it.each<[GameTimes, GameType, string, string | null]>([
    [kalyan, 'jodi-digit', '2026-11-20 16:09', null],
    [kalyan, 'jodi-digit', '2026-11-20 16:10', CLOSED],
    [kalyan, 'red-bracket', '2026-11-20 16:10', CLOSED],
    [kalyan, 'full-sangam', '2026-11-20 16:10', CLOSED],
    [kalyan, 'single-digit', '2026-11-20 16:10', null],
    [kalyan, 'single-digit', '2026-11-20 18:10', CLOSED],
    [mainBazar, 'single-panna', '2026-11-21 00:03', null],
    [gali, 'left-digit', '2026-11-20 23:29', null],
    [gali, 'right-digit', '2026-11-20 23:30', CLOSED],
  ])('%#: %s at %s', (game, gameType, at, expected) => {
    expect(menuLinkMessage({ game, gameType, now: ist(at) })).toBe(expected);
  });

  it('blocks once the open result is declared', () => {
    const declared = { open: true, close: false };
    expect(
      menuLinkMessage({ game: kalyan, gameType: 'jodi-digit', now: ist('2026-11-20 12:00'), declared }),
    ).toBe(CLOSED);
  });
});
