import { useEffect, useMemo, useState } from 'react';
import { isNetworkFailure } from '../../api/errors';
import type { HistoryFilter } from '../../api/history';
import type { Page } from '../../api/paged';
import type { Family } from '../../contracts/common';
import { marketDayOf } from '../../domain/market-time';
import { useMarketTz } from '../../lib/market-tz';
import { useNetwork } from '../../lib/network';
import { readKey, savedRead, saveRead } from '../../lib/saved-reads';
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
  const [state, setState] = useState<ReadState<T>>({ data: null, loading: true, error: null });
  const revision = useNetwork((s) => s.revision);

  // biome-ignore lint/correctness/useExhaustiveDependencies: fetchers are module functions, stable by nature
  useEffect(() => {
    let live = true;
    // The player's own pages, kept for offline (and forgotten at logout).
    const key = readKey('private', `${name}:${family}:${date}:${page}`);
    setState((s) => ({ ...s, loading: true, error: null }));
    fetcher({ date, marketType: family, page }).then(
      (data) => {
        saveRead(key, data);
        if (live) setState({ data, loading: false, error: null });
      },
      async (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        const copy = isNetworkFailure(error) ? await savedRead<Page<T>>(key) : undefined;
        if (!live) return;
        if (copy) setState({ data: copy.data, loading: false, error: null, fetchedAt: copy.fetchedAt });
        else setState({ data: null, loading: false, error: message });
      },
    );
    return () => {
      live = false;
    };
  }, [family, date, page, revision]);

  return {
    ...state,
    today,
    date,
    page,
    setDate: (value) => setDateState(pickedDate(value, today)),
    setPage: (p) => setPaging({ family, date, page: p }),
  };
}
