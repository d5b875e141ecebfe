import { useEffect, useRef, useState } from 'react';
import { isNetworkFailure } from '../api/errors';
import type { Page } from '../api/paged';
import type { Pagination } from '../api/types';
import { useNetwork } from '../lib/network';
import { readKey, savedRead, saveRead } from '../lib/saved-reads';

/** What a screen does as a page loads: before the request, with the answer, with the failure. */
export type PageHandlers<T> = {
  pending: () => void;
  done: (answer: Page<T>) => void;
  failed: (error: unknown) => void;
};

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
  const latest = useRef(0);
  // Read at call time: a new callback each render must not refetch the page.
  const current = useRef({ fetchPage, handlers });
  current.current = { fetchPage, handlers };

  const revision = useNetwork((s) => s.revision);

  // biome-ignore lint/correctness/useExhaustiveDependencies: saveAs names one list for the screen's life
  useEffect(() => {
    const ticket = ++latest.current;
    // With `saveAs`, the pages are the player's own, kept for offline (lib/saved-reads.ts).
    const key = saveAs ? readKey('private', `${saveAs}:${page}`) : null;
    current.current.handlers.pending();
    current.current.fetchPage(page).then(
      (answer) => {
        if (key) saveRead(key, answer);
        if (ticket === latest.current) current.current.handlers.done(answer);
      },
      async (error: unknown) => {
        const copy = key && isNetworkFailure(error) ? await savedRead<Page<T>>(key) : undefined;
        if (ticket !== latest.current) return;
        if (copy) current.current.handlers.done(copy.data);
        else current.current.handlers.failed(error);
      },
    );
  }, [page, revision]);

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
  const [items, setItems] = useState<T[] | null>(null);
  const [pagination, setPagination] = useState<Pagination | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const { page, setPage } = usePageLoader(
    fetchPage,
    {
      pending: () => {
        setLoading(true);
        setError(null);
      },
      done: (answer) => {
        setItems(answer.items);
        setPagination(answer.pagination);
        setLoading(false);
      },
      failed: (e) => {
        setError(e instanceof Error ? e.message : String(e));
        setLoading(false);
        onFailed?.(e);
      },
    },
    saveAs,
  );
  return { items, pagination, page, loading, error, setPage };
}
