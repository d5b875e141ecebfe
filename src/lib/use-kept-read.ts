import { useEffect, useMemo, useRef, useState } from 'react';
import { isNetworkFailure } from '../api/errors';
import { tCommon } from '../i18n/en/common';
import { emptyLoadable, type Loadable } from '../store/loadable';
import { useNetwork } from './network';
import { keptRead, savedRead, saveRead } from './saved-reads';
import type { Read } from './use-read';

/**
 * A read the screen holds, one `key` per chart or page; its copy kept in saved-reads
 * (lib/saved-reads.ts, memory and IndexedDB `matka-reads`) unless `copy` is 'none'.
 */
export type KeptRead<T> = {
  /** The read's key (readKey); a new key reads again; null while not yet known (nothing is read). */
  key: string | null;
  fetch: () => Promise<T>;
  /**
   * 'at-once': the saved copy shows while the fresh one loads and stays when it fails (charts).
   * 'offline': the last answer stays while the next loads; the saved copy shows only when the
   * network fails (a player's pages). 'none': the same, nothing saved (held by the screen only).
   */
  copy: 'at-once' | 'offline' | 'none';
  /** A number that changes when the read is stale (a live result about it arrived): read again. */
  refresh?: number;
  /**
   * Told as the read goes (a screen that keeps the answer in its own reducer, or toasts failures):
   * before the request, with the answer or the saved copy, with a failure no copy covered.
   */
  on?: { pending?: () => void; done?: (data: T) => void; failed?: (error: unknown) => void };
};

type SavedState<T> = Loadable<T> & { fromCopy: boolean };

function keptCopy<T>(key: string | null): SavedState<T> {
  const copy = key ? keptRead<T>(key) : undefined;
  return {
    ...emptyLoadable<T>(),
    data: copy?.data ?? null,
    fetchedAt: copy?.fetchedAt ?? null,
    loading: key !== null,
    fromCopy: false,
  };
}

/**
 * A failure as the screen shows it. No answer and no saved copy says so plainly ('Offline -
 * nothing saved yet'), not the screen's load failure (issue 39: a screen's "Failed to ..." text
 * read as if something were broken, when the player was only offline).
 */
function failure(error: unknown): { status: false; message: string } {
  if (isNetworkFailure(error)) return { status: false, message: tCommon('offlineNothingSaved') };
  return { status: false, message: error instanceof Error ? error.message : String(error) };
}

/**
 * useRead's other half (lib/use-read.ts): a read the screen holds by key, read again for a new key
 * and when the connection comes back, its copy shown at once or when the network fails.
 * @example const chart = useKeptRead({ key: readKey('public', 'starline'), fetch, copy: 'at-once' })
 */
export function useKeptRead<T>(spec: KeptRead<T>): Read<T> {
  const key = spec.key;
  const copy = spec.copy;
  const [state, setState] = useState<SavedState<T>>(() =>
    copy === 'at-once' ? keptCopy<T>(key) : { ...emptyLoadable<T>(), loading: key !== null, fromCopy: false },
  );
  const revision = useNetwork((s) => s.revision);
  const refresh = spec.refresh ?? 0;
  const current = useRef(spec);
  current.current = spec;

  // Read again for a new key, when the connection comes back (`revision`, lib/network.ts) and
  // when the screen says the copy is stale (`refresh`).
  // biome-ignore lint/correctness/useExhaustiveDependencies: revision and refresh are the signals to read again
  useEffect(() => {
    const s = current.current;
    if (key === null) return;
    let live = true;
    let answered = false;
    if (copy === 'at-once') {
      setState(keptCopy<T>(key));
      void savedRead<T>(key).then((saved) => {
        if (!saved || !live || answered) return;
        setState((now) =>
          now.data === null ? { ...now, data: saved.data, fetchedAt: saved.fetchedAt } : now,
        );
      });
    } else {
      // The list shown stays until the next page arrives.
      setState((now) => ({ ...now, loading: true, error: null }));
    }
    s.on?.pending?.();
    s.fetch().then(
      (data) => {
        answered = true;
        const fetchedAt = copy === 'none' ? Date.now() : saveRead(key, data).fetchedAt;
        if (!live) return;
        setState({ ...emptyLoadable<T>(), data, fetchedAt, fromCopy: false });
        current.current.on?.done?.(data);
      },
      async (error: unknown) => {
        const saved = copy === 'offline' && isNetworkFailure(error) ? await savedRead<T>(key) : undefined;
        if (!live) return;
        if (saved) {
          setState({ ...emptyLoadable<T>(), data: saved.data, fetchedAt: saved.fetchedAt, fromCopy: true });
          current.current.on?.done?.(saved.data);
          return;
        }
        setState((now) => ({ ...now, loading: false, error: failure(error) }));
        current.current.on?.failed?.(error);
      },
    );
    return () => {
      live = false;
    };
  }, [key, copy, revision, refresh]);

  return useMemo(() => {
    const { fromCopy, ...loadable } = state;
    const offline = copy === 'at-once' ? state.error !== null && state.data !== null : fromCopy;
    return { ...loadable, offline };
  }, [state, copy]);
}
