import { del, get, set } from 'idb-keyval';
import type { StateStorage } from 'zustand/middleware';

/** zustand's persist storage on IndexedDB (idb-keyval's default database). */
export const idbStorage: StateStorage = {
  getItem: async (name) => (await get<string>(name)) ?? null,
  setItem: async (name, value) => {
    await set(name, value);
  },
  removeItem: async (name) => {
    await del(name);
  },
};
