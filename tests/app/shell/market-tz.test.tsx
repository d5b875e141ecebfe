import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_MARKET_TZ } from '../../../src/domain/market-time';
import { loadServerConfig, marketTzOf } from '../../../src/lib/market-tz';
import { succeeded } from '../../../src/store/loadable';
import { partialize, useAppStore } from '../../../src/store/store';
import { everyDay, mainGame, mockFetch, ok, PLAYER, renderApp, signInPlayer } from './helpers';

// The server's MARKET_TZ (GET /config) decides which market day and which side of a close time the
// app is on; the saved store keeps it for offline starts.

const initial = useAppStore.getState();
/** Kalyan takes Saturdays off. */
const KALYAN = mainGame({
  closeTime: '15:00',
  schedule: {
    ...everyDay({ openTime: '10:00', closeTime: '15:00', marketStatus: true }),
    saturday: { openTime: '10:00', closeTime: '15:00', marketStatus: false },
  },
});
/** Saturday 12:00 in Kolkata, still Friday (22:30) in Los Angeles. */
const AT = new Date('2026-11-21T06:30:00Z');

function withZone(marketTz: string) {
  const cache = useAppStore.getState().cache;
  useAppStore.setState({ cache: { ...cache, serverConfig: succeeded({ marketTz }, Date.now()) } });
}

beforeEach(() => {
  localStorage.clear();
  useAppStore.setState(initial, true);
  signInPlayer();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('market time zone', () => {
  it('is the default until the server has answered', () => {
    expect(marketTzOf(useAppStore.getState())).toBe(DEFAULT_MARKET_TZ);
  });

  it('loads from GET /config, and the saved store keeps it', async () => {
    const calls = mockFetch((c) => (c.path === '/api/v1/config' ? ok({ marketTz: 'Etc/GMT-5' }) : undefined));
    expect(await loadServerConfig()).toBe('Etc/GMT-5');
    expect(calls.map((c) => c.path)).toEqual(['/api/v1/config']);
    expect(partialize(useAppStore.getState()).cache.serverConfig?.data).toEqual({ marketTz: 'Etc/GMT-5' });
  });

  it('keeps the saved zone when the server cannot be reached', async () => {
    withZone('Asia/Tokyo');
    mockFetch(() => ({ status: 500, body: { status: false, message: 'down' } }));
    expect(await loadServerConfig()).toBe('Asia/Tokyo');
  });

  it.each([
    [DEFAULT_MARKET_TZ, 'Market Closed'],
    ['America/Los_Angeles', 'Market Running'],
  ])('home reads the weekday in %s: %s', async (tz, status) => {
    vi.useFakeTimers({ toFake: ['Date'], now: AT });
    withZone(tz);
    mockFetch((c) => {
      if (c.path === '/api/v1/admin/main-games') return ok([KALYAN]);
      if (c.path === '/api/v1/user/user-details') return ok(PLAYER);
      return ok([]);
    });
    await renderApp('/home');
    expect(await screen.findByText(status)).toBeTruthy();
  });
});
