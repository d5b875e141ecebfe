import type { Db } from './types';

/** Bounds the entries one process keeps (result pages have many keys); past it, start afresh. */
const MAX_ENTRIES = 2000;

interface Entry<T> {
  version: number;
  value: T;
}

/**
 * The value under `key`, built once per change of the public read models and kept in memory
 * (db.changes, fed by LISTEN/NOTIFY from every process). A value built while a change arrived is
 * used once and not kept; while the change feed is down, every call builds.
 */
export async function readThrough<T>(db: Db, key: string, build: () => Promise<T>): Promise<T> {
  const feed = db.changes;
  const version = feed.version('reads');
  const hit = feed.store.get(key) as Entry<T> | undefined;
  if (feed.live && hit && hit.version === version) return hit.value;
  const value = await build();
  if (feed.live && feed.version('reads') === version) {
    if (feed.store.size >= MAX_ENTRIES) feed.store.clear();
    feed.store.set(key, { version, value } satisfies Entry<T>);
  }
  return value;
}
