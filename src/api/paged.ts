import { api } from './client';
import { toApiError } from './errors';
import type { Envelope, Pagination } from './types';

/** Rows a paged list asks for at once (docs/product.md section 9). */
export const PAGE_SIZE = 10;

export type Page<T> = { items: T[]; pagination: Pagination };

/**
 * GET one page of a paged list (`page` from 1, `limit` 10 per docs/product.md section 9), with the list's
 * own filters in `query`. An answer without pagination is treated as a single page so a list never
 * breaks on a lean server.
 * @example await getPage<Transaction>('user/transactions', 2, 'Failed to fetch transactions')
 */
export async function getPage<T>(
  path: string,
  page: number,
  fallback: string,
  query: Record<string, string> = {},
): Promise<Page<T>> {
  try {
    const searchParams = { page, limit: PAGE_SIZE, ...query };
    const answer = await api.get(path, { searchParams }).json<Envelope<T[]>>();
    const items = Array.isArray(answer.data) ? answer.data : [];
    const pagination = answer.pagination ?? {
      page,
      limit: PAGE_SIZE,
      total: items.length,
      totalPages: 1,
      hasNextPage: false,
      hasPreviousPage: page > 1,
    };
    return { items, pagination };
  } catch (error) {
    throw toApiError(error, fallback);
  }
}
