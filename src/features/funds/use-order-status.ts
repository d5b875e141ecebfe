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

/** A PENDING order is asked again this often, this many times (about 20 s) before it shows as pending. */
export const PENDING_POLL_MS = 2000;
export const PENDING_POLLS = 10;
/**
 * An order the server settles by itself (`waiting`: the payee's bank message credits it) shows at
 * once and is asked about this often while the page is open, for at most WAITING_FOR_MS.
 */
export const WAITING_POLL_MS = 3000;
export const WAITING_FOR_MS = 30 * 60_000;

/**
 * Reads an order's status. The sandbox settles before it redirects, a real gateway may confirm a
 * little later, so PENDING is asked again for a while; whatever it is then is what shows. A waiting
 * order (automatic UPI matching) shows as waiting and keeps being asked until it settles, so the
 * page turns to success by itself.
 */
export function useOrderStatus(
  orderId: string | null,
  opts: { pollMs?: number; polls?: number; waitingPollMs?: number } = {},
): OrderState {
  const pollMs = opts.pollMs ?? PENDING_POLL_MS;
  const polls = opts.polls ?? PENDING_POLLS;
  const waitingPollMs = opts.waitingPollMs ?? WAITING_POLL_MS;
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
    const started = Date.now();
    setState({ kind: 'loading' });
    const ask = async (left: number) => {
      try {
        const order = await fetchOrderStatus(orderId);
        if (stopped) return;
        if (order.orderStatus === 'PENDING' && order.waiting) {
          setState({ kind: 'done', order });
          if (Date.now() - started < WAITING_FOR_MS) timer = setTimeout(() => void ask(left), waitingPollMs);
          return;
        }
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
  }, [orderId, pollMs, polls, waitingPollMs]);

  return state;
}
