import { act, fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useOrderStatus } from '../../../src/features/funds/use-order-status';
import { mockFetch, ok, PLAYER, pathOf, renderApp, signedInPlayer } from './harness';

signedInPlayer();

type Status = 'SUCCESS' | 'FAILED' | 'PENDING';
const order = (orderStatus: Status) => ({
  body: {
    status: true,
    order: { orderId: 'ORD123', orderAmount: 1500, orderStatus, createdAt: '2026-11-21T10:00:00Z' },
  },
});

/** Answers the order status calls with the given statuses in turn (the last one repeats). */
function server(statuses: Status[], userBalance = 2750) {
  let i = 0;
  return mockFetch((c) => {
    const path = pathOf(c.path);
    if (path === '/api/payment/orders/ORD123/status') {
      const s = statuses[Math.min(i, statuses.length - 1)] as Status;
      i++;
      return order(s);
    }
    if (path === '/api/v1/user/user-details') return ok({ ...PLAYER, balance: userBalance });
    return ok([]);
  });
}

describe('payment status (/payment/return, /payment/status)', () => {
  it('shows the spinner text while it checks', async () => {
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const url = input instanceof Request ? input.url : String(input);
      // The order status never answers; everything else is the signed-in player.
      if (url.includes('/api/payment/')) return new Promise(() => {});
      return new Response(JSON.stringify({ status: true, data: PLAYER }), {
        headers: { 'Content-Type': 'application/json' },
      });
    });
    await renderApp('/payment/return?order_id=ORD123');
    expect(await screen.findByText('Checking payment status...')).toBeTruthy();
  });

  it('a paid order: success texts, order facts, Back to Home, and the new balance', async () => {
    const calls = server(['SUCCESS']);
    await renderApp('/payment/return?order_id=ORD123');
    expect(await screen.findByText('Payment Successful!')).toBeTruthy();
    expect(screen.getByText('Thank you for your payment.')).toBeTruthy();
    expect(screen.getByText('ORD123')).toBeTruthy();
    expect(screen.getByText('₹1,500')).toBeTruthy();
    expect(screen.getByText('21 NOV 2026')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/payment');
    const status = calls.find((c) => pathOf(c.path) === '/api/payment/orders/ORD123/status');
    expect(status?.headers.get('Authorization')).toBe('Bearer tok');
    expect(await screen.findByText('Funds added successfully')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('₹2,750')).toBeTruthy());
  });

  it('a failed order on /payment/status: failure texts and Try Again', async () => {
    server(['FAILED']);
    await renderApp('/payment/status?order_id=ORD123');
    expect(await screen.findByText('Payment Failed')).toBeTruthy();
    expect(screen.getByText('Your payment could not be processed.')).toBeTruthy();
    expect(screen.getByText('ORD123')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try Again' }).getAttribute('href')).toBe('/payment');
    expect(screen.queryByText('Back to Home')).toBeNull();
  });

  it('asks again while the gateway has not confirmed, and shows the confirmed outcome', async () => {
    const calls = server(['PENDING', 'SUCCESS']);
    await renderApp('/payment/return?order_id=ORD123');
    expect(await screen.findByText('Payment Successful!', {}, { timeout: 4000 })).toBeTruthy();
    expect(calls.filter((c) => pathOf(c.path).startsWith('/api/payment/')).length).toBe(2);
  });

  it('says Order ID not found without an order_id, and asks nothing', async () => {
    const calls = server(['SUCCESS']);
    await renderApp('/payment/return');
    expect(await screen.findByText('Order ID not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try Again' })).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/api/payment/'))).toBe(false);
  });

  it("shows the server's text, else Failed to fetch order status", async () => {
    mockFetch((c) =>
      pathOf(c.path).startsWith('/api/payment/')
        ? { status: 404, body: { status: false, message: 'Order ID not found' } }
        : ok(PLAYER),
    );
    await renderApp('/payment/return?order_id=ORD123');
    expect(await screen.findByText('Order ID not found')).toBeTruthy();
  });

  it('falls back to Failed to fetch order status', async () => {
    mockFetch((c) => (pathOf(c.path).startsWith('/api/payment/') ? { status: 400, body: {} } : ok(PLAYER)));
    await renderApp('/payment/return?order_id=ORD123');
    expect(await screen.findByText('Failed to fetch order status')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try Again' })).toBeTruthy();
  });
});

