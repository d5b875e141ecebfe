import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MARKET_TZ } from '../../../src/domain/market-time';
import { succeeded } from '../../../src/store/loadable';
import { useAppStore } from '../../../src/store/store';
import { mockFetch, ok, PLAYER, paged, pathOf, renderApp, signedInPlayer, tableText } from './harness';

signedInPlayer();

const TX = [
  {
    _id: 't1',
    description: 'Fund added (order ORD1)',
    createdAt: '2026-11-20T10:00:00Z',
    type: 'credit',
    amount: 100000,
    status: 'completed',
    kind: 'fund',
  },
  {
    _id: 't2',
    description: 'Withdrawal request',
    createdAt: '2026-11-21T10:00:00Z',
    type: 'debit',
    amount: 50.5,
    status: 'pending',
    kind: 'withdrawal',
  },
];

function server(transactions: (page: number) => ReturnType<typeof paged>) {
  return mockFetch((c) => {
    const path = pathOf(c.path);
    if (path === '/api/v1/user/user-details') return ok({ ...PLAYER, balance: 99950 });
    if (path === '/api/v1/user/transactions') {
      return transactions(Number(new URL(c.path, 'http://x').searchParams.get('page')));
    }
    return ok([]);
  });
}

describe('wallet (/wallet)', () => {
  it('shows the fresh balance in rupees, the fund buttons and the transaction table', async () => {
    server(() => paged(TX));
    await renderApp('/wallet');
    // Money mode, one unit: rupees as in the header, never beside the word Points (issues 39, 49).
    await waitFor(() => expect(screen.getByTestId('wallet-balance').textContent).toBe('₹99,950'));
    expect(screen.queryByText('Points')).toBeNull();
    expect(screen.getByRole('link', { name: 'Add Fund' }).getAttribute('href')).toBe('/payment');
    expect(screen.getByRole('link', { name: 'Withdrawal' }).getAttribute('href')).toBe('/withdrawal');
    const table = await screen.findByRole('table');
    expect(tableText(table)).toEqual({
      heads: ['Description', 'Date', 'Type', 'Amount', 'Status'],
      rows: [
        ['Fund added (order ORD1)', '20 NOV 2026', 'Credit', '+₹1,00,000', 'completed'],
        ['Withdrawal request', '21 NOV 2026', 'Debit', '-₹50.50', 'pending'],
      ],
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0] as HTMLElement).getByText('completed').className).toBe('wallet-status ok');
    expect(within(rows[1] as HTMLElement).getByText('pending').className).toBe('wallet-status pending');
    // The date in two lines at most: day and month together, the year apart.
    expect(within(rows[0] as HTMLElement).getByText('20 NOV').className).toBe('nowrap');
  });

  it('a failed withdrawal hold says cancelled or rejected, not failed (issue 39)', async () => {
    const hold = { ...TX[1], status: 'failed' };
    server(() =>
      paged([
        { ...hold, _id: 'c', statusDetail: 'cancelled' },
        { ...hold, _id: 'r', statusDetail: 'rejected' },
        { ...hold, _id: 'f' },
      ]),
    );
    await renderApp('/wallet');
    const table = await screen.findByRole('table');
    expect(tableText(table).rows.map((r) => r[4])).toEqual(['cancelled', 'rejected', 'failed']);
  });

  // 20:00 UTC on 20 Nov is already 21 Nov in Kolkata but still 20 Nov in Los Angeles.
  it.each([
    [DEFAULT_MARKET_TZ, '21 NOV 2026'],
    ['America/Los_Angeles', '20 NOV 2026'],
  ])('dates a transaction in the market zone (%s: %s)', async (marketTz, date) => {
    const cache = useAppStore.getState().cache;
    useAppStore.setState({ cache: { ...cache, serverConfig: succeeded({ marketTz }, Date.now()) } });
    server(() => paged([{ ...TX[0], createdAt: '2026-11-20T20:00:00Z' }]));
    await renderApp('/wallet');
    const table = await screen.findByRole('table');
    const cells = within(table).getAllByRole('cell');
    expect(cells[1]?.textContent).toBe(date);
  });

  it('says No transactions found for an empty ledger, without page buttons', async () => {
    server(() => paged([]));
    await renderApp('/wallet');
    expect(await screen.findByText('No transactions found')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('asks for the page the player picks, 10 a page', async () => {
    const calls = server((page) =>
      paged([{ ...TX[0], _id: `p${page}`, description: `Row of page ${page}` }], page, 3),
    );
    await renderApp('/wallet');
    await screen.findByText('Row of page 1');
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    await screen.findByText('Row of page 2');
    const asked = calls.filter((c) => pathOf(c.path) === '/api/v1/user/transactions').map((c) => c.path);
    expect(asked).toContain('/api/v1/user/transactions?page=2&limit=10');
    expect(screen.getByRole('button', { name: '2' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows the server message when the ledger cannot be read', async () => {
    mockFetch((c) =>
      pathOf(c.path) === '/api/v1/user/transactions'
        ? { status: 403, body: { status: false, message: 'Betting is disabled for this account' } }
        : ok(PLAYER),
    );
    await renderApp('/wallet');
    expect(await screen.findByText('Betting is disabled for this account')).toBeTruthy();
  });
});
