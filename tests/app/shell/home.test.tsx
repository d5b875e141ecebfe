import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MainGame } from '../../../src/api/types';
import { isListedToday, tapMarket } from '../../../src/lib/game-selection';
import { useAppStore } from '../../../src/store/store';
import { everyDay, mainGame, mockFetch, ok, PLAYER, renderApp, signInPlayer } from './helpers';

const initial = useAppStore.getState();
const DAY = { openTime: '10:00', closeTime: '22:00', marketStatus: true };
const WEEK = everyDay(DAY);

const IST = 'Asia/Kolkata';
/** 12:00 IST on Saturday 2026-11-21. */
const NOON = new Date('2026-11-21T06:30:00Z');

beforeEach(() => {
  localStorage.clear();
  useAppStore.setState(initial, true);
  signInPlayer();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('market tap (docs/product.md section 5)', () => {
  it('lets a running market through with the selection to store', () => {
    const r = tapMarket(mainGame(), true, NOON, IST);
    expect(r).toEqual({
      ok: true,
      selection: {
        gameId: 'g1',
        gameName: 'Kalyan',
        openTime: '10:00',
        closeTime: '22:00',
        gamePurpose: 'main',
        formattedOpenTime: '10:00 AM',
        formattedCloseTime: '10:00 PM',
      },
    });
  });

  it.each([
    ['no game', null, true, 'Invalid game data'],
    [
      'unreadable times',
      mainGame({ openTime: 'soon', schedule: { ...WEEK, saturday: { ...DAY, openTime: 'soon' } } }),
      true,
      'Invalid game data',
    ],
    ['market switched off', mainGame({ currentMarketStatus: false }), true, 'Market is closed for Kalyan'],
    [
      "today's schedule closed",
      mainGame({ schedule: { ...WEEK, saturday: { ...DAY, marketStatus: false } } }),
      true,
      'Market is closed for Kalyan',
    ],
    ['betting disabled', mainGame(), false, 'Global batting is currently disabled'],
  ])('%s: %s', (_label, g, batting, message) => {
    expect(tapMarket(g, batting, NOON, IST)).toEqual({ ok: false, message });
  });

  it('lists only active games', () => {
    expect(isListedToday(mainGame(), NOON, IST)).toBe(true);
    expect(isListedToday(mainGame({ isActive: false }), NOON, IST)).toBe(false);
  });
});

function homeServer(games: MainGame[]) {
  return mockFetch((c) => {
    if (c.path === '/api/v1/admin/main-games') return ok(games);
    if (c.path === '/api/v1/user/user-details') return ok(PLAYER);
    if (c.path === '/api/v1/admin/all-slider') return ok([]);
    if (c.path === '/api/v1/admin/contact') return ok({ mobilenumber: '', whatsappnumber: '' });
    return ok([]);
  });
}

describe('home', () => {
  it('shows "No Active Games" when nothing is active', async () => {
    homeServer([mainGame({ isActive: false })]);
    await renderApp('/home');
    expect(await screen.findByText('No Active Games')).toBeTruthy();
  });

  it('shows the read failure, not "No Active Games", when the markets cannot be read', async () => {
    mockFetch((c) => {
      if (c.path === '/api/v1/admin/main-games')
        return { status: 400, body: { status: false, message: 'Bad' } };
      if (c.path === '/api/v1/user/user-details') return ok(PLAYER);
      return ok([]);
    });
    await renderApp('/home');
    expect((await screen.findByRole('alert')).textContent).toBe('Error loading games: Bad');
    expect(screen.queryByText('No Active Games')).toBeNull();
  });

  it('the starline list shows the read failure with the default message', async () => {
    mockFetch((c) => {
      if (c.path === '/api/v1/admin/starline-games') return { status: 400, body: {} };
      if (c.path === '/api/v1/user/user-details') return ok(PLAYER);
      return ok([]);
    });
    await renderApp('/starline');
    expect((await screen.findByRole('alert')).textContent).toBe('Error loading games: Failed to load games');
    expect(screen.queryByText('No Active Starline Games')).toBeNull();
  });

  it('shows masks, partial results in red, complete ones in green, and the chart link', async () => {
    homeServer([
      mainGame(),
      mainGame({
        _id: 'g2',
        gameName: 'Milan Day',
        todayResult: {
          _id: 'r',
          resultDate: '2026-11-21',
          openPanna: { panna: '123', digit: '6' },
          closePanna: null,
        },
      }),
      mainGame({
        _id: 'g3',
        gameName: 'Time Bazar',
        todayResult: {
          _id: 'r2',
          resultDate: '2026-11-21',
          openPanna: { panna: '123', digit: '6' },
          closePanna: { panna: '459', digit: '8' },
        },
      }),
    ]);
    await renderApp('/home');
    const results = await screen.findAllByTestId('market-result');
    expect(results.map((r) => [r.textContent, r.className])).toEqual([
      ['***-**-***', 'result'],
      ['123-6', 'result partial'],
      ['123-68-459', 'result complete'],
    ]);
    expect(screen.getByRole('link', { name: 'Milan Day chart' }).getAttribute('href')).toBe(
      '/game-chart/milan%20day',
    );
  });

  it('Call and WhatsApp are disabled without the player phone', async () => {
    useAppStore.setState({ user: { ...PLAYER, phone: '' } });
    mockFetch((c) => (c.path === '/api/v1/user/user-details' ? ok({ ...PLAYER, phone: '' }) : ok([])));
    await renderApp('/home');
    const tiles = within(await screen.findByRole('navigation', { name: 'Quick actions' }));
    expect((tiles.getByRole('button', { name: /Call/ }) as HTMLButtonElement).disabled).toBe(true);
    expect((tiles.getByRole('button', { name: /WhatsApp/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('tapping a closed market toasts and stays; the wallet chip opens /wallet', async () => {
    homeServer([mainGame({ currentMarketStatus: false })]);
    const router = await renderApp('/home');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Play Kalyan' }));
    expect(await screen.findByText('Market is closed for Kalyan')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home');
    await userEvent.setup().click(screen.getByRole('link', { name: /Wallet balance/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/wallet'));
  });
});

describe('a paused player (issue 39)', () => {
  const until = new Date(Date.now() + 86_400_000).toISOString();
  const PAUSED = { ...PLAYER, pausedUntil: until };

  it('home says so, leads to when it ends, and no market says Market Running', async () => {
    useAppStore.setState({ user: PAUSED });
    mockFetch((c) => {
      if (c.path === '/api/v1/admin/main-games')
        return ok([
          mainGame({ schedule: everyDay({ openTime: '00:01', closeTime: '23:59', marketStatus: true }) }),
        ]);
      if (c.path === '/api/v1/user/user-details') return ok(PAUSED);
      return ok([]);
    });
    await renderApp('/home');
    const banner = (
      await screen.findByText(/^Your account is paused: no bids or deposits until it ends\./)
    ).closest('[role="status"]') as HTMLElement;
    expect(within(banner).getByRole('link', { name: 'Until when?' }).getAttribute('href')).toBe(
      '/responsible-play',
    );
    await screen.findAllByTestId('market-result');
    expect(screen.queryByText('Market Running')).toBeNull();
  });

  it('a pause that has ended says nothing', async () => {
    const over = { ...PLAYER, pausedUntil: '2020-01-01T00:00:00Z' };
    useAppStore.setState({ user: over });
    homeServer([mainGame()]);
    await renderApp('/home');
    await screen.findAllByTestId('market-result');
    expect(screen.queryByText(/paused/)).toBeNull();
  });
});
