import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { switchLanguage } from '../../../src/i18n/switch-language';
import { useAppStore } from '../../../src/store/store';
import { mockFetch, ok, PLAYER, renderApp } from '../shell/helpers';
import { freezeClock, galiGame, layoutCalls, mainGame, starlineGame, TODAY } from './fixtures';

const initial = useAppStore.getState();

beforeEach(() => {
  freezeClock();
  localStorage.clear();
  localStorage.setItem('token', 'tok');
  useAppStore.setState({ ...initial, user: PLAYER, isAuthenticated: true }, true);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const MAIN = [mainGame('g1', 'Kalyan'), mainGame('g2', 'Main Bazar')];

function rowTexts(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .map((tr) => [...tr.querySelectorAll('th,td')].map((c) => (c.textContent ?? '').trim()));
}

describe('weekly main chart', () => {
  it('without a game lists the main games, each linking to its chart', async () => {
    mockFetch(
      (call) =>
        layoutCalls(call) ?? (call.path.startsWith('/api/v1/admin/main-games') ? ok(MAIN) : undefined),
    );
    await renderApp('/game-chart');
    const link = await screen.findByRole('link', { name: /Main Bazar/ });
    expect(link.getAttribute('href')).toBe('/game-chart/main%20bazar');
    expect(screen.getByRole('link', { name: /Kalyan/ }).getAttribute('href')).toBe('/game-chart/kalyan');
  });

  it('finds the game by lowercased name and shows weeks Monday to Sunday, masked where missing', async () => {
    const calls = mockFetch(
      (call) =>
        layoutCalls(call) ??
        (call.path.startsWith('/api/v1/admin/main-games')
          ? ok(MAIN)
          : call.path.startsWith('/api/v1/admin/all-result')
            ? ok([
                {
                  _id: 'r1',
                  gameId: 'g2',
                  gameName: 'Main Bazar',
                  resultDate: '2026-11-17',
                  openPanna: { panna: '123', digit: '6' },
                  closePanna: { panna: '459', digit: '8' },
                  createdAt: '2026-11-17T10:00:00Z',
                },
                {
                  _id: 'r2',
                  gameId: 'g2',
                  gameName: 'Main Bazar',
                  resultDate: '2026-11-12',
                  openPanna: { panna: '390', digit: '2' },
                  closePanna: null,
                  createdAt: '2026-11-12T10:00:00Z',
                },
              ])
            : undefined),
    );
    await renderApp('/game-chart/main%20bazar');
    const table = await screen.findByRole('table', { name: 'Main Bazar weekly chart' });
    expect(screen.getByRole('heading', { name: 'Main Bazar Chart' })).toBeTruthy();
    // Each cell stacks open panna, jodi and close panna; textContent runs them together.
    const rows = rowTexts(table);
    expect(rows[0]).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(rows[1]).toEqual(['16/11/2026 to 22/11/2026']);
    expect(rows[2]).toEqual([
      '********',
      '12368459',
      '********',
      '********',
      '********',
      '********',
      '********',
    ]);
    expect(rows[3]).toEqual(['09/11/2026 to 15/11/2026']);
    expect(rows[4]?.[3]).toBe('3902****');
    const resultsCall = calls.find((c) => c.path.startsWith('/api/v1/admin/all-result'));
    const q = new URL(`http://x${resultsCall?.path}`).searchParams;
    expect(Object.fromEntries(q)).toEqual({ gameId: 'g2', from: '2025-11-23', to: TODAY, limit: '1000' });
  });

  const feed = { declaredBy: 'feed', imported: false };
  const latestServer = () =>
    mockFetch(
      (call) =>
        layoutCalls(call) ??
        (call.path.startsWith('/api/v1/admin/main-games')
          ? ok(MAIN)
          : call.path.startsWith('/api/v1/admin/all-result')
            ? ok([
                {
                  _id: 'r1',
                  gameId: 'g1',
                  gameName: 'Kalyan',
                  resultDate: '2026-11-21',
                  openPanna: { panna: '128', digit: '1', declaredAt: '2026-11-21T04:32:00Z', ...feed },
                  closePanna: { panna: '389', digit: '0', declaredAt: '2026-11-21T06:31:00Z', ...feed },
                  declaredAt: '2026-11-21T06:31:00Z',
                  ...feed,
                  createdAt: '2026-11-21T04:32:00Z',
                },
                {
                  _id: 'r0',
                  gameId: 'g1',
                  gameName: 'Kalyan',
                  resultDate: '2024-01-15',
                  openPanna: { panna: '123', digit: '6', declaredAt: null, declaredBy: 'import' },
                  closePanna: null,
                  declaredAt: null,
                  declaredBy: 'import',
                  imported: true,
                  createdAt: '2026-11-01T00:00:00Z',
                },
              ])
            : undefined),
    );

  it('shows the newest result with the time each half was declared', async () => {
    latestServer();
    await renderApp('/game-chart/kalyan');
    const line = await screen.findByTestId('latest-result');
    expect([...line.children].map((c) => c.textContent)).toEqual([
      'Latest result 128-10-389',
      'Open declared at 10:02 AM, 21 NOV 2026',
      'Close declared at 12:01 PM, 21 NOV 2026',
    ]);
  });

  it('says when it was declared in Hindi', async () => {
    await switchLanguage('hi');
    try {
      latestServer();
      await renderApp('/game-chart/kalyan');
      const line = await screen.findByTestId('latest-result', undefined, { timeout: 5000 });
      expect([...line.children].map((c) => c.textContent)).toEqual([
        'ताज़ा रिज़ल्ट 128-10-389',
        'ओपन 10:02 AM, 21 नव॰ 2026 पर घोषित',
        'क्लोज 12:01 PM, 21 नव॰ 2026 पर घोषित',
      ]);
    } finally {
      await switchLanguage('en');
    }
  });

  it('says so when no main game has that name', async () => {
    mockFetch(
      (call) =>
        layoutCalls(call) ?? (call.path.startsWith('/api/v1/admin/main-games') ? ok(MAIN) : undefined),
    );
    await renderApp('/game-chart/nowhere');
    expect(await screen.findByText('Game not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See all game charts' }).getAttribute('href')).toBe(
      '/game-chart',
    );
  });
});

describe('starline chart', () => {
  it("has a column per active game and today's row first with a Today badge", async () => {
    const games = [
      starlineGame('s1', 'Starline 10:00 AM'),
      { ...starlineGame('s2', 'Starline 11:00 AM'), openTime: '11:00' },
      starlineGame('s3', 'Old', false),
    ];
    const results = [
      {
        _id: 'x1',
        gameId: 's1',
        gameName: 'Starline 10:00 AM',
        openTime: '10:00',
        resultDate: TODAY,
        panna: '128',
        digit: '1',
        createdAt: '',
      },
      {
        _id: 'x2',
        gameId: 's2',
        gameName: 'Starline 11:00 AM',
        openTime: '11:00',
        resultDate: '2026-11-20',
        panna: '490',
        digit: '3',
        createdAt: '',
      },
    ];
    mockFetch(
      (call) =>
        layoutCalls(call) ??
        (call.path.startsWith('/api/v1/admin/starline-games')
          ? ok(games)
          : call.path.startsWith('/api/v1/admin/all-starline-result')
            ? ok(results)
            : undefined),
    );
    await renderApp('/starline-chart');
    const table = await screen.findByRole('table', { name: 'Starline Chart' });
    expect(screen.getByRole('heading', { name: 'Starline Chart' })).toBeTruthy();
    expect(rowTexts(table)).toEqual([
      // Headed by the draw time (the names put English into a Hindi chart); the name is the tooltip.
      ['Date', '10:00 AM', '11:00 AM'],
      ['22/11/2026Today', '1281', '* * **'],
      ['20/11/2026', '* * **', '4903'],
    ]);
    expect(within(table).getAllByText('Today')).toHaveLength(1);
    expect(within(table).getByRole('columnheader', { name: '11:00 AM' }).getAttribute('title')).toBe(
      'Starline 11:00 AM',
    );
  });

  it('keeps showing the last copy with an offline note when a refresh fails', async () => {
    const games = [starlineGame('s1', 'Starline 10:00 AM')];
    let online = true;
    mockFetch((call) => {
      if (!online) throw new TypeError('Failed to fetch');
      return (
        layoutCalls(call) ??
        (call.path.startsWith('/api/v1/admin/starline-games')
          ? ok(games)
          : call.path.startsWith('/api/v1/admin/all-starline-result')
            ? ok([])
            : undefined)
      );
    });
    await renderApp('/starline-chart');
    await screen.findByRole('table', { name: 'Starline Chart' });
    expect(screen.queryByText(/^Chart saved at/)).toBeNull();
    cleanup();
    online = false;
    await renderApp('/starline-chart');
    expect(await screen.findByText(/^Chart saved at \d\d:\d\d/)).toBeTruthy();
    expect(screen.getByText(/^Offline - last updated/)).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Starline Chart' })).toBeTruthy();
  });

  it('shows the error when the first load fails and there is nothing saved', async () => {
    mockFetch(
      (call) => layoutCalls(call) ?? { status: 500, body: { status: false, message: 'Server is down' } },
    );
    await renderApp('/starline-chart');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Server is down'), {
      timeout: 5000,
    });
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('galidisawar chart', () => {
  it("shows the jodi, '**' for an undrawn result and '* *' where there is no result", async () => {
    const games = [galiGame('d1', 'Desawar'), galiGame('d2', 'Gali')];
    const results = [
      {
        _id: 'y1',
        gameId: 'd1',
        gameName: 'Desawar',
        openTime: '05:00',
        resultDate: TODAY,
        jodiDigit: '45',
        createdAt: '',
      },
      {
        _id: 'y2',
        gameId: 'd2',
        gameName: 'Gali',
        openTime: '23:30',
        resultDate: TODAY,
        jodiDigit: null,
        createdAt: '',
      },
      {
        _id: 'y3',
        gameId: 'd2',
        gameName: 'Gali',
        openTime: '23:30',
        resultDate: '2026-11-21',
        jodiDigit: '07',
        createdAt: '',
      },
    ];
    mockFetch(
      (call) =>
        layoutCalls(call) ??
        (call.path.startsWith('/api/v1/admin/galidisawar-games')
          ? ok(games)
          : call.path.startsWith('/api/v1/admin/all-gali-result')
            ? ok(results)
            : undefined),
    );
    await renderApp('/galidisawar-chart');
    const table = await screen.findByRole('table', { name: 'Galidisawar Chart' });
    expect(rowTexts(table)).toEqual([
      ['Date', 'Desawar', 'Gali'],
      ['22/11/2026Today', '45', '**'],
      ['21/11/2026', '* *', '07'],
    ]);
  });

  it('with no games and no results still shows the date column and the today row', async () => {
    mockFetch((call) => layoutCalls(call) ?? ok([]));
    await renderApp('/galidisawar-chart');
    const table = await screen.findByRole('table', { name: 'Galidisawar Chart' });
    expect(rowTexts(table)).toEqual([['Date'], ['22/11/2026Today']]);
  });
});
