import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationPrefs } from '../../../src/contracts/notifications';
import { switchLanguage } from '../../../src/i18n/switch-language';
import { bellChange, useFollow } from '../../../src/lib/follow';
import { TOKEN_KEY } from '../../../src/lib/push';
import { PUSH_OFF_KEY } from '../../../src/lib/push-device';
import { useAppStore } from '../../../src/store/store';
import { type Call, mainGame, mockFetch, ok, renderApp, signInPlayer } from './helpers';

// The Notifications screen and the bell on market cards (issue 40): choices saved as they change,
// the followed markets, the devices with this one marked and removable.

const initial = useAppStore.getState();
const DEFAULTS: NotificationPrefs = { results: 'all', markets: [], wins: true, funds: true };

function server(start: NotificationPrefs = DEFAULTS) {
  let prefs = { ...start };
  let devices = DEVICES('');
  const calls = mockFetch((c: Call) => {
    if (c.path === '/api/v1/user/notifications' && c.method === 'GET') return ok(prefs);
    if (c.path === '/api/v1/user/notifications' && c.method === 'PUT') {
      prefs = { ...prefs, ...(c.body as Partial<NotificationPrefs>) };
      return ok(prefs, { message: 'Your notification choices were saved' });
    }
    if (c.path === '/api/v1/user/devices') return ok(devices);
    if (c.path.startsWith('/api/v1/user/devices/') && c.method === 'DELETE') {
      devices = devices.filter((d) => !c.path.endsWith(d._id));
      return { body: { status: true, message: 'Device removed' } };
    }
    if (c.path.startsWith('/api/v1/admin/main-games'))
      return ok([mainGame(), mainGame({ _id: 'g2', gameName: 'Milan' })]);
    if (
      c.path.startsWith('/api/v1/admin/starline-games') ||
      c.path.startsWith('/api/v1/admin/galidisawar-games')
    )
      return ok([]);
    if (c.path === '/api/v1/user/limits') return ok({ pause: null });
    return undefined;
  });
  return calls;
}

/** Two devices: d1 a Chrome on Android with `fingerprint`, d2 unknown. */
const DEVICES = (fingerprint: string) => [
  {
    _id: 'd1',
    browser: 'Chrome',
    os: 'Android',
    fingerprint,
    createdAt: '2026-11-20T10:00:00Z',
    updatedAt: '2026-11-20T10:00:00Z',
  },
  {
    _id: 'd2',
    browser: null,
    os: null,
    fingerprint: 'ffffffffffffffff',
    createdAt: '2026-10-02T10:00:00Z',
    updatedAt: '2026-10-02T10:00:00Z',
  },
];

const puts = (calls: Call[]) =>
  calls.filter((c) => c.method === 'PUT' && c.path === '/api/v1/user/notifications').map((c) => c.body);

beforeEach(async () => {
  localStorage.clear();
  useAppStore.setState(initial, true);
  useFollow.setState({ userId: null, prefs: null, saving: false });
  signInPlayer();
  // This device's token: its SHA-256 starts with d1's fingerprint (filled in below).
  localStorage.setItem(TOKEN_KEY, 'my-token');
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await switchLanguage('en');
});

async function fingerprintOf(token: string) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return [...new Uint8Array(digest)]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, 16);
}

