import { api } from './client';
import { toApiError } from './errors';
import type { Envelope, Pagination } from './types';

/** Rows a paged list asks for at once (product.md section 9). */
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
