import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createOnceKeys } from '../../../src/api/idempotency';
import { PaymentPage } from '../../../src/features/funds/payment-page';
import { useAppStore } from '../../../src/store/store';
import { type Call, mockFetch, paged, pathOf, renderWithToasts, signedInPlayer, tableText } from './harness';

signedInPlayer();

const FUNDS = [
  {
    _id: 'f1',
    createdAt: '2026-11-21T10:00:00Z',
    balance: 5000,
    amount: 5000,
    status: 'success',
    orderId: 'A',
  },
  {
    _id: 'f2',
    createdAt: '2026-11-20T10:00:00Z',
    balance: 500,
    amount: 500,
    status: 'rejected',
    orderId: 'B',
  },
  {
    _id: 'f3',
    createdAt: '2026-11-19T10:00:00Z',
    balance: 100000,
    amount: 100000,
    status: 'pending',
    orderId: 'C',
  },
];

type Reply = { status?: number; body?: unknown };

function server(opts: { history?: Reply; fund?: (c: Call) => Reply } = {}) {
  return mockFetch((c) => {
    const path = pathOf(c.path);
    if (path === '/api/v1/user/fund-by-user') return opts.history ?? paged(FUNDS);
    if (path === '/api/v1/user/fund' && c.method === 'POST') {
      return (
        opts.fund?.(c) ?? {
          status: 201,
          body: {
            status: true,
            message: 'Fund request created',
            data: { fundId: 'f9', orderId: 'ORD9', paymentUrl: '/api/payment/checkout/ORD9' },
          },
        }
      );
    }
    return undefined;
  });
}

const amountBox = () => screen.getByLabelText('Enter Amount') as HTMLInputElement;
const proceed = () => screen.getByRole('button', { name: 'Proceed' }) as HTMLButtonElement;

describe('add fund (/payment)', () => {
  it('keeps digits only and enables Proceed only for an amount above zero', async () => {
    server();
    await renderWithToasts(<PaymentPage navigate={vi.fn()} />);
    expect(proceed().disabled).toBe(true);
    await userEvent.type(amountBox(), 'a1b2,0');
    expect(amountBox().value).toBe('120');
    expect(proceed().disabled).toBe(false);
    await userEvent.clear(amountBox());
    await userEvent.type(amountBox(), '0');
    expect(amountBox().value).toBe('0');
    expect(proceed().disabled).toBe(true);
  });

  it('a paused player is told why, and Proceed stays off (issue 39)', async () => {
    server();
    const user = useAppStore.getState().user;
    useAppStore.setState({
      user: user && { ...user, pausedUntil: new Date(Date.now() + 3_600_000).toISOString() },
    });
    await renderWithToasts(<PaymentPage navigate={vi.fn()} />);
    await userEvent.type(amountBox(), '500');
    expect(proceed().disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toMatch(
      /^Your account is paused until .+, \d\d:\d\d [AP]M$/,
    );
    useAppStore.setState({ user });
  });

  it('offers the six quick amounts, which fill the amount', async () => {
    server();
    await renderWithToasts(<PaymentPage navigate={vi.fn()} />);
    const group = screen.getByRole('group', { name: 'Quick amounts' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['₹500', '₹1,000', '₹5,000', '₹10,000', '₹50,000', '₹1,00,000']);
    await userEvent.click(within(group).getByRole('button', { name: '₹50,000' }));
    expect(amountBox().value).toBe('50000');
    expect(within(group).getByRole('button', { name: '₹50,000' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('posts {amount} with an Idempotency-Key and goes to the checkout page', async () => {
    const calls = server();
    const navigate = vi.fn();
    await renderWithToasts(<PaymentPage navigate={navigate} />);
    await userEvent.click(screen.getByRole('button', { name: '₹1,000' }));
    await userEvent.click(proceed());
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/api/payment/checkout/ORD9?lang=en'));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ amount: 1000 });
    expect(post?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(post?.headers.get('Authorization')).toBe('Bearer tok');
  });

  it('toasts the server message first, else Failed to add fund, and stays', async () => {
    let answer: Reply = { status: 422, body: { status: false, message: 'Amount is too large' } };
    const navigate = vi.fn();
    server({ fund: () => answer });
    await renderWithToasts(<PaymentPage navigate={navigate} />);
    await userEvent.type(amountBox(), '500');
    await userEvent.click(proceed());
    expect(await screen.findByText('Amount is too large')).toBeTruthy();
    answer = { status: 400, body: { status: false } };
    await userEvent.click(proceed());
    expect(await screen.findByText('Failed to add fund')).toBeTruthy();
    expect(navigate).not.toHaveBeenCalled();
    expect(proceed().disabled).toBe(false);
  });

  it('lists the fund history with Date, Amount and Status badges; a pending order opens', async () => {
    server();
    await renderWithToasts(<PaymentPage navigate={vi.fn()} />);
    const table = await screen.findByRole('table');
    expect(tableText(table)).toEqual({
      heads: ['Date', 'Amount', 'Status'],
      rows: [
        ['21 NOV 2026', '₹5,000', 'Success'],
        ['20 NOV 2026', '₹500', 'Rejected'],
        ['19 NOV 2026', '₹1,00,000', 'Pending Open'],
      ],
    });
    expect(screen.getByText('Success').className).toContain('badge-success');
    expect(screen.getByText('Rejected').className).toContain('badge-muted');
    expect(screen.getByText('Pending').className).toContain('badge-pending');
    // The pending order opens on its status page (pay it, or cancel it: issue 39).
    const open = screen.getByRole('link', { name: 'Open' });
    expect(open.getAttribute('href')).toBe('/payment/status?order_id=C');
  });

  it('says No Fund history found for a player who never added funds', async () => {
    server({ history: paged([]) });
    await renderWithToasts(<PaymentPage navigate={vi.fn()} />);
    expect(await screen.findByText('No Fund history found')).toBeTruthy();
  });

  it('toasts Failed to fetch fund when the history cannot be read', async () => {
    server({ history: { status: 400, body: { status: false } } });
    await renderWithToasts(<PaymentPage navigate={vi.fn()} />);
    expect(await screen.findByText('Failed to fetch fund')).toBeTruthy();
  });
});

describe('one Idempotency-Key per submission', () => {
  it('reuses the key for a retry after an unsettled failure, not after a definite answer', () => {
    const keys = createOnceKeys();
    const first = keys.keyFor('{"amount":500}');
    keys.settle({ status: null });
    expect(keys.keyFor('{"amount":500}')).toBe(first);
    keys.settle({ status: 503 });
    expect(keys.keyFor('{"amount":500}')).toBe(first);
    keys.settle({ status: 422 });
    const second = keys.keyFor('{"amount":500}');
    expect(second).not.toBe(first);
    expect(keys.keyFor('{"amount":1000}')).not.toBe(second);
    keys.settle();
    expect(keys.keyFor('{"amount":1000}')).not.toBe(second);
  });
});
