import { useCallback, useEffect, useState } from 'react';
import { type Envelope, http, messageOf } from './api';

// Every read the console makes goes through this file: `readData` for a one-off read (the
// sign-in, the route guard, a result's preview) and `useRead` for a screen's read. Re-pointing the
// console at the app's unified read hook is a change here and nowhere else.

/** Query parameters of a read, as the server's query schemas take them (strings). */
export type ReadParams = Record<string, string>;

/** GET `path` and answer the envelope's data; a failure throws (messageOf words it). */
export async function readData<T>(path: string, params?: ReadParams): Promise<T> {
  const answer = await http.get(path, { searchParams: params }).json<Envelope<T>>();
  return answer.data;
}

export type Read<T> = {
  data: T | null;
  error: string | null;
  loading: boolean;
  /** Reads again now (after a write the screen made itself). */
  reload: () => Promise<void>;
};

/**
 * A screen's read: a spinner line, its error, or its data. `path` null reads nothing (a screen
 * the role may not use); a new `refreshKey` (a write's version) reads again.
 */
export function useRead<T>(path: string | null, params?: ReadParams, refreshKey = ''): Read<T> {
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
      setState({ data: await readData<T>(path, params), error: null, loading: false });
    } catch (error) {
      setState((s) => ({ ...s, loading: false, error: messageOf(error, 'Could not load') }));
    }
  }, [key]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { ...state, reload };
}

/**
 * A file the server streams (the CSV exports, a backup): read whole with the operator's token (a
 * plain link cannot carry it), with no time limit, reporting the bytes so far; answers the file's
 * contents. Save it with saveBlob.
 */
export async function readFile(
  path: string,
  params: ReadParams,
  onProgress: (bytes: number) => void,
): Promise<Blob> {
  const res = await http.get(path, {
    searchParams: params,
    timeout: false,
    retry: 0,
    onDownloadProgress: (p) => onProgress(p.transferredBytes),
  });
  return res.blob();
}

/**
 * Hands a file read with readFile to the browser as a download named `name` (a phone's browser
 * saves it to Downloads). The object URL lives a minute, long enough for the save to begin.
 */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
