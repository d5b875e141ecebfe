import type {
  Withdrawal,
  WithdrawalMethod,
  WithdrawalMethodBody,
  WithdrawalMethodName,
} from '../contracts/withdrawals';
import { api } from './client';
import { toApiError } from './errors';
import { onceOptions } from './idempotency';
import { getPage, type Page } from './paged';
import type { Envelope } from './types';

export type { Withdrawal, WithdrawalMethod, WithdrawalMethodBody, WithdrawalMethodName };

export const FAILED_TO_ADD_METHOD = 'Failed to add withdrawal method';
export const FAILED_TO_GET_METHODS = 'Failed to get withdrawal methods';
export const FAILED_TO_CREATE_WITHDRAWAL = 'Failed to create withdrawal';
export const FAILED_TO_GET_WITHDRAWALS = 'Failed to get withdrawals';
export const FAILED_TO_CANCEL_WITHDRAWAL = 'Failed to cancel withdrawal';

/** Saves a payout method; saving the same method again replaces the saved one. */
export async function saveWithdrawalMethod(body: WithdrawalMethodBody): Promise<WithdrawalMethod> {
  try {
    const answer = await api
      .post('user/withdrawal/methods', { json: body })
      .json<Envelope<WithdrawalMethod>>();
    return answer.data;
  } catch (error) {
    throw toApiError(error, FAILED_TO_ADD_METHOD);
  }
}

export async function fetchWithdrawalMethods(): Promise<WithdrawalMethod[]> {
  try {
    const answer = await api.get('user/withdrawal/methods').json<Envelope<WithdrawalMethod[]>>();
    return Array.isArray(answer.data) ? answer.data : [];
  } catch (error) {
    throw toApiError(error, FAILED_TO_GET_METHODS);
  }
}

export type WithdrawalCreated = Withdrawal & { balance?: number };

/**
 * Requests a withdrawal; the server holds the amount at once. One Idempotency-Key per submission.
 * @example await createWithdrawal({amount: 500, method: 'bank'}, crypto.randomUUID())
 */
export async function createWithdrawal(
  body: { amount: number; method: WithdrawalMethodName },
  idempotencyKey: string,
): Promise<WithdrawalCreated> {
  try {
    const answer = await api
      .post('user/withdrawal', onceOptions(body, idempotencyKey))
      .json<Envelope<WithdrawalCreated>>();
    return answer.data;
  } catch (error) {
    throw toApiError(error, FAILED_TO_CREATE_WITHDRAWAL);
  }
}

export function fetchWithdrawals(page: number): Promise<Page<Withdrawal>> {
  return getPage('user/withdrawal', page, FAILED_TO_GET_WITHDRAWALS);
}

/**
 * Cancels the player's own pending withdrawal; the server refunds the hold once and answers the
 * withdrawal (status cancelled) with the new balance. 409 when an operator decided it first.
 */
export async function cancelWithdrawal(id: string): Promise<WithdrawalCreated> {
  try {
    const answer = await api
      .post(`user/withdrawal/${encodeURIComponent(id)}/cancel`)
      .json<Envelope<WithdrawalCreated>>();
    return answer.data;
  } catch (error) {
    throw toApiError(error, FAILED_TO_CANCEL_WITHDRAWAL);
  }
}
