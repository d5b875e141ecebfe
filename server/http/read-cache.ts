import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { Db } from '../db/types';
import type { AppEnv } from './types';

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

interface Serialized {
  text: string;
  etag: string;
}

function serialize(body: unknown): Serialized {
  const text = JSON.stringify(body);
  return { text, etag: `W/"${createHash('sha1').update(text).digest('base64url')}"` };
}

/** 304 when the client holds this ETag, else the JSON text; either way revalidated every time. */
export function sendWithEtag(c: Context<AppEnv>, { text, etag }: Serialized) {
  c.header('ETag', etag);
  c.header('Cache-Control', 'no-cache');
  const match = c.req.header('if-none-match');
  if (match?.split(',').some((t) => t.trim() === etag)) return c.body(null, 304);
  return c.body(text, 200, { 'Content-Type': 'application/json' });
}

/**
 * A public read answered from memory: the success envelope around `build()`, serialized once with
 * its ETag per change. A repeat poll costs a map lookup and, with If-None-Match, a bodiless 304.
 */
export async function cachedOk(c: Context<AppEnv>, key: string, build: () => Promise<unknown>) {
  const { db } = c.get('deps');
  const body = await readThrough(db, `body:${key}`, async () =>
    serialize({ status: true, message: 'Success', data: await build() }),
  );
  return sendWithEtag(c, body);
}

/** The same for an answer that is not cached (the feed is down or the key is per player). */
export function okWithEtag(c: Context<AppEnv>, body: unknown) {
  return sendWithEtag(c, serialize(body));
}
