import { vi } from 'vitest';
import type { GaliGame, MainGame, StarlineGame } from '../../../src/api/types';
import type { Bid, Winner } from '../../../src/contracts/bids';
import type { Call } from '../shell/helpers';
import { ok, PLAYER } from '../shell/helpers';

/** 11:30 IST on Sunday 2026-11-22: the market day the screens call today. */
export const NOW = new Date('2026-11-22T06:00:00Z');
export const TODAY = '2026-11-22';

export function freezeClock(): void {
  // Only Date: the app's polling keeps its real timers so waitFor and findBy still tick.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
}

const base = {
  isActive: true,
  currentMarketStatus: true,
  marketStatus: true,
  autoResult: false,
  marketDay: TODAY,
  createdAt: '2026-11-01T00:00:00Z',
};

export function mainGame(id: string, gameName: string): MainGame {
  const day = { openTime: '10:00', closeTime: '12:00', marketStatus: true };
  const schedule = {
    sunday: day,
    monday: day,
    tuesday: day,
    wednesday: day,
    thursday: day,
    friday: day,
    saturday: day,
  };
  return {
    ...base,
    _id: id,
    family: 'main',
    gameName,
    openTime: '10:00',
    closeTime: '12:00',
    schedule,
    todayResult: null,
  };
}

export function starlineGame(id: string, gameName: string, isActive = true): StarlineGame {
  const g = {
    ...base,
    _id: id,
    gameName,
    openTime: '10:00',
    closeTime: null,
    schedule: null,
    todayResult: null,
  };
  return { ...g, family: 'starline', isActive };
}

export function galiGame(id: string, gameName: string): GaliGame {
  const g = {
    ...base,
    _id: id,
    gameName,
    openTime: '05:00',
    closeTime: null,
    schedule: null,
    todayResult: null,
  };
  return { ...g, family: 'galidisawar' };
}

export function bid(n: number, over: Partial<Bid> = {}): Bid {
  return {
    _id: `b${n}`,
    createdAt: '2026-11-22T05:00:00Z',
    game: { _id: 'g1', gameName: 'Demo Day' },
    family: 'main',
    gameType: 'single-digit',
    bidType: 'main',
    session: 'Close',
    digit: null,
    openDigit: null,
    closeDigit: String(n % 10),
    openPanna: null,
    closePanna: null,
    pannaType: null,
    bidDate: TODAY,
    amount: 10,
    rate: { point: 10, amount: 95 },
    status: 'pending',
    winAmount: 0,
    ...over,
  };
}

export function winner(n: number, over: Partial<Winner> = {}): Winner {
  return {
    _id: `w${n}`,
    resultDate: TODAY,
    gameId: { _id: 'g1', gameName: 'Demo Day' },
    gameType: 'single-digit',
    subBid: {
      gameType: 'single-digit',
      session: 'Close',
      digit: null,
      openDigit: null,
      closeDigit: '5',
      openPanna: null,
      closePanna: null,
    },
    amount: 10,
    winAmount: 95,
    createdAt: '2026-11-22T05:00:00Z',
    ...over,
  };
}

export function paged(data: unknown[], page: number, total: number) {
  const totalPages = Math.ceil(total / 10);
  return ok(data, {
    pagination: {
      page,
      limit: 10,
      total,
      totalPages,
      hasNextPage: page < totalPages,
      hasPreviousPage: page > 1,
    },
  });
}

/** Answers the layout's own calls (the player refresh) so only the screen's calls matter. */
export function layoutCalls(call: Call) {
  if (call.path.startsWith('/api/v1/user/user-details')) return ok(PLAYER);
  return undefined;
}
