import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MoneyMode } from '../../../src/domain/responsible-play';
import { useAppStore } from '../../../src/store/store';
import { mockFetch, ok, PLAYER, paged, renderApp, signedInPlayer } from './harness';

signedInPlayer();

function serveMode(mode: () => MoneyMode) {
  mockFetch((c) => {
    if (c.path === '/api/v1/user/user-details') return ok(PLAYER);
    if (c.path === '/api/v1/config') return ok({ marketTz: 'Asia/Kolkata', moneyMode: mode() });
    if (c.path.startsWith('/api/v1/user/funds') || c.path.startsWith('/api/v1/user/withdrawals'))
      return paged([]);
    return undefined;
  });
}

/** The saved mode, as the app kept it from the last GET /config. */
function saveMode(moneyMode: MoneyMode) {
  act(() =>
    useAppStore.setState((s) => ({
      cache: {
        ...s.cache,
        serverConfig: { ...s.cache.serverConfig, data: { marketTz: 'Asia/Kolkata', moneyMode } },
      },
    })),
  );
}

describe('cash screens in points mode', () => {
  it('the guard sends /payment to the wallet when the saved mode is points', async () => {
    serveMode(() => 'points');
    saveMode('points');
    const router = await renderApp('/payment');
    await waitFor(() => expect(router.state.location.pathname).toBe('/wallet'));
  });

  for (const path of ['/payment', '/withdrawal']) {
    it(`${path} open in real mode leaves for the wallet once the server says points`, async () => {
      serveMode(() => 'real');
      saveMode('real');
      const router = await renderApp(path);
      expect(router.state.location.pathname).toBe(path);
      await screen.findAllByText(path === '/payment' ? 'Add Fund' : 'Withdrawal');
      saveMode('points');
      await waitFor(() => expect(router.state.location.pathname).toBe('/wallet'));
    });
  }
});

describe('one unit for the same money (issue 49)', () => {
  const chip = () => screen.getByRole('link', { name: /^Wallet balance/ });

  it('points mode: the header, the wallet and the table all say points, never ₹', async () => {
    serveMode(() => 'points');
    saveMode('points');
    await renderApp('/wallet');
    await waitFor(() => expect(screen.getByTestId('wallet-balance').textContent).toBe('1,250'));
    expect(screen.getByText('Points')).toBeTruthy();
    expect(chip().textContent).toBe('1,250 points');
    expect(chip().getAttribute('aria-label')).toBe('Wallet balance 1,250 points');
    expect(document.body.textContent).not.toContain('₹');
  });

  it('money mode: the header and the wallet both say rupees, and nothing says points', async () => {
    serveMode(() => 'real');
    saveMode('real');
    await renderApp('/wallet');
    await waitFor(() => expect(screen.getByTestId('wallet-balance').textContent).toBe('₹1,250'));
    expect(chip().textContent).toBe('₹1,250');
    expect(document.body.textContent).not.toMatch(/points/i);
  });
});

describe('betting screens when an operator switches betting off', () => {
  for (const path of ['/wallet', '/payment', '/bid-history/main']) {
    it(`${path} open with betting on leaves for home once the user says it is off`, async () => {
      serveMode(() => 'real');
      saveMode('real');
      const router = await renderApp(path);
      expect(router.state.location.pathname).toBe(path);
      act(() =>
        useAppStore.setState((s) => ({ user: s.user ? { ...s.user, globel_batting: false } : s.user })),
      );
      await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    });
  }
});
