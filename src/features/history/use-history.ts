import { useEffect, useMemo, useState } from 'react';
import type { HistoryFilter } from '../../api/history';
import type { Page } from '../../api/paged';
import type { Family } from '../../contracts/common';
import { marketDayOf } from '../../domain/market-time';
import { useMarketTz } from '../../lib/market-tz';
import { pickedDate } from './history-format';

type ReadState<T> = { data: Page<T> | null; loading: boolean; error: string | null };

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
export function useHistory<T>(family: Family, fetcher: (f: HistoryFilter) => Promise<Page<T>>): History<T> {
  const tz = useMarketTz();
  // Today when the screen opens, again if the server's zone arrives after it.
  const today = useMemo(() => marketDayOf(new Date(), tz), [tz]);
  const [picked, setDateState] = useState<string | null>(null);
  const date = picked ?? today;
  const [paging, setPaging] = useState({ family, date, page: 1 });
  const page = paging.family === family && paging.date === date ? paging.page : 1;
  const [state, setState] = useState<ReadState<T>>({ data: null, loading: true, error: null });

  // biome-ignore lint/correctness/useExhaustiveDependencies: fetchers are module functions, stable by nature
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true, error: null }));
    fetcher({ date, marketType: family, page }).then(
      (data) => {
        if (live) setState({ data, loading: false, error: null });
      },
      (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        if (live) setState({ data: null, loading: false, error: message });
      },
    );
    return () => {
      live = false;
    };
  }, [family, date, page]);

  return {
    ...state,
    today,
    date,
    page,
    setDate: (value) => setDateState(pickedDate(value, today)),
    setPage: (p) => setPaging({ family, date, page: p }),
  };
}
