import { renderHook, screen, waitFor } from '@testing-library/react';
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
