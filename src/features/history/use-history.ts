import { useMemo, useState } from 'react';
import type { HistoryFilter } from '../../api/history';
import type { Page } from '../../api/paged';
import type { Family } from '../../contracts/common';
import { marketDayOf } from '../../domain/market-time';
import { useMarketTz } from '../../lib/market-tz';
import { readKey } from '../../lib/saved-reads';
import { useKeptRead } from '../../lib/use-kept-read';
import { pickedDate } from './history-format';

type ReadState<T> = {
  data: Page<T> | null;
  loading: boolean;
  error: string | null;
  /** The read failed and the copy saved earlier is on screen (lib/saved-reads.ts). */
  fetchedAt?: number | null;
};

export type History<T> = ReadState<T> & {
  today: string;
  date: string;
  page: number;
  setDate: (value: string) => void;
  setPage: (page: number) => void;
};

/**
 * One paged history of one family: the picked date (default today in the market zone), the page
 * (back to 1 when the date or the family changes) and the read for them.
 */
export function useHistory<T>(
  name: 'bids' | 'wins',
  family: Family,
  fetcher: (f: HistoryFilter) => Promise<Page<T>>,
): History<T> {
  const tz = useMarketTz();
  // Today when the screen opens, again if the server's zone arrives after it.
  const today = useMemo(() => marketDayOf(new Date(), tz), [tz]);
  const [picked, setDateState] = useState<string | null>(null);
  const date = picked ?? today;
  const [paging, setPaging] = useState({ family, date, page: 1 });
  const page = paging.family === family && paging.date === date ? paging.page : 1;
  // The player's own pages, kept for offline (and forgotten at logout).
  const read = useKeptRead<Page<T>>({
    key: readKey('private', `${name}:${family}:${date}:${page}`),
    fetch: () => fetcher({ date, marketType: family, page }),
    copy: 'offline',
  });
  // A failure with no saved copy empties the table: rows of another date must not stand under it.
  const state: ReadState<T> = {
    data: read.error ? null : read.data,
    loading: read.loading,
    error: read.error?.message ?? null,
    fetchedAt: read.offline ? read.fetchedAt : undefined,
  };

  return {
    ...state,
    today,
    date,
    page,
    setDate: (value) => setDateState(pickedDate(value, today)),
    setPage: (p) => setPaging({ family, date, page: p }),
  };
}
