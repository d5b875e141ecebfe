import { del, get, set } from 'idb-keyval';
import type { PersistStorage, StorageValue } from 'zustand/middleware';

/**
 * zustand's persist storage on IndexedDB (idb-keyval's default database), kept as a structured
 * object (no JSON string to build on every change), and written once per task: changes made
 * together (a sign-in sets the token, the user and their flags) are one write, started before the
 * task ends so a navigation right after cannot lose it (a longer delay did: the next page read the
 * user from before a change). Anything still pending is written when the page is hidden or closed.
 */
let flushAll: () => Promise<void> = async () => undefined;

/** Writes what the store has not written yet (tests, and anything that reads IndexedDB directly). */
export function flushSavedStore(): Promise<void> {
  return flushAll();
}

export function idbPersistStorage<S>(): PersistStorage<S> {
  let pending: { name: string; value: StorageValue<S> } | null = null;
  let writing: Promise<void> = Promise.resolve();

  const flush = (): Promise<void> => {
    const next = pending;
    pending = null;
    if (next) writing = writing.then(() => set(next.name, next.value)).catch(() => undefined);
    return writing;
  };
  flushAll = flush;
  if (typeof window !== 'undefined') {
    window.addEventListener('pagehide', () => void flush());
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') void flush();
    });
  }

  return {
    getItem: async (name) => {
      if (pending?.name === name) return pending.value;
      const saved = await get<StorageValue<S> | string>(name);
      if (saved === undefined || saved === null) return null;
      // Versions before this one saved a JSON string.
      return typeof saved === 'string' ? (JSON.parse(saved) as StorageValue<S>) : saved;
    },
    setItem: (name, value) => {
      const first = pending === null;
      pending = { name, value };
      if (first) queueMicrotask(() => void flush());
    },
    removeItem: async (name) => {
      if (pending?.name === name) pending = null;
      await flush();
      await del(name);
    },
  };
}