describe('bell', () => {
  it.each([
    ['all -> follows the market and only followed ones', DEFAULTS, { results: 'followed', markets: ['g1'] }],
    [
      'followed others -> adds it',
      { ...DEFAULTS, results: 'followed', markets: ['g2'] },
      { results: 'followed', markets: ['g2', 'g1'] },
    ],
    [
      'followed -> unfollows',
      { ...DEFAULTS, results: 'followed', markets: ['g1', 'g2'] },
      { markets: ['g2'] },
    ],
    ['none -> follows', { ...DEFAULTS, results: 'none' }, { results: 'followed', markets: ['g1'] }],
  ] as const)('%s', (_label, prefs, change) => {
    expect(bellChange(prefs as NotificationPrefs, 'g1')).toEqual(change);
  });

  it('on a home card follows that market, pressed afterwards', async () => {
    const calls = server();
    await renderApp('/home');
    const bell = await screen.findByRole(
      'button',
      { name: 'Notify me of Kalyan results' },
      { timeout: 5000 },
    );
    await waitFor(() => expect((bell as HTMLButtonElement).disabled).toBe(false), { timeout: 5000 });
    await userEvent.click(bell);
    await screen.findByRole(
      'button',
      { name: 'Stop Kalyan result notifications', pressed: true },
      { timeout: 5000 },
    );
    expect(puts(calls)).toEqual([{ results: 'followed', markets: ['g1'] }]);
    expect(screen.getByRole('button', { name: 'Notify me of Milan results', pressed: false })).toBeTruthy();
    // This build has no Firebase config: the bell says so instead of promising alerts (issue 49).
    await screen.findByText(
      'Kalyan followed. Alerts are not available in this install of the app: results show here while the app is open.',
      undefined,
      { timeout: 5000 },
    );
    expect(screen.queryByText(/You will get Kalyan results/)).toBeNull();
  });
});

describe('/notifications', () => {
  it('saves each choice as it changes and lists the markets to follow', async () => {
    const calls = server();
    await renderApp('/notifications');
    const only = await screen.findByRole('radio', { name: 'Only markets I follow' }, { timeout: 5000 });
    expect((screen.getByRole('radio', { name: 'Every market' }) as HTMLInputElement).checked).toBe(true);
    // Whether alerts can reach this phone comes first, in plain words (issue 49).
    const alerts = screen.getByRole('region', { name: 'Alerts on this phone' });
    expect(within(alerts).getByText(/Alerts are not available in this install of the app/)).toBeTruthy();
    await userEvent.click(only);
    const milan = await screen.findByRole('checkbox', { name: 'Milan' });
    await userEvent.click(milan);
    await waitFor(() => expect((milan as HTMLInputElement).checked).toBe(true));
    await userEvent.click(screen.getByRole('switch', { name: /When I win/ }));
    await screen.findByText('Saved');
    expect(puts(calls)).toEqual([{ results: 'followed' }, { markets: ['g2'] }, { wins: false }]);
    expect(screen.getByText('1 followed')).toBeTruthy();
  });

  it('lists the devices, marks this one, and removing it keeps it from registering again', async () => {
    const mine = await fingerprintOf('my-token');
    const calls = mockFetchWithFingerprint(mine);
    await renderApp('/notifications');
    const list = await screen.findByRole('list', {}, { timeout: 5000 });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringMatching(/^Chrome on AndroidThis deviceAdded 20 Nov 2026Remove$/),
      expect.stringMatching(/^DeviceAdded 2 Oct 2026Remove$/),
    ]);
    await userEvent.click(within(items[0] as HTMLElement).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove device' });
    expect(dialog.textContent).toContain('Stop notifications to Chrome on Android?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/v1/user/devices/d1')).toBe(true);
    expect(localStorage.getItem(PUSH_OFF_KEY)).toBe('1');
  });

  it('speaks Marathi', async () => {
    await switchLanguage('mr');
    server({ ...DEFAULTS, results: 'followed', markets: ['g1'] });
    await renderApp('/notifications');
    await screen.findByRole('radio', { name: 'फक्त मी फॉलो करतो ते मार्केट' }, { timeout: 5000 });
    expect(screen.getByRole('heading', { name: 'सूचना' })).toBeTruthy();
    expect(screen.getByText('1 फॉलो केले')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/Every market|Your devices|When I win/);
  });
});

/** The same server, with d1 carrying this device's fingerprint. */
function mockFetchWithFingerprint(mine: string) {
  let removed = false;
  return mockFetch((c: Call) => {
    if (c.path === '/api/v1/user/notifications') return ok(DEFAULTS);
    if (c.path === '/api/v1/user/devices') {
      const all = DEVICES(mine);
      return ok(removed ? all.slice(1) : all);
    }
    if (c.path === '/api/v1/user/devices/d1' && c.method === 'DELETE') {
      removed = true;
      return { body: { status: true, message: 'Device removed' } };
    }
    if (c.path.startsWith('/api/v1/admin/')) return ok([]);
    if (c.path === '/api/v1/user/limits') return ok({ pause: null });
    return undefined;
  });
}
