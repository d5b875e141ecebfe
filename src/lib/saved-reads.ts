import { clear, createStore, del, get, keys, set } from 'idb-keyval';

/**
 * The last answer of reads the store does not hold (charts per market, the pages of histories),
 * kept in memory for this page and in IndexedDB for the next launch, so an installed app opened
 * offline (the next day too) shows them with the time they were fetched. Private reads (a player's
 * histories, wallet) are forgotten at logout; public ones (charts) are kept.
 */
export type SavedRead<T> = { data: T; fetchedAt: number };

const memory = new Map<string, SavedRead<unknown>>();
let db: ReturnType<typeof createStore> | null = null;
function store() {
  db ??= createStore('matka-reads', 'reads');
  return db;
}

const PRIVATE = 'private:';

/** The key of a read: `private` for the signed-in player's own data. */
export function readKey(scope: 'public' | 'private', name: string): string {
  return scope === 'private' ? PRIVATE + name : `public:${name}`;
}

/** The copy this page already has, without waiting. */
export function keptRead<T>(key: string): SavedRead<T> | undefined {
  return memory.get(key) as SavedRead<T> | undefined;
}

/** The copy this page has, else the one saved by an earlier launch. */
export async function savedRead<T>(key: string): Promise<SavedRead<T> | undefined> {
  const kept = keptRead<T>(key);
  if (kept) return kept;
  try {
    // Not put back in memory: a read racing a logout must not bring back what it forgets.
    return await get<SavedRead<T>>(key, store());
  } catch {
    return undefined;
  }
}

/** Keeps a fresh answer (IndexedDB failures only cost the next launch its copy). */
export function saveRead<T>(key: string, data: T, now = Date.now()): SavedRead<T> {
  const copy = { data, fetchedAt: now };
  memory.set(key, copy);
  void set(key, copy, store()).catch(() => undefined);
  return copy;
}

/** At logout: the next player on this device must not see the last one's histories. */
export async function forgetPrivateReads(): Promise<void> {
  for (const key of memory.keys()) if (key.startsWith(PRIVATE)) memory.delete(key);
  try {
    const saved = await keys(store());
    await Promise.all(saved.filter((k) => String(k).startsWith(PRIVATE)).map((k) => del(k, store())));
  } catch {
    // Nothing saved, or IndexedDB unavailable.
  }
}

/** Forgets every copy, in memory and saved (tests start from nothing). */
export async function forgetAllReads(): Promise<void> {
  memory.clear();
  try {
    await clear(store());
  } catch {
    // IndexedDB unavailable.
  }
}
