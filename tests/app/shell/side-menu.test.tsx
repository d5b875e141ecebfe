import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { menuEntries } from '../../../src/features/layout/menu-items';
import { useAppStore } from '../../../src/store/store';
import { mockFetch, ok, PLAYER, renderApp, signInPlayer } from './helpers';

const initial = useAppStore.getState();

beforeEach(() => {
  localStorage.clear();
  useAppStore.setState(initial, true);
  signInPlayer();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('side menu entries (docs/product.md section 2)', () => {
  it('with globel_batting: every item in order', () => {
    expect(menuEntries(true).map((e) => e.label)).toEqual([
      'Home',
      'Profile',
      'Wallet',
      'Add Fund',
      'Withdrawal',
      'Game Chart',
      'Bid History',
      'Win History',
      'Game Rate',
      'Contact Us',
      'App Setting',
      'How to Play',
      'Share',
      'Rating',
      'Notice',
      'Refer & Earn',
      'Responsible Play',
      'Notifications',
    ]);
  });

  it('without globel_batting: no betting items', () => {
    expect(menuEntries(false).map((e) => e.label)).toEqual([
      'Home',
      'Profile',
      'Contact Us',
      'App Setting',
      'How to Play',
      'Share',
      'Rating',
      'Notice',
      'Refer & Earn',
      'Responsible Play',
      'Notifications',
    ]);
  });

  it('points mode: no Add Fund or Withdrawal, Responsible Play still there', () => {
    const labels = menuEntries(true, 'points').map((e) => e.label);
    expect(labels).not.toContain('Add Fund');
    expect(labels).not.toContain('Withdrawal');
    expect(labels).toContain('Wallet');
    expect(labels.slice(-2)).toEqual(['Responsible Play', 'Notifications']);
  });

  it('sub-items: charts, and Main/Starline/Gali for histories and rates', () => {
    const groups = Object.fromEntries(
      menuEntries(true).flatMap((e) => (e.kind === 'group' ? [[e.label, e.children.map((c) => c.to)]] : [])),
    );
    // Main markets' charts too (issue 39): the list of markets, each opening its weekly chart.
    expect(groups['Game Chart']).toEqual(['/game-chart', '/starline-chart', '/galidisawar-chart']);
    expect(groups['Bid History']).toEqual([
      '/bid-history/main',
      '/bid-history/starline',
      '/bid-history/galidisawar',
    ]);
    expect(groups['Game Rate']).toEqual(['/game-rate/main', '/game-rate/starline', '/game-rate/galidisawar']);
  });
});

describe('side menu and header in the app', () => {
  it('menu icon on /home, one submenu open at a time, logout after confirming', async () => {
    mockFetch((c) => (c.path === '/api/v1/user/user-details' ? ok(PLAYER) : ok([])));
    const router = await renderApp('/home');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = within(screen.getByRole('navigation', { name: 'Main menu' }));
    await user.click(menu.getByRole('button', { name: 'Bid History' }));
    expect(menu.getByRole('link', { name: 'Starline' }).getAttribute('href')).toBe('/bid-history/starline');
    await user.click(menu.getByRole('button', { name: 'Game Rate' }));
    expect(menu.getByRole('button', { name: 'Bid History' }).getAttribute('aria-expanded')).toBe('false');
    expect(menu.getByRole('link', { name: 'Starline' }).getAttribute('href')).toBe('/game-rate/starline');
    await user.click(menu.getByRole('button', { name: 'Logout' }));
    // The question's dialog loads when asked (not home's first load).
    expect(await screen.findByText('Are you sure you want to logout?')).toBeTruthy();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(useAppStore.getState().user).toBeNull();
  });

  it('a back arrow elsewhere, and no balance without globel_batting', async () => {
    const noBetting = { ...PLAYER, globel_batting: false };
    useAppStore.setState({ user: noBetting });
    mockFetch((c) => (c.path === '/api/v1/user/user-details' ? ok(noBetting) : ok([])));
    await renderApp('/profile');
    expect(await screen.findByRole('button', { name: 'Go back' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open menu' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Wallet balance/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add Fund' })).toBeNull();
  });
});
