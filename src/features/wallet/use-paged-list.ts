import { useCallback, useEffect, useRef, useState } from 'react';
import type { Pagination } from '../../api/types';
import type { Page } from '../../api/wallet';

export type PagedList<T> = {
  items: T[] | null;
  pagination: Pagination | null;
  page: number;
  loading: boolean;
  error: string | null;
  setPage: (page: number) => void;
};

/**
 * One paged server list: loads page 1 when the screen opens and the chosen page after; the list
 * shown stays until the next page arrives, and a late answer for an old page is dropped.
 */
export function usePagedList<T>(fetchPage: (page: number) => Promise<Page<T>>): PagedList<T> {
  const [page, setPage] = useState(1);
  const [items, setItems] = useState<T[] | null>(null);
  const [pagination, setPagination] = useState<Pagination | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;

  useEffect(() => {
    const ticket = ++latest.current;
    setLoading(true);
    setError(null);
    fetchRef.current(page).then(
      (answer) => {
        if (ticket !== latest.current) return;
        setItems(answer.items);
        setPagination(answer.pagination);
        setLoading(false);
      },
      (e: unknown) => {
        if (ticket !== latest.current) return;
        setError(e instanceof Error ? e.message : String(e));
        setLoading(false);
      },
    );
  }, [page]);

  const choose = useCallback((p: number) => setPage(p), []);
  return { items, pagination, page, loading, error, setPage: choose };
}
