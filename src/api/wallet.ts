import type { Transaction } from '../contracts/wallet';
import { getPage, type Page } from './paged';

export type { Transaction };

export const FAILED_TO_FETCH_TRANSACTIONS = 'Failed to fetch transactions';

/** The player's ledger, newest first: what moved the balance and why. */
export function fetchTransactions(page: number): Promise<Page<Transaction>> {
  return getPage('user/transactions', page, FAILED_TO_FETCH_TRANSACTIONS);
}
