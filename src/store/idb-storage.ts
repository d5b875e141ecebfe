import { del, get, set } from 'idb-keyval';
import type { PersistStorage, StorageValue } from 'zustand/middleware';

/** How long the store's changes gather before one write (a poll makes two or three changes). */
export const SAVE_DELAY_MS = 250;

/**
 * zustand's persist storage on IndexedDB (idb-keyval's default database), kept as a structured
 * object (no JSON string to build on every change) and written at most once per SAVE_DELAY_MS:
 * every store change used to serialize the whole saved state, which showed as main-thread time on
 * a slow phone. Pending changes are written at once when the page is hidden or closed.
 */
let flushAll: () => Promise<void> = async () => undefined;

/** Writes what the store has not written yet (tests, and anything that reads IndexedDB directly). */
export function flushSavedStore(): Promise<void> {
  return flushAll();
}

export function idbPersistStorage<S>(): PersistStorage<S> {
  let pending: { name: string; value: StorageValue<S> } | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let writing: Promise<void> = Promise.resolve();

  const flush = (): Promise<void> => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
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
      pending = { name, value };
      timer ??= setTimeout(() => void flush(), SAVE_DELAY_MS);
    },
    removeItem: async (name) => {
      if (pending?.name === name) pending = null;
      await flush();
      await del(name);
    },
  };
}
