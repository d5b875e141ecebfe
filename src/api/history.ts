import type { Bid, Winner } from '../contracts/bids';
import type { Family } from '../contracts/common';
import { api } from './client';
import { toApiError } from './errors';
import type { Envelope, Pagination } from './types';

export const BIDS_FAILED = 'Failed to load bids';
export const WINNERS_FAILED = 'Failed to load winners';

/** Page size of both histories (product.md section 9). */
export const HISTORY_PAGE_SIZE = 10;

export type HistoryFilter = { date: string; marketType: Family; page: number };
export type Paged<T> = { rows: T[]; pagination: Pagination };

async function getPaged<T>(path: string, fallback: string, f: HistoryFilter): Promise<Paged<T>> {
  const searchParams: Record<string, string | number> = {
    marketType: f.marketType,
    page: f.page,
    limit: HISTORY_PAGE_SIZE,
  };
  if (f.date) searchParams.date = f.date;
  try {
    const answer = await api.get(path, { searchParams }).json<Envelope<T[]>>();
    const rows = answer.data ?? [];
    return { rows, pagination: answer.pagination ?? onePage(rows.length, f.page) };
  } catch (error) {
    throw toApiError(error, fallback);
  }
}

/** What a list without a pagination block means: everything is on the page it answered. */
function onePage(total: number, page: number): Pagination {
  return {
    page,
    limit: HISTORY_PAGE_SIZE,
    total,
    totalPages: 1,
    hasNextPage: false,
    hasPreviousPage: page > 1,
  };
}

/** The player's own bids of one family on one day (GET /user/all-bids). */
export function fetchBidHistory(f: HistoryFilter): Promise<Paged<Bid>> {
  return getPaged('user/all-bids', BIDS_FAILED, f);
}

/** The player's own winning bids of one family on one day (GET /user/winners). */
export function fetchWinHistory(f: HistoryFilter): Promise<Paged<Winner>> {
  return getPaged('user/winners', WINNERS_FAILED, f);
}
