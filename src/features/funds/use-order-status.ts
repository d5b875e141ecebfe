import { useEffect, useState } from 'react';
import {
  FAILED_TO_FETCH_ORDER,
  fetchOrderStatus,
  ORDER_ID_NOT_FOUND,
  type PaymentOrder,
} from '../../api/funds';

export type OrderState =
  | { kind: 'loading' }
  | { kind: 'done'; order: PaymentOrder }
  | { kind: 'error'; message: string };

/** A PENDING order is asked again this often, this many times (about 20 s) before it shows as failed. */
export const PENDING_POLL_MS = 2000;
export const PENDING_POLLS = 10;

/**
 * Reads an order's status. The sandbox settles before it redirects, a real gateway may confirm a
 * little later, so PENDING is asked again for a while; whatever it is then is what shows.
 */
export function useOrderStatus(
  orderId: string | null,
  opts: { pollMs?: number; polls?: number } = {},
): OrderState {
  const pollMs = opts.pollMs ?? PENDING_POLL_MS;
  const polls = opts.polls ?? PENDING_POLLS;
  const [state, setState] = useState<OrderState>(
    orderId ? { kind: 'loading' } : { kind: 'error', message: ORDER_ID_NOT_FOUND },
  );

  useEffect(() => {
    if (!orderId) {
      setState({ kind: 'error', message: ORDER_ID_NOT_FOUND });
      return;
    }
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setState({ kind: 'loading' });
    const ask = async (left: number) => {
      try {
        const order = await fetchOrderStatus(orderId);
        if (stopped) return;
        if (order.orderStatus === 'PENDING' && left > 0) {
          timer = setTimeout(() => void ask(left - 1), pollMs);
          return;
        }
        setState({ kind: 'done', order });
      } catch (error) {
        if (!stopped) setState({ kind: 'error', message: (error as Error).message || FAILED_TO_FETCH_ORDER });
      }
    };
    void ask(polls);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [orderId, pollMs, polls]);

  return state;
}
