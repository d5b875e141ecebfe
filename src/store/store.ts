import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { User } from '../api/types';
import type { Lang } from '../i18n/languages';
import { setUpApi } from '../lib/api-setup';
import type { AppState } from './app-state';
import { createAuthSlice } from './auth-slice';
import { CACHE_KEYS, type Cache, createCacheSlice, emptyCache } from './cache-slice';
import { createGameSlice } from './game-slice';
import { idbPersistStorage } from './idb-storage';
import { createLanguageSlice } from './language-slice';
import { savedPart } from './loadable';
import { getToken } from './token';

// The client reads the token this store's slices keep, the language and the network watch: handed
// in once, before any screen can call the server (src/api imports nothing above itself).
setUpApi();

export const STORE_NAME = 'matka-store';
export const STORE_VERSION = 1;

/** The saved part of the store: who is signed in and the last copy of each read. */
type PersistedState = {
  user: User | null;
  userFetchedAt: number | null;
  cache: Partial<Record<keyof Cache, { data: unknown; fetchedAt: number | null; etag: string | null }>>;
  /** Issue 22: the chosen language and whether the server still has to hear it (absent before). */
  language?: Lang;
  languagePending?: boolean;
};

export function partialize(state: AppState): PersistedState {
  const cache: PersistedState['cache'] = {};
  for (const key of CACHE_KEYS) cache[key] = savedPart<unknown>(state.cache[key]);
  return {
    user: state.user,
    userFetchedAt: state.userFetchedAt,
    cache,
    language: state.language,
    languagePending: state.languagePending,
  };
}

/**
 * Upgrades a saved state from an older version. Version 0 (no version) kept no cache shape we
 * trust, so only the user survives.
 */
export function migrate(saved: unknown, version: number): PersistedState {
  const s = (saved ?? {}) as Partial<PersistedState>;
  if (version < 1) return { user: s.user ?? null, userFetchedAt: null, cache: {} };
  return { ...s, user: s.user ?? null, userFetchedAt: s.userFetchedAt ?? null, cache: s.cache ?? {} };
}

/** Saved reads merge into fresh loadables so loading flags and errors always start clear. */
function merge(saved: unknown, current: AppState): AppState {
  const s = (saved ?? {}) as Partial<PersistedState>;
  const cache = emptyCache();
  for (const key of CACHE_KEYS) {
    const part = s.cache?.[key];
    if (part)
      Object.assign(cache[key], { data: part.data, fetchedAt: part.fetchedAt, etag: part.etag ?? null });
  }
  // localStorage is the source of truth for the token: without it the saved user is stale.
  const token = getToken();
  const user = token ? (s.user ?? null) : null;
  return {
    ...current,
    cache,
    token,
    user,
    userFetchedAt: user ? (s.userFetchedAt ?? null) : null,
    isAuthenticated: token !== null,
    // The device's synchronous copy (i18n/core.ts) is what the screens show: the store follows it.
    language: current.language,
    languagePending: s.languagePending === true,
  };
}

export const useAppStore = create<AppState>()(
  persist(
    (...a) => ({
      ...createAuthSlice(...a),
      ...createCacheSlice(...a),
      ...createGameSlice(...a),
      ...createLanguageSlice(...a),
    }),
    {
      name: STORE_NAME,
      version: STORE_VERSION,
      storage: idbPersistStorage<PersistedState>(),
      partialize,
      migrate,
      merge,
    },
  ),
);
