import { useState } from 'react';
import type { Page } from '../api/paged';
import type { Pagination } from '../api/types';
import { readKey } from '../lib/saved-reads';
import { useKeptRead } from '../lib/use-kept-read';

/** What a screen does as a page loads: before the request, with the answer, with the failure. */
export type PageHandlers<T> = {
  pending: () => void;
  done: (answer: Page<T>) => void;
  failed: (error: unknown) => void;
};

/** One page of a paged list through useKeptRead: the player's own pages are kept for offline. */
function usePageRead<T>(
  fetchPage: (page: number) => Promise<Page<T>>,
  page: number,
  saveAs: string | undefined,
  on: Partial<PageHandlers<T>>,
) {
  return useKeptRead<Page<T>>({
    // With `saveAs`, the pages are the player's own, kept for offline (lib/saved-reads.ts).
    key: readKey('private', `${saveAs ?? 'unsaved'}:${page}`),
    fetch: () => fetchPage(page),
    copy: saveAs ? 'offline' : 'none',
    on,
  });
}

/**
 * The page chosen in a paged server list and its loads: page 1 when the screen opens, the chosen
 * page after; only the answer for the latest page reaches the handlers, a late one is dropped.
 * For a screen that keeps the list in its own state (a reducer); others use usePagedList.
 * @example const { page, setPage } = usePageLoader(fetchWithdrawals, { pending, done, failed })
 */
export function usePageLoader<T>(
  fetchPage: (page: number) => Promise<Page<T>>,
  handlers: PageHandlers<T>,
  saveAs?: string,
): { page: number; setPage: (page: number) => void } {
  const [page, setPage] = useState(1);
  usePageRead(fetchPage, page, saveAs, handlers);
  return { page, setPage };
}

export type PagedList<T> = {
  items: T[] | null;
  pagination: Pagination | null;
  page: number;
  loading: boolean;
  error: string | null;
  setPage: (page: number) => void;
};

/**
 * One paged server list held here: the list shown stays until the next page arrives; a failure
 * sets `error` (the message) and is passed to `onFailed`, e.g. to toast it.
 * @example const list = usePagedList(fetchTransactions) // list.items null until page 1 arrives
 */
export function usePagedList<T>(
  fetchPage: (page: number) => Promise<Page<T>>,
  onFailed?: (error: unknown) => void,
  saveAs?: string,
): PagedList<T> {
  const [page, setPage] = useState(1);
  const read = usePageRead(fetchPage, page, saveAs, { failed: onFailed });
  return {
    items: read.data?.items ?? null,
    pagination: read.data?.pagination ?? null,
    page,
    loading: read.loading,
    error: read.error?.message ?? null,
    setPage,
  };
}
