import type { Options } from 'ky';
import type { Transaction } from '../contracts/wallet';
import { api } from './client';
import { toApiError } from './errors';
import type { Envelope, Pagination } from './types';

export type { Transaction };

export const FAILED_TO_FETCH_TRANSACTIONS = 'Failed to fetch transactions';
export const PAGE_SIZE = 10;

export type Page<T> = { items: T[]; pagination: Pagination };

/**
 * GET one page of a paged list (`page` from 1, `limit` 10 per product.md section 9). An answer
 * without pagination is treated as a single page so a list never breaks on a lean server.
 * @example await getPage<Transaction>('user/transactions', 2, 'Failed to fetch transactions')
 */
export async function getPage<T>(path: string, page: number, fallback: string): Promise<Page<T>> {
  try {
    const answer = await api.get(path, { searchParams: { page, limit: PAGE_SIZE } }).json<Envelope<T[]>>();
    const items = Array.isArray(answer.data) ? answer.data : [];
    const pagination = answer.pagination ?? {
      page: 1,
      limit: items.length,
      total: items.length,
      totalPages: 1,
      hasNextPage: false,
      hasPreviousPage: false,
    };
    return { items, pagination };
  } catch (error) {
    throw toApiError(error, fallback);
  }
}

/** The player's ledger, newest first: what moved the balance and why. */
export function fetchTransactions(page: number): Promise<Page<Transaction>> {
  return getPage('user/transactions', page, FAILED_TO_FETCH_TRANSACTIONS);
}

/**
 * Options for a money POST that must reach the server once: the caller's Idempotency-Key, and
 * retries (same key) of a lost answer, a timeout, 408/409 (first attempt still running) and 502-504.
 */
export function onceOptions(json: unknown, idempotencyKey: string): Options {
  return {
    json,
    headers: { 'Idempotency-Key': idempotencyKey },
    timeout: 20_000,
    retry: {
      limit: 3,
      methods: ['post'],
      statusCodes: [408, 409, 502, 503, 504],
      retryOnTimeout: true,
      backoffLimit: 4_000,
    },
  };
}

/** Statuses that leave a submission's outcome unknown: the retry must carry the same key. */
const UNSETTLED = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

/**
 * One Idempotency-Key per submission, reused when the player retries the same body after an
 * unsettled failure (network, timeout, 409, 5xx) so the server acts once; a definite answer
 * (success or a refusal) retires the key.
 * @example const keys = createOnceKeys(); keys.keyFor('{"amount":500}') // same key until settle()
 */
export function createOnceKeys() {
  let pending: { key: string; body: string } | null = null;
  return {
    keyFor(body: string): string {
      if (pending?.body !== body) pending = { key: crypto.randomUUID(), body };
      return pending.key;
    },
    /** Called with the failure, or with nothing on success. */
    settle(error?: unknown): void {
      const status = (error as { status?: unknown } | undefined)?.status;
      const unsettled = error !== undefined && (typeof status !== 'number' || UNSETTLED.has(status));
      if (!unsettled) pending = null;
    },
  };
}
