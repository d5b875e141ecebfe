import type { FundCreated, FundRequest, PaymentOrder } from '../contracts/funds';
import { api } from './client';
import { toApiError } from './errors';
import { onceOptions } from './idempotency';
import { getPage, type Page } from './paged';
import type { Envelope } from './types';

export type { FundCreated, FundRequest, PaymentOrder };

export const FAILED_TO_FETCH_FUND = 'Failed to fetch fund';
export const FAILED_TO_ADD_FUND = 'Failed to add fund';
export const ORDER_ID_NOT_FOUND = 'Order ID not found';
export const FAILED_TO_FETCH_ORDER = 'Failed to fetch order status';
export const FAILED_TO_CANCEL_ORDER = 'Failed to cancel the order';

/**
 * The payment host's base (docs/api.md: same server by default, the app reads it from config).
 * VITE_PAYMENT_BASE_URL at build time points it elsewhere.
 */
export const PAYMENT_BASE: string =
  (import.meta.env?.VITE_PAYMENT_BASE_URL as string | undefined) || '/api/payment';

/** The player's fund requests, newest first. */
export function fetchFundHistory(page: number): Promise<Page<FundRequest>> {
  return getPage('user/fund-by-user', page, FAILED_TO_FETCH_FUND);
}

/**
 * Opens a fund request and its payment order; the answer's paymentUrl is the checkout page.
 * @example await addFund(500, crypto.randomUUID()) // {fundId, orderId, paymentUrl: '/api/payment/checkout/...'}
 */
export async function addFund(amount: number, idempotencyKey: string): Promise<FundCreated> {
  try {
    const answer = await api
      .post('user/fund', onceOptions({ amount }, idempotencyKey))
      .json<Envelope<FundCreated>>();
    return answer.data;
  } catch (error) {
    throw toApiError(error, FAILED_TO_ADD_FUND);
  }
}

/** One payment order's status as the payment host reports it (bearer, own orders only). */
export async function fetchOrderStatus(orderId: string): Promise<PaymentOrder> {
  try {
    const answer = await api
      .get(`orders/${encodeURIComponent(orderId)}/status`, { prefix: PAYMENT_BASE })
      .json<{ status: boolean; message?: string; order?: PaymentOrder }>();
    if (!answer.order) throw new Error('no order in the answer');
    return answer.order;
  } catch (error) {
    throw toApiError(error, FAILED_TO_FETCH_ORDER);
  }
}

/**
 * Cancels the player's own unpaid order (pending, no UTR, no payment): it fails, "Cancelled by
 * you", and stops counting toward the deposit limit. Answers the order as it is now.
 */
export async function cancelOrder(orderId: string): Promise<PaymentOrder> {
  try {
    const answer = await api
      .post(`orders/${encodeURIComponent(orderId)}/cancel`, { prefix: PAYMENT_BASE })
      .json<Envelope<PaymentOrder>>();
    return answer.data;
  } catch (error) {
    throw toApiError(error, FAILED_TO_CANCEL_ORDER);
  }
}

/** The checkout page of an order, in the app's language (the page speaks it too). */
export function checkoutUrl(orderId: string, lang: string): string {
  return `${PAYMENT_BASE}/checkout/${encodeURIComponent(orderId)}?lang=${encodeURIComponent(lang)}`;
}
