import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RATE_CHANGED } from '../../../src/domain/messages';
import type { Family } from '../../../src/domain/types';
import { useAppStore } from '../../../src/store/store';
import { mockFetch, ok, PLAYER, renderApp } from '../shell/helpers';
import { BEFORE_OPEN, dialogWins, RATES, resolveRelativeRequests } from './harness';

const DAY = { openTime: '10:00', closeTime: '22:00', marketStatus: true };
const MAIN_GAME = {
  _id: 'g-kalyan',
  family: 'main',
  gameName: 'KALYAN',
  openTime: '10:00',
  closeTime: '22:00',
  isActive: true,
  currentMarketStatus: true,
  marketStatus: true,
  autoResult: false,
  marketDay: '2026-11-21',
  createdAt: '2026-11-01T00:00:00.000Z',
  schedule: Object.fromEntries(
    ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map((d) => [d, DAY]),
  ),
  todayResult: null,
};

function select(family: Family, gameName: string, closeTime: string | null) {
  const game = {
    gameId: family === 'main' ? 'g-kalyan' : `g-${family}`,
    gameName,
    openTime: family === 'main' ? '10:00' : '21:00',
    closeTime,
    gamePurpose: family,
    formattedOpenTime: '',
    formattedCloseTime: null,
  };
  localStorage.setItem('token', 'tok');
  localStorage.setItem('currentGame', JSON.stringify(game));
  useAppStore.setState({ currentGame: game, token: 'tok', isAuthenticated: true, user: PLAYER });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(BEFORE_OPEN);
  resolveRelativeRequests();
});

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('the connected /market menu and bid screen', () => {
  it('opens a screen from the menu, applies the server amount range and rates, submits, refreshes the user', async () => {
    select('main', 'KALYAN', '22:00');
    const calls = mockFetch((call) => {
      if (call.path === '/api/v1/user/user-details') return ok(PLAYER);
      if (call.path === '/api/v1/admin/main-games') return ok([MAIN_GAME]);
      if (call.path === '/api/v1/admin/game-point') return ok([RATES]);
      if (call.path === '/api/v1/admin/required-update') return ok({ min_bidamount: 20, max_bidamount: 500 });
      if (call.path === '/api/v1/user/main/bids') {
        return {
          status: 201,
          body: { status: true, message: 'Bid created successfully!', data: { bids: [], balance: 1225 } },
        };
      }
      return undefined;
    });
    const user = userEvent.setup();
    await renderApp('/market');
    expect(await screen.findByRole('heading', { name: 'KALYAN 10:00 AM - 10:00 PM' })).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Single Digit Bulk' }));
    expect(
      await screen.findByRole('heading', { name: 'Single Digit (10 KA 95) - KALYAN 10:00 AM - 10:00 PM' }),
    ).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/v1/admin/required-update')).toBe(true));
    await user.type(screen.getByLabelText('Amount'), '10');
    expect(await screen.findByText('Minimum bid amount is 20')).toBeTruthy();
    await user.clear(screen.getByLabelText('Amount'));
    await user.type(screen.getByLabelText('Amount'), '25');
    await user.click(screen.getByRole('button', { name: '3' }));
    await user.click(screen.getByRole('button', { name: 'See Bids' }));
    const refreshesBefore = calls.filter((c) => c.path === '/api/v1/user/user-details').length;
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Bid created successfully!')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.path).toBe('/api/v1/user/main/bids');
    expect(post?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    // Each row carries the rate the dialog showed: the bid keeps it or is refused.
    expect(post?.body).toEqual({
      bids: [
        {
          game: 'g-kalyan',
          gameType: 'single-digit',
          amount: 25,
          session: 'Open',
          openDigit: '3',
          rate: { point: 10, amount: 95 },
        },
      ],
    });
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/v1/user/user-details').length).toBeGreaterThan(
        refreshesBefore,
      ),
    );
  });

  it('a rate changed since the dialog showed it: refused, the rates read again, the new win shown and kept', async () => {
    select('main', 'KALYAN', '22:00');
    let rates = RATES;
    let refused = false;
    const calls = mockFetch((call) => {
      if (call.path === '/api/v1/user/user-details') return ok(PLAYER);
      if (call.path === '/api/v1/admin/main-games') return ok([MAIN_GAME]);
      if (call.path === '/api/v1/admin/game-point') return ok([rates]);
      if (call.path === '/api/v1/admin/required-update') return ok({ min_bidamount: 1, max_bidamount: 500 });
      if (call.path === '/api/v1/user/main/bids' && !refused) {
        // The operator's change lands between the dialog and the submission.
        refused = true;
        rates = { ...RATES, singleDigitAmount: 80 };
        return {
          status: 422,
          body: { status: false, message: RATE_CHANGED, errors: { 'bids.0.rate': RATE_CHANGED } },
        };
      }
      if (call.path === '/api/v1/user/main/bids') {
        return {
          status: 201,
          body: { status: true, message: 'Bid created successfully!', data: { bids: [] } },
        };
      }
      return undefined;
    });
    const user = userEvent.setup();
    await renderApp('/market');
    await user.click(await screen.findByRole('link', { name: 'Single Digit Bulk' }));
    await screen.findByRole('heading', { name: 'Single Digit (10 KA 95) - KALYAN 10:00 AM - 10:00 PM' });
    await user.type(screen.getByLabelText('Amount'), '25');
    await user.click(screen.getByRole('button', { name: '3' }));
    await user.click(screen.getByRole('button', { name: 'See Bids' }));
    expect(dialogWins()).toEqual(['237.5']);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findAllByText(RATE_CHANGED)).length).toBeGreaterThan(0);
    // The dialog stays, now showing what the bid pays at the new rate, and sends that rate.
    await waitFor(() => expect(dialogWins()).toEqual(['200']));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findAllByText('Bid created successfully!')).length).toBeGreaterThan(0);
    const posts = calls
      .filter((c) => c.method === 'POST')
      .map((c) => (c.body as { bids: { rate?: unknown }[] }).bids[0]?.rate);
    expect(posts).toEqual([
      { point: 10, amount: 95 },
      { point: 10, amount: 80 },
    ]);
  }, 15_000); // two submissions and a rates read through the whole app: slow on a busy machine

  it("the header balance follows the bid answer's balance even when the refresh after it fails", async () => {
    select('main', 'KALYAN', '22:00');
    let placed = false;
    mockFetch((call) => {
      if (call.path === '/api/v1/user/user-details') {
        // Offline right after the bid: the refresh never reaches the server.
        if (placed) throw new TypeError('Failed to fetch');
        return ok(PLAYER);
      }
      if (call.path === '/api/v1/admin/main-games') return ok([MAIN_GAME]);
      if (call.path === '/api/v1/admin/game-point') return ok([RATES]);
      if (call.path === '/api/v1/admin/required-update') return ok({ min_bidamount: 10, max_bidamount: 500 });
      if (call.path === '/api/v1/user/main/bids') {
        placed = true;
        return {
          status: 201,
          body: { status: true, message: 'Bid created successfully!', data: { bids: [], balance: 1225 } },
        };
      }
      return undefined;
    });
    const user = userEvent.setup();
    await renderApp('/market');
    await user.click(await screen.findByRole('link', { name: 'Single Digit Bulk' }));
    await screen.findByRole('heading', { name: 'Single Digit (10 KA 95) - KALYAN 10:00 AM - 10:00 PM' });
    expect(useAppStore.getState().user?.balance).toBe(1250);
    await user.type(screen.getByLabelText('Amount'), '25');
    await user.click(screen.getByRole('button', { name: '3' }));
    await user.click(screen.getByRole('button', { name: 'See Bids' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findAllByText('Bid created successfully!')).length).toBeGreaterThan(0);
    await waitFor(() => expect(useAppStore.getState().user?.balance).toBe(1225));
    expect(useAppStore.getState().isAuthenticated).toBe(true);
  });

  it('a starline market gets the starline menu', async () => {
    select('starline', 'STAR 21', null);
    mockFetch((call) => (call.path === '/api/v1/user/user-details' ? ok(PLAYER) : ok([])));
    await renderApp('/market');
    expect(await screen.findByRole('heading', { name: 'STAR 21 09:00 PM' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Jodi Digit' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Triple Panna Bulk' })).toBeTruthy();
  });
});
