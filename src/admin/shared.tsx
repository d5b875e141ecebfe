import { useCallback, useEffect, useState } from 'react';
import { marketDayOf } from '../domain/market-time';
import { DEFAULT_MARKET_TZ } from '../domain/market-zone';
import { get, messageOf, send } from './api';

// What every console screen uses: reads, their status lines, notices, the market day.

export type Family = 'main' | 'starline' | 'galidisawar';
export type Game = {
  _id: string;
  gameName: string;
  openTime: string;
  closeTime?: string | null;
  isActive?: boolean;
};

/** A read that shows a spinner line, its error, or its data; `reload` reads again. */
export function useRead<T>(path: string | null, params?: Record<string, string>, refreshKey = '') {
  const [state, setState] = useState<{ data: T | null; error: string | null; loading: boolean }>({
    data: null,
    error: null,
    loading: path !== null,
  });
  const key = JSON.stringify([path, params, refreshKey]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names the path and its params
  const reload = useCallback(async () => {
    if (path === null) return;
    setState((s) => ({ ...s, loading: true, error: null }));
    try {
      const r = await get<T>(path, params);
      setState({ data: r.data, error: null, loading: false });
    } catch (error) {
      setState((s) => ({ ...s, loading: false, error: messageOf(error, 'Could not load') }));
    }
  }, [key]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { ...state, reload };
}

export function Status({ loading, error }: { loading: boolean; error: string | null }) {
  if (error) return <ErrorLine text={error} />;
  return loading ? <p className="muted">Loading...</p> : null;
}

export function ErrorLine({ text }: { text: string | null }) {
  return text ? (
    <p role="alert" className="error">
      {text}
    </p>
  ) : null;
}

export function Notice({ text }: { text: string | null }) {
  return text ? (
    <p role="status" className="notice">
      {text}
    </p>
  ) : null;
}

/** Today in the market zone (the server's MARKET_TZ), as YYYY-MM-DD. */
export function useMarketToday(): string {
  const config = useRead<{ marketTz: string }>('config');
  return marketDayOf(new Date(), config.data?.marketTz ?? DEFAULT_MARKET_TZ);
}

export const GAME_PATHS: Record<Family, string> = {
  main: 'admin/main-games',
  starline: 'admin/starline-games',
  galidisawar: 'admin/galidisawar-games',
};

export type Person = { _id: string; name: string; phone: string };

/**
 * An operator's write on a screen: what it did (or the server's message, word for word) for the
 * screen to show, and a version that moves on each success so the screen's reads read again.
 */
export function useWrite() {
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const write = async (
    method: 'post' | 'put' | 'patch' | 'delete',
    path: string,
    body: unknown,
    text: string,
  ): Promise<boolean> => {
    setError(null);
    try {
      await send(method, path, body);
      setNote(text);
      setVersion((v) => v + 1);
      return true;
    } catch (err) {
      setError(messageOf(err));
      return false;
    }
  };
  return { note, error, version: String(version), write };
}
