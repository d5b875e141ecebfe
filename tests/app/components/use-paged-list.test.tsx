import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/errors';
import type { Page } from '../../../src/api/paged';
import { usePagedList, usePageLoader } from '../../../src/components/use-paged-list';

const info = (page: number, totalPages = 3) => ({
  page,
  limit: 10,
  total: totalPages * 10,
  totalPages,
  hasNextPage: page < totalPages,
  hasPreviousPage: page > 1,
});
const pageOf = (page: number): Page<string> => ({ items: [`row of page ${page}`], pagination: info(page) });

/** A fetch whose answers the test releases one by one, in any order. */
function deferredFetch() {
  const waiting = new Map<number, { resolve: (p: Page<string>) => void; reject: (e: unknown) => void }>();
  const fetchPage = vi.fn(
    (page: number) =>
      new Promise<Page<string>>((resolve, reject) => {
        waiting.set(page, { resolve, reject });
      }),
  );
  return { fetchPage, waiting };
}

describe('usePagedList', () => {
  it('loads page 1 when it mounts, then the chosen page, keeping the list until it arrives', async () => {
    const { fetchPage, waiting } = deferredFetch();
    const { result } = renderHook(() => usePagedList(fetchPage));
    expect(result.current).toMatchObject({ items: null, page: 1, loading: true, error: null });
    await act(async () => waiting.get(1)?.resolve(pageOf(1)));
    expect(result.current).toMatchObject({ items: ['row of page 1'], loading: false });
    expect(result.current.pagination?.totalPages).toBe(3);

    act(() => result.current.setPage(2));
    expect(result.current).toMatchObject({ items: ['row of page 1'], page: 2, loading: true });
    await act(async () => waiting.get(2)?.resolve(pageOf(2)));
    expect(result.current).toMatchObject({ items: ['row of page 2'], page: 2, loading: false });
    expect(fetchPage.mock.calls.map(([p]) => p)).toEqual([1, 2]);
  });

  it('drops a late answer for a page the player has already left', async () => {
    const { fetchPage, waiting } = deferredFetch();
    const { result } = renderHook(() => usePagedList(fetchPage));
    await act(async () => waiting.get(1)?.resolve(pageOf(1)));
    act(() => result.current.setPage(2));
    act(() => result.current.setPage(3));
    await act(async () => waiting.get(3)?.resolve(pageOf(3)));
    await act(async () => waiting.get(2)?.resolve(pageOf(2)));
    expect(result.current).toMatchObject({ items: ['row of page 3'], page: 3, loading: false });
  });

  it('keeps the message of a failure, hands the failure to onFailed and clears it on the next load', async () => {
    const { fetchPage, waiting } = deferredFetch();
    const onFailed = vi.fn();
    const { result } = renderHook(() => usePagedList(fetchPage, onFailed));
    // The server answered with a failure (a network failure with no copy reads differently, below).
    const failure = new ApiError('Failed to fetch transactions', 500, null);
    await act(async () => waiting.get(1)?.reject(failure));
    expect(result.current).toMatchObject({
      items: null,
      loading: false,
      error: 'Failed to fetch transactions',
    });
    expect(onFailed).toHaveBeenCalledWith(failure);

    act(() => result.current.setPage(2));
    expect(result.current).toMatchObject({ loading: true, error: null });
    await act(async () => waiting.get(2)?.resolve(pageOf(2)));
    expect(result.current.items).toEqual(['row of page 2']);
    expect(onFailed).toHaveBeenCalledTimes(1);
  });

  it('offline with nothing saved says so, not the load failure (issue 39)', async () => {
    const { fetchPage, waiting } = deferredFetch();
    const { result } = renderHook(() => usePagedList(fetchPage, undefined, 'offline-test'));
    await act(async () => waiting.get(1)?.reject(new ApiError('Failed to fetch transactions', null, null)));
    expect(result.current).toMatchObject({ items: null, error: 'Offline - nothing saved yet' });
  });
});

describe('usePageLoader', () => {
  it('calls pending, then done with the latest answer only; a new handler object does not refetch', async () => {
    const { fetchPage, waiting } = deferredFetch();
    const seen: string[] = [];
    const { result, rerender } = renderHook(() =>
      usePageLoader(fetchPage, {
        pending: () => seen.push('pending'),
        done: (a) => seen.push(`done ${a.pagination.page}`),
        failed: (e) => seen.push(`failed ${(e as Error).message}`),
      }),
    );
    rerender();
    act(() => result.current.setPage(2));
    await act(async () => waiting.get(1)?.resolve(pageOf(1)));
    await act(async () => waiting.get(2)?.reject(new Error('Failed to get withdrawals')));
    await waitFor(() => expect(seen).toEqual(['pending', 'pending', 'failed Failed to get withdrawals']));
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });
});