describe('a pending order (automatic UPI matching, issue 35; cancelling, issue 39)', () => {
  const payBy = new Date(Date.now() + 10 * 60_000).toISOString();
  const waitingOrder = (orderStatus: Status) => ({
    body: {
      status: true,
      order: {
        orderId: 'ORD123',
        orderAmount: 500.37,
        orderStatus,
        createdAt: '2026-11-21T10:00:00Z',
        payAmount: 500.37,
        reference: 'MK7Q3P2X',
        payBy,
        waiting: orderStatus === 'PENDING',
        cancellable: orderStatus === 'PENDING',
      },
    },
  });

  it('says it waits for the bank with the exact amount, and turns to success by itself', async () => {
    let i = 0;
    const calls = mockFetch((c) => {
      const path = pathOf(c.path);
      if (path === '/api/payment/orders/ORD123/status') return waitingOrder(i++ < 1 ? 'PENDING' : 'SUCCESS');
      if (path === '/api/v1/user/user-details') return ok({ ...PLAYER, balance: 500.37 });
      return ok([]);
    });
    await renderApp('/payment/status?order_id=ORD123');
    expect(await screen.findByText("Waiting for your bank's confirmation")).toBeTruthy();
    expect(screen.getByTestId('pay-exact').textContent).toContain('₹500.37');
    expect(screen.getByText('MK7Q3P2X')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pay now' }).getAttribute('href')).toBe(
      '/api/payment/checkout/ORD123?lang=en',
    );
    // No polls run out: the next answer (3 s later) is the credit.
    expect(await screen.findByText('Payment Successful!', {}, { timeout: 6000 })).toBeTruthy();
    expect(calls.filter((c) => pathOf(c.path) === '/api/payment/orders/ORD123/status').length).toBe(2);
  }, 10_000);

  it('cancels after asking, and shows it cancelled by the player', async () => {
    const calls = mockFetch((c) => {
      const path = pathOf(c.path);
      if (path === '/api/payment/orders/ORD123/status') return waitingOrder('PENDING');
      if (path === '/api/payment/orders/ORD123/cancel')
        return ok({ ...waitingOrder('FAILED').body.order, reason: 'Cancelled by you', waiting: false });
      return ok([]);
    });
    await renderApp('/payment/status?order_id=ORD123');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel this payment' }));
    expect(screen.getByText(/Cancel the payment of ₹500.37\?/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByText('Payment Failed')).toBeTruthy();
    expect(screen.getByText('Cancelled by you')).toBeTruthy();
    const cancel = calls.find((c) => pathOf(c.path) === '/api/payment/orders/ORD123/cancel');
    expect(cancel?.method).toBe('POST');
    expect(cancel?.headers.get('Authorization')).toBe('Bearer tok');
  });

  it('a pending order of a gateway shows as pending (not failed) with Cancel when it can be', async () => {
    mockFetch((c) =>
      pathOf(c.path) === '/api/payment/orders/ORD123/status'
        ? {
            body: {
              status: true,
              order: { ...order('PENDING').body.order, cancellable: true, waiting: false },
            },
          }
        : ok([]),
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await renderApp('/payment/status?order_id=ORD123');
    // The gateway is asked again ten times, 2 s apart, before the page says it is pending.
    for (let i = 0; i < 12; i++) await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(await screen.findByText('Payment pending')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel this payment' })).toBeTruthy();
    expect(screen.queryByText('Payment Failed')).toBeNull();
  });
});

describe('useOrderStatus', () => {
  it('gives up on a PENDING order after its polls and reports it as it is', async () => {
    const calls = server(['PENDING']);
    const { result } = renderHook(() => useOrderStatus('ORD123', { pollMs: 5, polls: 3 }));
    expect(result.current.kind).toBe('loading');
    await waitFor(() => expect(result.current.kind).toBe('done'));
    expect(result.current.kind === 'done' && result.current.order.orderStatus).toBe('PENDING');
    expect(calls.filter((c) => pathOf(c.path).startsWith('/api/payment/')).length).toBe(4);
  });
});
